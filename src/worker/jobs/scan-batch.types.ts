import { z } from 'zod';

/** A scan batch (docs/scan-batches.md): everything else is read from its row in MySQL. */
export const ZScanBatchJob = z.object({ batchId: z.number().int().positive() });
export type TScanBatchJob = z.infer<typeof ZScanBatchJob>;

/** One job per batch, so queueing it twice adds nothing. */
export const scanJobId = (batchId: number): string => `scan-${batchId}`;

/** The uploaded file, as stored. */
export const scanFileKey = (clientId: number, batchId: number): string => `scans/${clientId}/${batchId}/upload`;

/** Each page's greyscale image (JPEG), for the review crops and a student's sheets; fixed by batch and index, so a re-run overwrites it. */
export const scanPageImageKey = (clientId: number, batchId: number, index: number): string => `scans/${clientId}/${batchId}/page-${index}.jpg`;


/** The crop of written question q of a stored page image, at ≥ 150 dpi (written-crops.ts, docs/grading.md). */
export const writtenCropKey = (imageKey: string, q: number): string => `${imageKey}.w${q}.jpg`;
