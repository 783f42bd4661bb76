// The page editor's constants (page-editor.md §9), defined once for schema, editor, renderer and tests.
export const BLOCK_HEIGHT_PX = {
  firstBase: 527,
  otherBase: 765,
  freeAnswer: 80,
  text: 30,
  split: 50,
  imageMin: 40,
  groupLabel: 63,
  handwritingCell: 34,
  underline: 34,
  gridCell: 15,
  gpImage: 100,
} as const;

/** The tallest any single block may claim: the other-page base, the largest area of an A4 page. */
export const BLOCK_HEIGHT_MAX_PX = BLOCK_HEIGHT_PX.otherBase;
export const HEIGHT_STEP_PX = 0.2;
export const HEIGHT_MIN_PX = 1;

export const CHOICE_OPTIONS = { min: 1, max: 12, trueFalse: 2, defaultCount: 5 } as const;
/** Questions one sub-question or multi-choice dialog may generate (the hints are 25 / 36; this caps runaway input). */
export const QUESTION_COUNT_MAX = 80;
/** Font sizes a text run may pick in the editor's size menu (px); without one, the block's own size. */
export const TEXT_RUN_SIZES_PX = [10, 12, 14, 16, 18, 20, 24, 28] as const;
export const HANDWRITING_CHARS = { min: 1, max: 200 } as const;
/** 閱卷給分格 of a free answer: the most points its field lets a teacher mark, in half points (docs/card-document.md). */
export const SCORE_BOX = { min: 1, max: 99.5, step: 0.5, defaultMax: 10 } as const;
export const RATIO_SPLIT = { min: 1, max: 9 } as const;
export const EQUAL_SPLIT_COLUMNS = { min: 3, max: 8 } as const;
export const IMAGE_COLUMNS = [2, 3, 4] as const;
export const GRID_LIMITS = { maxRows: 60, maxCols: 40 } as const;
/** Question-count hints of the choice dialog: not enforced (page-editor.md §5). */
export const QUESTION_COUNT_HINT = { firstPage: 25, otherPages: 36 } as const;

/** Saved page codes are 'p' + page number (back-office.md §9). */
export const PAGE_CODE_PATTERN = /^p[1-9][0-9]{0,2}$/;
export const OPTION_KEYS = ['question_total', 'page_total'] as const;
export const MAX_PAGES = 100;
/** A page's stored html and css are capped, so one save cannot fill the database. */
export const PAGE_HTML_MAX_CHARS = 2_000_000;
/**
 * The card size budget (docs/cards.md, "Size budget"), refused at every save of a card's or
 * template's content with a message naming the limit, nothing stored: a card over it would only tie
 * up a PDF worker until its render timed out. Content is a page's stored html + css + styles.
 * Measured: a dense page (80 choice questions) is about 110 k characters, an inline 1 MB picture
 * about 1.4 M; 8 M in total keeps 60 such dense pages or five full-size pictures, and renders in a
 * few seconds, while 100 pages × 500 k characters (50 M, over 20 s a render) is refused.
 */
export const CARD_BUDGET = { pages: MAX_PAGES, pageChars: PAGE_HTML_MAX_CHARS, totalChars: 8_000_000 } as const;
export const CARD_TITLE_MAX = 100;
export const TEMPLATE_DESCRIPTION_MAX = 500;

/** Print offsets handed to the editor with every page (get card's init {w, x, y}). */
export const DEFAULT_PRINT_OFFSETS = { w: 0, x: 0, y: 0 } as const;

/** Where the project serves its own uploaded assets; the only non-data: src a page may keep. */
export const ASSET_PATH_PREFIX = '/assets/cards/';

/** The header block's title: its longest text (the card's name may be longer and is cut to it). */
export const HEADER_TITLE_MAX = 100;
