import type { PageComponents } from '../page-blocks';

// Edits copy the whole page (page-edits.ts), so after one every block is a new object even where
// nothing changed. Handing the unchanged ones back as the previous page's objects lets the editor
// skip them by identity: a memoised row re-renders only when its block changed (or its number).

type Json = Record<string, unknown> | unknown[];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const idOf = (value: unknown): string | undefined => (isObject(value) && !Array.isArray(value) && typeof value.id === 'string' ? value.id : undefined);

/**
 * `next` with every part equal in value to the part of `previous` at the same place replaced by
 * that part: list entries with an id are matched by id (rows after an inserted or removed one
 * still match; a block moved into another list is new there), others by position. Only the page
 * object itself is changed in place — an edit's result is always a new one — so a caller holding
 * it keeps its identity; below it, a part that differs is copied, never changed, and `previous`
 * is never changed. Equal in value to `next` as it came in.
 */
export function shareUnchanged(previous: PageComponents, next: PageComponents): PageComponents {
  if (previous === next) return next;
  const page = next as unknown as Record<string, unknown>;
  const before = previous as unknown as Record<string, unknown>;
  for (const key of Object.keys(page)) page[key] = share(before[key], page[key]);
  return next;
}

/** `previous` when equal in value to `next`; else `next`, or a copy of it whose parts are shared where equal. */
function share(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  if (!isObject(previous) || !isObject(next) || Array.isArray(previous) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    const byId = new Map<string, unknown>();
    for (const item of before) {
      const id = idOf(item);
      if (id !== undefined) byId.set(id, item);
    }
    const shared = next.map((item, i) => {
      const id = idOf(item);
      return share(id === undefined ? before[i] : byId.get(id), item);
    });
    if (shared.length === before.length && shared.every((item, i) => item === before[i])) return previous;
    return shared.every((item, i) => item === next[i]) ? next : shared;
  }
  const before = previous as Record<string, unknown>;
  const entries = Object.entries(next).map(([key, value]) => [key, share(before[key], value)] as const);
  if (entries.length === Object.keys(before).length && entries.every(([key, value]) => key in before && value === before[key])) return previous;
  return entries.every(([key, value]) => value === next[key]) ? next : Object.fromEntries(entries);
}
