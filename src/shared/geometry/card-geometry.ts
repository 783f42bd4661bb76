import { z } from 'zod';

/**
 * Where every machine-read mark of a card is, in PDF points (1/72 in) from the page's top-left
 * corner, y growing downwards. A4 is 595.28 × 841.89 pt. The PDF conversion measures it from the
 * very render that made the PDF (canonical); the editor computes the same on save for the legacy
 * `params`. Format and meaning: docs/omr-geometry.md.
 */
export const A4_PT = { w: 595.28, h: 841.89 } as const;
/** CSS pixels are 1/96 in; PDF points 1/72 in. */
export const PT_PER_CSS_PX = 72 / 96;

export const ZRect = z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() });
export type Rect = z.infer<typeof ZRect>;

/** One answer bubble: question `q` (the computed sequence number), option `value`. */
export const ZBubble = z.object({
  page: z.number().int().min(1),
  q: z.number().int().min(1),
  value: z.string().min(1),
  showno: z.string(),
  rect: ZRect,
});

/** What a question asks for, from its block: how a reader and a scorer treat its marks. */
export const QUESTION_KINDS = ['single', 'multi', 'truefalse', 'numeric', 'free'] as const;
export const ZQuestionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof ZQuestionKind>;

/** The outline of one question (row) or question group; `kind` in maps of version 2. */
export const ZGroup = z.object({ page: z.number().int().min(1), q: z.number().int().min(1), showno: z.string(), rect: ZRect, kind: ZQuestionKind.optional() });

/** A digit bubble of the header's grade/class/seat grids; `column` 0 is the tens digit. */
export const ZDigitBubble = z.object({ column: z.number().int().min(0), digit: z.number().int().min(0).max(9), rect: ZRect });

/** Where a print run writes each student's data; all on page 1, inside the header block. */
export const ZHeaderFields = z.object({
  name: ZRect.optional(),
  number: ZRect.optional(),
  seat: ZRect.optional(),
  /** The 年級 cell; maps made before it existed lack it, and their copies leave it blank. */
  grade: ZRect.optional(),
  className: ZRect.optional(),
  /** 科別 and 科目: filled from the card's own info (maps of version 2). */
  department: ZRect.optional(),
  subject: ZRect.optional(),
  barcode: ZRect.optional(),
  gradeBubbles: z.array(ZDigitBubble),
  classBubbles: z.array(ZDigitBubble),
  seatBubbles: z.array(ZDigitBubble),
});

/**
 * A score field's columns (docs/omr-geometry.md "Score fields"): `tens` and `units` digit rows of
 * the digit layout, `points` the one row 0…max of the scale layout, `half` the .5 bubble.
 */
export const SCORE_COLUMNS = ['tens', 'units', 'points', 'half'] as const;
export const ZScoreColumn = z.enum(SCORE_COLUMNS);
export type ScoreColumn = z.infer<typeof ZScoreColumn>;

/** One bubble of a score field: marking it adds `points` (tens 2 → 20, units 7 → 7, half → 0.5). */
export const ZScoreBubble = z.object({ column: ZScoreColumn, points: z.number().min(0).max(99.5), rect: ZRect });

/**
 * 閱卷給分格: a score field printed inside the free-answer question `q`, for the grading teacher
 * to mark the points in pencil. `max` is what the field lets a teacher mark; `rect` its outline.
 */
export const ZScoreField = z.object({
  page: z.number().int().min(1),
  q: z.number().int().min(1),
  showno: z.string(),
  max: z.number().min(0.5).max(99.5).multipleOf(0.5),
  rect: ZRect,
  bubbles: z.array(ZScoreBubble).min(2),
});

const mapBase = {
  page: z.object({ w: z.number(), h: z.number() }),
  pages: z.number().int().min(1),
  bubbles: z.array(ZBubble),
  groups: z.array(ZGroup),
  header: ZHeaderFields.nullable(),
  /**
   * 閱卷給分格: the score fields printed inside free-answer blocks (score-fields.ts). Absent in
   * maps made before them and in maps of cards without one; readers take absent as none.
   */
  scoreFields: z.array(ZScoreField).optional(),
};

/** Maps of conversions made before scan marks: still loaded, and their cards print as before. */
export const ZCardGeometryV1 = z.object({ version: z.literal(1), ...mapBase });

export const ZScanMark = z.object({
  corner: z.enum(['tl', 'tr', 'bl', 'br']),
  center: z.object({ x: z.number(), y: z.number() }),
  rect: ZRect,
});

/**
 * Version 2: the same, plus what a reader needs to find and identify a scanned page — the four
 * registration marks (the same on every page), the page code's square and module size, and the
 * layout id the page code carries (src/shared/geometry/page-code.ts).
 */
export const ZCardGeometryV2 = z.object({
  version: z.literal(2),
  ...mapBase,
  layout: z.string().regex(/^[0-9A-Z]{4}$/),
  marks: z.array(ZScanMark).length(4),
  pageCode: z.object({ rect: ZRect, module: z.number().positive() }),
});

export const ZCardGeometry = z.discriminatedUnion('version', [ZCardGeometryV1, ZCardGeometryV2]);

export type Bubble = z.infer<typeof ZBubble>;
export type QuestionGroup = z.infer<typeof ZGroup>;
export type DigitBubble = z.infer<typeof ZDigitBubble>;
export type HeaderFields = z.infer<typeof ZHeaderFields>;
export type CardGeometry = z.infer<typeof ZCardGeometry>;
export type CardGeometryV2 = z.infer<typeof ZCardGeometryV2>;
export type ScoreField = z.infer<typeof ZScoreField>;
