import type { PageComponents } from '../page-blocks';

// Edits copy the whole page (page-edits.ts), so after one every block is a new object even where
// nothing changed. Handing the unchanged ones back as the previous page's objects lets the editor
// skip them by identity: a memoised row re-renders only when its block changed (or its number).

type Json = Record<string, unknown> | unknown[];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const idOf = (value: unknown): string | undefined => (isObject(value) && !Array.isArray(value) && typeof value.id === 'string' ? value.id : undefined);

/**
 * `next` with every part equal in value to the part of `previous` at the same place replaced by
 * that part (list entries are matched by id, so rows after an inserted or removed one still
 * match). `next` is changed in place and returned, so a caller holding it keeps its identity;
 * `previous` is never changed. Equal in value to `next` as it came in.
 */
export function shareUnchanged(previous: PageComponents, next: PageComponents): PageComponents {
  if (previous !== next) share(previous, next);
  return next;
}

/** `previous` when equal in value to `next`; otherwise `next`, its parts shared where equal. */
function share(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  if (!isObject(previous) || !isObject(next) || Array.isArray(previous) !== Array.isArray(next)) return next;
  let same = true;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    const byId = new Map<string, unknown>();
    for (const item of before) {
      const id = idOf(item);
      if (id !== undefined) byId.set(id, item);
    }
    if (before.length !== next.length) same = false;
    for (let i = 0; i < next.length; i++) {
      const id = idOf(next[i]);
      const shared = share(id !== undefined && byId.has(id) ? byId.get(id) : before[i], next[i]);
      next[i] = shared;
      if (shared !== before[i]) same = false;
    }
    return same ? previous : next;
  }
  const before = previous as Record<string, unknown>;
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(before).length) same = false;
  for (const key of keys) {
    const shared = share(before[key], next[key]);
    next[key] = shared;
    if (shared !== before[key] || !(key in before)) same = false;
  }
  return same ? previous : next;
}
