import { z } from 'zod';

/**
 * A job of a scan batch (docs/scan-batches.md "Parts"): with `part`, the reading of that page range
 * of the batch (its row in scan_batch_parts); without, the batch's finish step, queued once its
 * last part is read. Everything else is read from MySQL.
 */
export const ZScanBatchJob = z.object({ batchId: z.number().int().positive(), part: z.number().int().positive().optional() });
export type TScanBatchJob = z.infer<typeof ZScanBatchJob>;

/** One job per part, and one finish job per batch, so queueing either twice adds nothing. */
export const scanPartJobId = (batchId: number, part: number): string => `scan-${batchId}-p${part}`;
export const scanFinishJobId = (batchId: number): string => `scan-${batchId}-finish`;

/** Pages a part reads at most (SCAN_PART_PAGES): a small batch of another school waits one part at most. */
export const DEFAULT_SCAN_PART_PAGES = 32;

/** Parts a batch's last `partPages` pages are cut into, when the batch has more than four times that. */
const TAIL_PARTS = 4;

/**
 * A batch of `pages` pages as parts of at most `partPages` pages, evenly sized: 64 → 32 + 32,
 * 100 → 25 + 25 + 25 + 25. A batch of more than four times `partPages` ends in TAIL_PARTS small parts
 * (its last `partPages` pages, 8 each by default: 1,000 → 31 parts of 31–32, then 4 of 8): workers
 * reading one big batch together then finish within a small part of each other, not a whole part
 * (≈ 2 s at 16 pages/s) — docs/scan-batches.md "Parts".
 */
export function splitPages(pages: number, partPages: number): { first: number; last: number }[] {
  const total = Math.max(1, pages);
  const size = Math.max(1, partPages);
  const tail = total > 4 * size && size >= TAIL_PARTS ? size : 0;
  const body = total - tail;
  const count = Math.ceil(body / size);
  const even = (n: number, from: number, length: number) => Array.from({ length: n }, (_, i) => ({ first: from + Math.floor((i * length) / n), last: from - 1 + Math.floor(((i + 1) * length) / n) }));
  return [...even(count, 1, body), ...(tail ? even(TAIL_PARTS, body + 1, tail) : [])];
}

/** The uploaded file, as stored. */
export const scanFileKey = (clientId: number, batchId: number): string => `scans/${clientId}/${batchId}/upload`;

/** Each page's greyscale image (JPEG), for the review crops and a student's sheets; fixed by batch and index, so a re-run overwrites it. */
export const scanPageImageKey = (clientId: number, batchId: number, index: number): string => `scans/${clientId}/${batchId}/page-${index}.jpg`;


/** The crop of written question q of a stored page image, at ≥ 150 dpi (written-crops.ts, docs/grading.md). */
export const writtenCropKey = (imageKey: string, q: number): string => `${imageKey}.w${q}.jpg`;
