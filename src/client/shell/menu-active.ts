// Which side-menu entry the current route belongs to, for highlighting.

export interface MenuChild {
  id: number;
  name: string;
  redirect: string;
}

export interface MenuEntry extends MenuChild {
  icon: string | null;
  children: MenuChild[];
}

/** A redirect matches its own path and the pages below it (/cards/lists matches /cards/lists/2). */
export function matchesPath(redirect: string, pathname: string): boolean {
  const base = redirect.replace(/\/+$/, '');
  if (base === '') return pathname === '/';
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** An entry is active when its own redirect or one of its children's matches. */
export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.children.length === 0) return matchesPath(entry.redirect, pathname);
  return entry.children.some((child) => matchesPath(child.redirect, pathname)) || matchesPath(entry.redirect, pathname);
}

/** The child to highlight: the longest matching redirect, so /cards/lists/print wins over /cards/lists. */
export function activeChildId(entry: MenuEntry, pathname: string): number | undefined {
  let best: MenuChild | undefined;
  for (const child of entry.children) {
    if (matchesPath(child.redirect, pathname) && (!best || child.redirect.length > best.redirect.length)) best = child;
  }
  return best?.id;
}
