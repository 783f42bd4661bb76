import type { Db } from '../../data/db/database';
import { stackPagesOfBatch } from '../../data/repos/scan.repo';
import { laterScans } from '../../shared/sheet-pages';

/**
 * Stack order (docs/scan-batches.md "Stack order"): what the order of an upload's pages tells,
 * computed from the batch's stored page rows alone — so it holds however the job is split (one
 * job, or page-range parts stored in any order), and is computed once, when the batch ends.
 *
 * A page scanned twice in one upload — the same student's (or the same blank copy's) same card
 * page — is read both times; the later one (higher page index) counts and the earlier ones are
 * listed here and set aside by the answers (the one rule: src/shared/sheet-pages.ts), review listing an
 * earlier scan whose marks differ. A shuffled stack needs nothing: each page says whose it is.
 */

export type StackPage = { index: number; status: string; student_id: number | null; copy_no: number | null; card_page: number | null };

/** The earlier scans of a page scanned again later in the same upload, by page index (ascending). */
export function scannedTwice(pages: readonly StackPage[]): number[] {
  const { earlier } = laterScans([...pages].sort((a, b) => a.index - b.index), { copies: true });
  return earlier.map((page) => page.index).sort((a, b) => a - b);
}

/** The same over a batch's stored rows. */
export async function scannedTwiceOf(db: Db, batchId: number): Promise<number[]> {
  const rows = await stackPagesOfBatch(db, batchId);
  return scannedTwice(rows);
}
