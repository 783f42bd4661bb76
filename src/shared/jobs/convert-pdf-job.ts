import { z } from 'zod';
import { ZRenderInput } from './render-input';
import { ZRequestId } from './request-id';

/**
 * "Save PDF": the pages a card's shared renderer produced, and the storage folder its files go
 * to. The worker writes `<folder>/<digest>/card.pdf` and `…/geometry.json`, named by a digest of
 * the pages: a retried or repeated job writes the same files again, and a changed card writes new
 * ones beside the old, so whoever records the result switches PDF and map together in one step.
 * Card markup names its assets by storage key under the asset origin; only keys inside
 * `assetFolder` are served, so one school's card cannot print another school's files.
 */
const ZFolder = z.string().regex(/^[a-z0-9][a-z0-9/_-]*[a-z0-9]$/, 'a storage folder such as cards/12');

export const ZConvertPdfJob = ZRenderInput.extend({
  folder: ZFolder,
  /** The only storage folder the card's images and fonts may come from (its school's). */
  assetFolder: ZFolder,
  /** The card or template whose row records the result (src/worker/jobs/record-pdf.ts); absent for bare conversions. */
  documentId: z.number().int().positive().optional(),
  requestId: ZRequestId,
});
export type TConvertPdfJob = z.infer<typeof ZConvertPdfJob>;

export const ZConvertPdfResult = z.object({
  pdfKey: z.string(),
  geometryKey: z.string(),
  pages: z.number(),
  bubbles: z.number(),
  /** URLs the sandbox refused (at most 20): an image missing from the PDF shows up here. */
  refused: z.array(z.string()),
});
export type TConvertPdfResult = z.infer<typeof ZConvertPdfResult>;
