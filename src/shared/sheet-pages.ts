/**
 * Which stored scan pages are the same page of the same sheet, and which of them counts: the one
 * rule behind a batch's 「重複掃描」 stack warning (src/worker/jobs/scan-stack.ts), the answers per
 * student (src/core/services/scan/student-answers.ts) and review's rescans (docs/scan-batches.md
 * "Stack order", "Rescans"). The later scan of a page wins; the earlier ones are its duplicates.
 */

/** Statuses of a page of the card that belongs to someone (a blank back, another document or card, a key sheet do not). */
export const SHEET_PAGE_STATUSES: ReadonlySet<string> = new Set(['read', 'review', 'unidentified']);

export interface SheetPage {
  status: string;
  student_id: number | null;
  card_page: number | null;
  /** A blank copy's number (列印空白卷), when the page has no student yet. */
  copy_no?: number | null;
  /** Review set the page aside (a discarded rescan): it is no one's page any more. */
  discarded?: number | boolean | null;
}

/**
 * The sheet page a stored page is — `s<student>/<card page>`, or with `copies` also a blank copy's
 * `c<copy>/<card page>` — or null when it is nobody's page of the card.
 */
export function sheetPageKey(page: SheetPage, copies = false): string | null {
  if (page.discarded || page.card_page === null || !SHEET_PAGE_STATUSES.has(page.status)) return null;
  if (page.student_id !== null) return `s${page.student_id}/${page.card_page}`;
  if (copies && page.copy_no != null) return `c${page.copy_no}/${page.card_page}`;
  return null;
}

/**
 * Walks `pages` in scan order (earliest first) and calls `each` with every page of a sheet and the
 * scan of the same sheet page before it, if any; returns the last scan of each sheet page (the
 * winners, in order of their first scan) and the earlier scans they replaced (in scan order).
 */
export function laterScans<P extends SheetPage>(pages: readonly P[], options: { copies?: boolean; each?: (page: P, earlier: P | undefined) => void } = {}): { winners: P[]; earlier: P[] } {
  const last = new Map<string, P>();
  const earlier: P[] = [];
  for (const page of pages) {
    const key = sheetPageKey(page, options.copies);
    if (key === null) continue;
    const before = last.get(key);
    options.each?.(page, before);
    if (before) earlier.push(before);
    last.set(key, page);
  }
  return { winners: [...last.values()], earlier };
}
