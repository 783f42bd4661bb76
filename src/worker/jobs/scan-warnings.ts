import type { Db } from '../../data/db/database';
import { pageReadingsOfBatch } from '../../data/repos/scan.repo';
import { ZPageReading } from '../../scan/page-reading';
import { scannedTwiceOf } from './scan-stack';

/**
 * What a batch's pages tell the user about the scan as a whole (docs/scan-batches.md "Warnings"),
 * stored on the batch as JSON [{kind, pages}] and shown translated (catalogue `scan.flag.<kind>`)
 * on the screen and in legacy `get scanBatch`: pages scanned in black-and-white (light pencil may
 * be lost: scan again in grey), at a low resolution, with a doubtful or unverified page transform,
 * a question with every option marked, pages of another document, pages scanned twice.
 */
export const WARNING_KINDS = ['bilevel', 'low-dpi', 'transform-unverified', 'marks-residual', 'three-marks', 'all-marked', 'other-document', 'scanned-twice'] as const;
export type BatchWarning = { kind: (typeof WARNING_KINDS)[number]; pages: number[] };

export function batchWarnings(pages: readonly { index: number; flags: readonly string[] }[]): BatchWarning[] {
  const out: BatchWarning[] = [];
  for (const kind of WARNING_KINDS) {
    const hit = pages.filter((p) => p.flags.includes(kind)).map((p) => p.index).sort((a, b) => a - b);
    if (hit.length) out.push({ kind, pages: hit });
  }
  return out;
}

/**
 * The warnings of a batch from its stored pages (also those read by an earlier attempt or another
 * part of the job): their readings' flags, and the stack's order (scan-stack.ts: `scanned-twice`
 * lists the earlier scans of a page scanned again later in the upload).
 */
export async function batchWarningsOf(db: Db, batchId: number): Promise<BatchWarning[]> {
  const rows = await pageReadingsOfBatch(db, batchId);
  const twice = new Set(await scannedTwiceOf(db, batchId));
  return batchWarnings(
    rows.map((r) => {
      const parsed = ZPageReading.safeParse(JSON.parse(r.reading));
      const flags = parsed.success ? parsed.data.flags : [];
      return { index: r.page_index, flags: twice.has(r.page_index) ? [...flags, 'scanned-twice'] : flags };
    }),
  );
}
