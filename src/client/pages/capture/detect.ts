import type { Homography } from '../../../scan/homography';
import type { SheetDetection } from '../../../scan/detect-sheet';

/**
 * The capture screen's live sheet detection (docs/scan-batches.md "Capture with a phone") is the
 * reader's own (src/scan/detect-sheet.ts, issue 29 part 1: marks at any scale and position, four
 * quarter turns, locally lit): the same code finds the sheet on the phone and on the server.
 */
export { detectSheet, type SheetDetection } from '../../../scan/detect-sheet';
export type SheetCorners = NonNullable<SheetDetection['corners']>;

export const NO_SHEET: SheetDetection = { corners: null, marks: [], orientation: null, toFrame: null, sharpness: 0, markPx: null };

/** The homography of a detection scaled from the frame it was found in to a frame `factor` times larger. */
export function scaleHomography(h: readonly number[], factor: number): Homography {
  return [h[0] * factor, h[1] * factor, h[2] * factor, h[3] * factor, h[4] * factor, h[5] * factor, h[6], h[7], h[8]];
}
