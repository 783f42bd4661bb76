import { useState, useSyncExternalStore } from 'react';

// The base's use (%) in the page list, measured on the canvas after it changed. Kept outside the
// screen's state: a new figure, set while React commits the canvas, re-renders the figure alone
// rather than the whole screen a second time.

export interface Capacity {
  get: () => number;
  set: (percent: number) => void;
  subscribe: (listener: () => void) => () => void;
}

function createCapacity(): Capacity {
  let percent = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => percent,
    set: (next) => {
      if (next === percent) return;
      percent = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One capacity for the screen's lifetime. */
export const useCapacityStore = (): Capacity => useState(createCapacity)[0];

/** The current figure, re-rendering its reader when it changes. */
export const useCapacity = (capacity: Capacity): number => useSyncExternalStore(capacity.subscribe, capacity.get);
