/** Catalogues written as `key: [tw, en]` pairs, split into the two languages' objects. */
export function splitPairs<T extends Record<string, readonly [string, string]>>(pairs: T) {
  const pick = (i: 0 | 1) => Object.fromEntries(Object.entries(pairs).map(([k, v]) => [k, v[i]]));
  return {
    tw: pick(0) as { [K in keyof T]: T[K][0] },
    en: pick(1) as Record<keyof T, string>,
  };
}
