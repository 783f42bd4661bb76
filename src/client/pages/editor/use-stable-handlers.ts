import { useLayoutEffect, useRef, useState } from 'react';

type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * Handlers of one identity for the component's lifetime, each calling the latest of the ones
 * given: a memoised panel (palette, top bar, layers) then skips the screen's re-renders, although
 * the screen makes new handlers on each. Called only from events, after the render they came with.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [stable] = useState(() => Object.fromEntries(Object.keys(handlers).map((key) => [key, (...args: never[]) => latest.current[key](...args)])) as T);
  return stable;
}
