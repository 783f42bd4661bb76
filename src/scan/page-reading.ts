import { z } from 'zod';
import { ZQuestionKind, type CardGeometryV2 } from '../shared/geometry/card-geometry';
import { ZPageCode, type PageCode } from '../shared/geometry/page-code';

/**
 * The contract between the page reader (src/scan/read-page.ts) and the scan batch job that
 * stores its results: one scanned page in, one PageReading out. Nothing here guesses: what the
 * reader cannot decide is `ambiguous` or a flag, for a person to review.
 */

/**
 * A greyscale raster: one byte per pixel, 0 black … 255 white, rows top to bottom. `mode`: what
 * the decoder saw (a colour scan read on its best channel, a 1-bit image); unset, the reader
 * tells grey from two-level pixels itself. `luma`: a colour page's plain grey, where the card's
 * printed outlines still show (the transform is verified on them). `finer`: a photo shrunk on load
 * (image-input.ts), decoded again at up to twice this resolution — for a page too small in the frame to be
 * read at this one (read-page.ts readPhotoFinely).
 */
export type GrayImage = { width: number; height: number; data: Uint8Array; mode?: ScannerMode; luma?: Uint8Array; finer?: () => Promise<GrayImage> };

/** ok: one answer (or the marks of a multi-choice question); blank: no mark; multiple: more than one mark on a single-choice question; ambiguous: a fill between the thresholds. */
export const ZQuestionStatus = z.enum(['ok', 'blank', 'multiple', 'ambiguous']);
export type QuestionStatus = z.infer<typeof ZQuestionStatus>;

/**
 * The one definition of "needs review" (issue 28): the statuses that hold a question — and its page —
 * for a person; `blank` is reported but is a plain answer (nothing marked). Used by the page's
 * outcome (page-record.ts), the review queue, the SQL that links copy pages, and the sheet on screen.
 */
export const REVIEW_STATUSES = ['multiple', 'ambiguous'] as const satisfies readonly QuestionStatus[];
export const needsReview = (status: string | null | undefined): boolean => (REVIEW_STATUSES as readonly (string | null | undefined)[]).includes(status);

export const ZMarkStyle = z.enum(['fill', 'tick', 'cross', 'dot', 'circle', 'light', 'scribble', 'cancelled', 'mixed']);
export type MarkStyle = z.infer<typeof ZMarkStyle>;
/** A page marked throughout in one non-fill style: the review resolves it in one sheet-level decision. */
export const ZSheetStyle = z.enum(['tick', 'cross', 'dot', 'light']);
export type SheetStyle = z.infer<typeof ZSheetStyle>;
export const ZScannerMode = z.enum(['gray', 'color', 'bw']);
export type ScannerMode = z.infer<typeof ZScannerMode>;

export const ZQuestionReading = z.object({
  q: z.number().int().min(1),
  showno: z.string(),
  kind: ZQuestionKind,
  /** The marked values in map order, e.g. 'A', 'AC', or '' when blank. Ambiguous bubbles are not in it. */
  answer: z.string(),
  status: ZQuestionStatus,
  /** Per option value, the fill from 0 (clean) to 1 (solid), relative to the page's own unmarked bubbles. */
  fills: z.record(z.string(), z.number().min(0).max(1)),
  /** When not 'ok': the answer the reader believes most likely (the review pre-selects it); null when it has no belief. */
  proposal: z.string().nullable().optional(),
  /** How the marked bubble(s) look; 'cancelled' = a cross over a filled bubble (a cancelled answer → review). */
  style: ZMarkStyle.optional(),
});
export type QuestionReading = z.infer<typeof ZQuestionReading>;

/**
 * read: identified and measured; blank: no marks found at all (a duplex back); unidentified: marks
 * found but no page code decoded; foreign: a page code of another product or of a card/layout
 * the caller does not know; unreadable: the registration marks could not be found.
 */
/** A question's points from its score fields (src/scan/score-fields.ts): ok with points, blank, or review with the reason. */
export const ZScoreReading = z.object({
  q: z.number().int().min(1),
  status: z.enum(['ok', 'blank', 'review']),
  points: z.number().nullable(),
  reason: z.enum(['ambiguous', 'multiple', 'incomplete', 'over-max']).nullable(),
  /** In review: the points the reader believes most likely (review pre-fills them), or null. */
  proposal: z.number().nullable().optional(),
});
export type ScoreReading = z.infer<typeof ZScoreReading>;

export const ZPageStatus = z.enum(['read', 'blank', 'unidentified', 'foreign', 'unreadable']);

export const ZPageReading = z.object({
  status: ZPageStatus,
  code: ZPageCode.nullable(),
  /** The page was upside down; the reading is of the page turned the right way up. */
  upsideDown: z.boolean(),
  /** Largest distance in mm between a registration mark where the transform puts it and where it was found. */
  residualMm: z.number().nullable(),
  questions: z.array(ZQuestionReading),
  /** The page's score fields read into points (absent on pages without one, and in readings stored before them). */
  scores: z.array(ZScoreReading).optional(),
  /** Page 1's header: the barcode text and the filled grade/class/seat digits (null where unreadable). */
  header: z
    .object({ barcode: z.string().nullable(), grade: z.number().nullable(), class: z.number().nullable(), seat: z.number().nullable() })
    .nullable(),
  /** Human-readable reasons for review, in English keys the app translates (e.g. 'skew', 'code-mismatch'). */
  flags: z.array(z.string()),
  /** The page is marked throughout in one non-fill style (ticks, crosses, dots, light pencil). */
  sheetStyle: ZSheetStyle.nullable().optional(),
  /** How the scanner took the page: grey, colour or black-and-white (1 bit or two levels), and its resolution. */
  scanner: z.object({ mode: ZScannerMode, dpi: z.number().nullable() }).optional(),
  /** Why a page was not read (unreadable / foreign / blank / unidentified), an English key the app translates. */
  reason: z.string().nullable().optional(),
  /**
   * Where the page's registration marks put the map: the homography from map points (top-left
   * origin) to the scanned image's pixels (row-major 3 × 3, pixel centres at +0.5), as measured —
   * so crops and slips place the map exactly on a skewed or shifted scan (src/scan/page-placement.ts).
   * Absent when no marks were found, and in readings stored before it.
   */
  toImage: z.array(z.number()).length(9).optional(),
  /** The scanned image's size in pixels (what `toImage` maps into). */
  image: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
});
export type PageReading = z.infer<typeof ZPageReading>;

export interface ReadPageInput {
  image: GrayImage;
  /** The map of the conversion a decoded page code names, or null when the caller has none. */
  mapFor: (code: PageCode) => Promise<CardGeometryV2 | null>;
  /**
   * For a page whose code cannot be read (covered, torn): measure it as this page of the card
   * anyway. The reading stays `unidentified` with `code` null; the batch keeps it so a person who
   * assigns the page to a student gets its answers (docs/scan-batches.md "Assigning a page").
   */
  assume?: PageCode;
  /**
   * The page codes this upload's pages can carry (the card's pages × the school's students, as
   * printed), asked for only when a photo's code is blurred past decoding even on its known grid:
   * the solved symbol is then matched whole against them (code-candidates.ts). Without it, such a
   * page is set aside as `no-page-code`.
   */
  codes?: () => Promise<readonly string[]>;
}
