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

/** A batch of `pages` pages as parts of at most `partPages` pages, evenly sized: 100 → 25 + 25 + 25 + 25. */
export function splitPages(pages: number, partPages: number): { first: number; last: number }[] {
  const total = Math.max(1, pages);
  const count = Math.ceil(total / Math.max(1, partPages));
  return Array.from({ length: count }, (_, i) => ({ first: Math.floor((i * total) / count) + 1, last: Math.floor(((i + 1) * total) / count) }));
}

/** The uploaded file, as stored. */
export const scanFileKey = (clientId: number, batchId: number): string => `scans/${clientId}/${batchId}/upload`;

/** Each page's greyscale image (JPEG), for the review crops and a student's sheets; fixed by batch and index, so a re-run overwrites it. */
export const scanPageImageKey = (clientId: number, batchId: number, index: number): string => `scans/${clientId}/${batchId}/page-${index}.jpg`;


/** The crop of written question q of a stored page image, at ≥ 150 dpi (written-crops.ts, docs/grading.md). */
export const writtenCropKey = (imageKey: string, q: number): string => `${imageKey}.w${q}.jpg`;
