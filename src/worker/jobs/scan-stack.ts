import type { Db } from '../../data/db/database';
import { stackPagesOfBatch } from '../../data/repos/scan.repo';

/**
 * Stack order (docs/scan-batches.md "Stack order"): what the order of an upload's pages tells,
 * computed from the batch's stored page rows alone — so it holds however the job is split (one
 * job, or page-range parts stored in any order), and is computed once, when the batch ends.
 *
 * A page scanned twice in one upload — the same student's (or the same blank copy's) same card
 * page — is read both times; the later one (higher page index) counts and the earlier ones are
 * listed here and set aside by the answers (student-answers.ts `latestPages`), review listing an
 * earlier scan whose marks differ. A shuffled stack needs nothing: each page says whose it is.
 */

export type StackPage = { index: number; status: string; student_id: number | null; copy_no: number | null; card_page: number | null };

/** Statuses of a page of the card that belongs to someone (a blank back, another document or card, a key sheet do not). */
const SHEET = new Set(['read', 'review', 'unidentified']);

/** The earlier scans of a page scanned again later in the same upload, by page index (ascending). */
export function scannedTwice(pages: readonly StackPage[]): number[] {
  const latest = new Map<string, number>();
  const earlier: number[] = [];
  for (const page of [...pages].sort((a, b) => a.index - b.index)) {
    if (!SHEET.has(page.status) || page.card_page === null) continue;
    const who = page.student_id !== null ? `s${page.student_id}` : page.copy_no !== null ? `c${page.copy_no}` : null;
    if (!who) continue;
    const key = `${who}/${page.card_page}`;
    const before = latest.get(key);
    if (before !== undefined) earlier.push(before);
    latest.set(key, page.index);
  }
  return earlier.sort((a, b) => a - b);
}

/** The same over a batch's stored rows. */
export async function scannedTwiceOf(db: Db, batchId: number): Promise<number[]> {
  const rows = await stackPagesOfBatch(db, batchId);
  return scannedTwice(rows);
}
