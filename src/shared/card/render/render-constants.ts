// Sizes the renderer adds to the spec's (constants.ts holds the spec's own). A scanner is set up
// for one mark size and one row pitch, so these are defined once and never per block.

/** Answer bubbles and header digit bubbles: one fixed border box, in CSS px. */
export const BUBBLE_PX = { w: 16, h: 12 } as const;
/** Horizontal gap between the bubbles of one question. */
export const BUBBLE_GAP_PX = 6;
/** Space between a question's number cell and its first bubble. */
export const OPTIONS_PADDING_PX = 8;

/**
 * One choice question row: 20 px content plus a 1 px bottom border (black, or transparent when
 * the author turns it off, so the row pitch never changes). 25 rows fill the first-page base
 * (527 px) and 36 the other-page base (765 px): the spec's question-count hints.
 */
export const QUESTION_ROW_PX = 20;
export const NUMBER_CELL_PX = 36;
/** Width of a question group's vertical label column. */
export const GROUP_LABEL_WIDTH_PX = 28;

/**
 * The printable box inside the A4 sheet (794 × 1123 CSS px at 96 dpi). Content starts 53 px
 * (14 mm) from the top, clear of the registration marks 7–12 mm down (geometry/scan-layout.ts).
 */
export const PAGE_PADDING_PX = { top: 53, side: 38 } as const;

/**
 * 閱卷給分格 (score-field.tsx): its caption for the grading teacher, the gap between its bubbles
 * and rows, and the room it takes in a free answer's area (rows × bubble height and gaps, padding,
 * outline, margins): the editor keeps a free answer with a field at least this high.
 */
export const SCORE_FIELD_CAPTION = ['閱卷', '給分'] as const;
export const SCORE_BUBBLE_GAP_PX = 4;
const SCORE_FIELD_FRAME_PX = 2 * 3 + 2 + 2 * 3;
const SCORE_CAPTION_PX = 2 * 11;
export const scoreFieldHeightPx = (rows: number): number =>
  SCORE_FIELD_FRAME_PX + Math.max(SCORE_CAPTION_PX, rows * BUBBLE_PX.h + (rows - 1) * SCORE_BUBBLE_GAP_PX);

/** A ratio chart without a height of its own. */
export const RATIO_CHART_DEFAULT_PX = 180;
/** Blank blocks without a height of their own. */
export const BLANK_DEFAULT_PX = 50;

/** Print colours of the spec (§3): text and bubbles magenta, lines black. */
export const MARK_COLOUR = 'rgb(255, 0, 150)';
export const LINE_COLOUR = '#000';

/** What a sub-question shows instead of a number (page-editor.md §4, "self"). */
export const SUB_QUESTION_MARK = '自';
export const IMAGE_PLACEHOLDER_ALT = '雙擊以更換圖片';
