import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content hidden to the left (scrolled) / to the right (more to see). */
  left: boolean;
  right: boolean;
}

/** Which sides of a horizontally scrolling box hide content; follows scrolling and resizing. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // 1 px of slack: zoomed layouts report fractional widths.
      const next = { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
      setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return edges;
}
