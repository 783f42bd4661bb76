import { BLOCK_HEIGHT_PX } from '../../../shared/card/constants';

/**
 * Px still free in the page's base: its inner height less what its rows take, measured on the
 * canvas (so it follows the renderer and the layout guard exactly). A page without a base yet
 * gets the whole of the base it will receive.
 */
export function baseRoom(scope: ParentNode, page: number): number {
  const base = scope.querySelector<HTMLElement>('.acs-base');
  if (!base) return (page === 1 ? BLOCK_HEIGHT_PX.firstBase : BLOCK_HEIGHT_PX.otherBase) - 2;
  return freeRoom(base);
}

/** Px free below the last row of an area of fixed height (a base, a split cell, a free-answer area). */
export function freeRoom(area: HTMLElement): number {
  const top = area.getBoundingClientRect().top + area.clientTop;
  let used = 0;
  for (const child of Array.from(area.children)) {
    if (getComputedStyle(child).position === 'absolute') continue;
    used = Math.max(used, child.getBoundingClientRect().bottom - top);
  }
  return Math.max(0, Math.floor(area.clientHeight - used));
}

/** Share of the base its rows take, 0–100 (the capacity shown in the status line). */
export function baseUsedPercent(scope: ParentNode, page: number): number {
  const base = scope.querySelector<HTMLElement>('.acs-base');
  if (!base || base.clientHeight === 0) return 0;
  return Math.round(((base.clientHeight - baseRoom(scope, page)) / base.clientHeight) * 100);
}
