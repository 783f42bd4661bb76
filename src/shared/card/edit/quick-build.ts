import { BLOCK_HEIGHT_PX, EQUAL_SPLIT_COLUMNS } from '../constants';
import type { PageComponents, RowBlock } from '../page-blocks';
import { optionValues } from '../render/option-values';
import { BUBBLE_GAP_PX, BUBBLE_PX, NUMBER_CELL_PX, OPTIONS_PADDING_PX, PAGE_PADDING_PX, QUESTION_ROW_PX } from '../render/render-constants';
import type { IdSource } from './block-ids';
import type { QuickPlan } from './quick-plan';
import { scoreBoxMinHeight } from './score-box';
import { startingPage } from './starting-page';

// Quick build (快速建立, issue 15 part 1): a question plan laid out as ordinary blocks, in the
// plan's order (單選, 多選, 是非, 數字). Choice rows go into a two-column block per page, balanced
// left then right (numbering runs down the left column, then the right); short choice rows (three
// options or fewer, 是非 always) go side by side in equal splits instead, numbered down the first
// cell, then the next. Free answers and handwriting grids follow full width, except short
// handwriting grids: two or more that fit a third of the row go side by side in equal splits (as
// many across as fit, 3–8). What does not fit the room left on the page goes onto further pages.

type ChoiceRow = Extract<RowBlock, { kind: 'singleChoice' | 'multiChoice' }>;
/** A choice row and how many go across an equal split (0: it goes into columns). */
type ChoiceItem = { row: ChoiceRow; across: number };

const CHOICE_PITCH_PX = QUESTION_ROW_PX + 1;
/** Printable width of a base (the A4 sheet less the side padding), for handwriting lines. */
const BASE_WIDTH_PX = 794 - 2 * PAGE_PADDING_PX.side;
const GRID_PADDING_PX = 9;
/** A handwriting cell and its one shared line. */
const CELL_PITCH_PX = BLOCK_HEIGHT_PX.handwritingCell + 1;
/** The frame lines of a base take 2 px of its height. */
export const OTHER_BASE_ROOM_PX = BLOCK_HEIGHT_PX.otherBase - 2;
/** Fewer choice questions than this stay in one column. */
const TWO_COLUMNS_FROM = 8;
/** A choice row is short when at least this many fit across the base. */
const SHORT_ROW_ACROSS = 6;
/** Short rows fill about this many rows a cell before a split takes another cell. */
const SHORT_ROWS_PER_CELL = 5;

/** The height a full-width row takes, as the renderer draws it (the layout guard still checks). */
export function handwritingHeight(chars: number): number {
  const perLine = Math.floor((BASE_WIDTH_PX - GRID_PADDING_PX) / CELL_PITCH_PX);
  return GRID_PADDING_PX + Math.ceil(chars / perLine) * CELL_PITCH_PX;
}

/** How many of a `width` px item fit across an equal split (3–8), or 0 when not even three do. */
function fitAcross(width: number): number {
  // A cell is the split's inner width (less its two side lines) over N, less the line between cells.
  const fits = (n: number) => width <= Math.floor((BASE_WIDTH_PX - 2) / n) - 1;
  for (let n = EQUAL_SPLIT_COLUMNS.max; n >= EQUAL_SPLIT_COLUMNS.min; n--) if (fits(n)) return n;
  return 0;
}

/** A choice row's width as card-css draws it: number cell, the options' left padding, bubbles and gaps. */
export const choiceRowWidth = (options: number) => NUMBER_CELL_PX + OPTIONS_PADDING_PX + options * BUBBLE_PX.w + (options - 1) * BUBBLE_GAP_PX;

/** How many choice rows of `options` bubbles go across an equal split; 0 when the row is not short. */
export function choicesAcross(options: number): number {
  const across = fitAcross(choiceRowWidth(options));
  return across >= SHORT_ROW_ACROSS ? across : 0;
}

function choiceItems(plan: QuickPlan, id: IdSource): ChoiceItem[] {
  const items: ChoiceItem[] = [];
  const add = (n: number, options: number, make: () => ChoiceRow) => {
    const across = choicesAcross(options);
    for (let i = 0; i < n; i++) items.push({ row: make(), across });
  };
  add(plan.single.count, plan.single.options, () => ({ id: id(), kind: 'singleChoice', numbering: 'auto', options: { type: 'en', count: plan.single.options } }));
  add(plan.multi.count, plan.multi.options, () => ({ id: id(), kind: 'multiChoice', numbering: 'auto', options: { type: 'en', count: plan.multi.options } }));
  add(plan.trueFalse.count, 2, () => ({ id: id(), kind: 'singleChoice', numbering: 'auto', options: { type: 'truefalse', count: 2 } }));
  const numeric = { type: 'chooseNumber', digit: true, minus: plan.numeric.minus, plusMinus: false } as const;
  add(plan.numeric.count, optionValues(numeric).length, () => ({ id: id(), kind: 'singleChoice', numbering: 'auto', options: { ...numeric } }));
  return items;
}

/** How many handwriting grids of `chars` fit across an equal split (3–8), or 0 when not even three do. */
export const gridsAcross = (chars: number) => fitAcross(GRID_PADDING_PX + chars * CELL_PITCH_PX);

type WideRow = { block: RowBlock; height: number };

/** The plan's handwriting grids: full-width rows, or equal splits of short grids side by side. */
function gridRows(plan: QuickPlan, id: IdSource): WideRow[] {
  const { count, chars } = plan.handwriting;
  const grid = () => ({ id: id(), kind: 'handwritingGrid' as const, chars });
  const across = count >= 2 ? gridsAcross(chars) : 0;
  if (across === 0) return Array.from({ length: count }, () => ({ block: grid(), height: handwritingHeight(chars) }));
  // One line of cells (grids that fit across fit one line), and the split's two frame lines (border-box).
  const height = Math.max(BLOCK_HEIGHT_PX.split, handwritingHeight(chars) + 2);
  return Array.from({ length: Math.ceil(count / across) }, (_, row) => {
    const cells = Array.from({ length: across }, (_, i) => ({ id: id(), children: row * across + i < count ? [grid()] : [] }));
    return { block: { id: id(), kind: 'equalSplit', height, border: 'full', columns: across, cells }, height };
  });
}

function wideRows(plan: QuickPlan, id: IdSource): WideRow[] {
  const { scoreBox } = plan.free;
  // A free answer with a score field is at least as high as the field needs.
  const height = scoreBox ? Math.max(plan.free.height, scoreBoxMinHeight(scoreBox)) : plan.free.height;
  const free = Array.from({ length: plan.free.count }, (): WideRow => ({
    block: { id: id(), kind: 'freeAnswer', numbering: 'auto', height, children: [], ...(scoreBox ? { scoreBox: { ...scoreBox } } : {}) },
    height,
  }));
  return [...free, ...gridRows(plan, id)];
}

/** A run of short choice rows as one equal split of `cells` cells, balanced, numbered down each cell. */
function choiceSplit(rows: ChoiceRow[], cells: number, id: IdSource): { block: RowBlock; height: number } {
  const perCell = Math.ceil(rows.length / cells);
  const extra = rows.length % cells || cells;
  let at = 0;
  const list = Array.from({ length: cells }, (_, i) => {
    const n = perCell - (i < extra ? 0 : 1);
    const children = rows.slice(at, at + n);
    at += n;
    return { id: id(), children };
  });
  // Only the lines between cells: the rows draw their own bottom lines, as in a two-column block.
  const height = perCell * CHOICE_PITCH_PX;
  return { block: { id: id(), kind: 'equalSplit', height, border: 'middle', columns: cells, cells: list }, height };
}

/** The rows that fill `room` px: choices first (columns or splits, in plan order), then full-width rows; removed from the queues. */
function fillRoom(room: number, choices: ChoiceItem[], wide: WideRow[], lastIsColumns: boolean, id: IdSource): RowBlock[] {
  const rows: RowBlock[] = [];
  while (choices.length > 0) {
    const maxRows = Math.floor(room / CHOICE_PITCH_PX);
    // What did not fit continues on the next page.
    if (maxRows === 0) return rows;
    const across = choices[0].across;
    let run = choices.findIndex((c) => c.across !== across);
    if (run === -1) run = choices.length;
    const twoColumnsAllowed = !(rows.length > 0 ? rows.at(-1)!.kind === 'twoColumn' : lastIsColumns);
    if (across > 0 && run >= EQUAL_SPLIT_COLUMNS.min) {
      const cells = Math.min(across, Math.max(EQUAL_SPLIT_COLUMNS.min, Math.ceil(run / SHORT_ROWS_PER_CELL)));
      const taken = choices.splice(0, Math.min(run, maxRows * cells)).map((c) => c.row);
      const split = choiceSplit(taken, cells, id);
      rows.push(split.block);
      room -= split.height;
    } else if (across === 0 && run >= TWO_COLUMNS_FROM && twoColumnsAllowed) {
      const leftRows = Math.min(Math.ceil(run / 2), maxRows);
      const left = choices.splice(0, leftRows).map((c) => c.row);
      const right = choices.splice(0, Math.min(leftRows, run - leftRows)).map((c) => c.row);
      rows.push({ id: id(), kind: 'twoColumn', left, right });
      room -= leftRows * CHOICE_PITCH_PX;
    } else {
      const taken = choices.splice(0, Math.min(run, maxRows)).map((c) => c.row);
      rows.push(...taken);
      room -= taken.length * CHOICE_PITCH_PX;
    }
  }
  while (wide.length > 0 && wide[0].height <= room) {
    const next = wide.shift()!;
    rows.push(next.block);
    room -= next.height;
  }
  return rows;
}

/**
 * Lays the plan out: onto the current page's base (`room` px still free there, measured on the
 * canvas) and then onto new other-page pages. Returns the current page and the new pages.
 */
export function quickBuild(current: PageComponents, pageNo: number, room: number, plan: QuickPlan, id: IdSource): { page: PageComponents; more: PageComponents[] } {
  const choices = choiceItems(plan, id);
  const wide = wideRows(plan, id);
  const base = current.blocks.find((b) => b.kind === 'firstBase' || b.kind === 'otherBase');
  const startingBlocks = base ? current.blocks : startingPage(pageNo).blocks;
  const pageBase = startingBlocks.find((b) => b.kind === 'firstBase' || b.kind === 'otherBase')!;
  const existing = pageBase.children;
  // Two two-column blocks may not be adjacent (左右欄元件不可相鄰).
  const added = fillRoom(room, choices, wide, existing.at(-1)?.kind === 'twoColumn', id);
  const page = { ...current, blocks: startingBlocks.map((b) => (b === pageBase ? { ...b, children: [...existing, ...added] } : b)) } as PageComponents;
  const more: PageComponents[] = [];
  while ((choices.length > 0 || wide.length > 0) && more.length < 20) {
    const next = startingPage(pageNo + more.length + 1);
    const nextBase = next.blocks[0];
    const rows = fillRoom(OTHER_BASE_ROOM_PX, choices, wide, false, id);
    if (rows.length === 0) break; // a row taller than a whole page: left out rather than looping
    more.push({ ...next, blocks: [{ ...nextBase, children: rows } as (typeof next.blocks)[number]] });
  }
  return { page, more };
}
