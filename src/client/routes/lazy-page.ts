import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for pages exported by name (the house has no default exports), so every route
 * page, and later the editor, loads as its own chunk.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
