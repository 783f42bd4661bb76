import { BLOCK_HEIGHT_PX, EQUAL_SPLIT_COLUMNS } from '../constants';
import type { PageComponents, RowBlock } from '../page-blocks';
import { PAGE_PADDING_PX, QUESTION_ROW_PX } from '../render/render-constants';
import type { IdSource } from './block-ids';
import type { QuickPlan } from './quick-plan';
import { startingPage } from './starting-page';

// Quick build (快速建立, issue 15 part 1): a question plan laid out as ordinary blocks. Choice
// rows (single, multi, numeric) go into one two-column block per page, balanced left then right
// (numbering runs down the left column, then the right); free answers and handwriting grids
// follow full width, except short handwriting grids: two or more that fit a third of the row go
// side by side in equal splits (as many across as fit, 3–8). Choice rows cannot: a split's cells
// take cell blocks only (text, grids, lines, images), never questions. What does not fit the
// room left on the page goes onto further pages.

type ChoiceRow = Extract<RowBlock, { kind: 'singleChoice' | 'multiChoice' }>;

const CHOICE_PITCH_PX = QUESTION_ROW_PX + 1;
/** Printable width of a base (the A4 sheet less the side padding), for handwriting lines. */
const BASE_WIDTH_PX = 794 - 2 * PAGE_PADDING_PX.side;
const GRID_PADDING_PX = 9;
/** The frame lines of a base take 2 px of its height. */
export const OTHER_BASE_ROOM_PX = BLOCK_HEIGHT_PX.otherBase - 2;
/** Fewer choice questions than this stay in one column. */
const TWO_COLUMNS_FROM = 8;

/** The height a full-width row takes, as the renderer draws it (the layout guard still checks). */
export function handwritingHeight(chars: number): number {
  const perLine = Math.floor((BASE_WIDTH_PX - GRID_PADDING_PX) / (BLOCK_HEIGHT_PX.handwritingCell + 1));
  return GRID_PADDING_PX + Math.ceil(chars / perLine) * (BLOCK_HEIGHT_PX.handwritingCell + 1);
}

function choiceRows(plan: QuickPlan, id: IdSource): ChoiceRow[] {
  const rows: ChoiceRow[] = [];
  const add = (n: number, make: () => ChoiceRow) => rows.push(...Array.from({ length: n }, make));
  add(plan.single.count, () => ({ id: id(), kind: 'singleChoice', numbering: 'auto', options: { type: 'en', count: plan.single.options } }));
  add(plan.multi.count, () => ({ id: id(), kind: 'multiChoice', numbering: 'auto', options: { type: 'en', count: plan.multi.options } }));
  add(plan.numeric.count, () => ({ id: id(), kind: 'singleChoice', numbering: 'auto', options: { type: 'chooseNumber', digit: true, minus: plan.numeric.minus, plusMinus: false } }));
  return rows;
}

/**
 * How many handwriting grids of `chars` fit across an equal split (3–8), or 0 when not even three
 * do. A cell is the split's inner width (less its two side lines) over N, less the line between cells.
 */
export function gridsAcross(chars: number): number {
  const fits = (n: number) => GRID_PADDING_PX + chars * (BLOCK_HEIGHT_PX.handwritingCell + 1) <= Math.floor((BASE_WIDTH_PX - 2) / n) - 1;
  for (let n = EQUAL_SPLIT_COLUMNS.max; n >= EQUAL_SPLIT_COLUMNS.min; n--) if (fits(n)) return n;
  return 0;
}

type WideRow = { block: RowBlock; height: number };

/** The plan's handwriting grids: full-width rows, or equal splits of short grids side by side. */
function gridRows(plan: QuickPlan, id: IdSource): WideRow[] {
  const { count, chars } = plan.handwriting;
  const grid = () => ({ id: id(), kind: 'handwritingGrid' as const, chars });
  const across = count >= 2 ? gridsAcross(chars) : 0;
  if (across === 0) return Array.from({ length: count }, () => ({ block: grid() as RowBlock, height: handwritingHeight(chars) }));
  // One line of cells in a cell, and the split's two frame lines (border-box).
  const height = Math.max(BLOCK_HEIGHT_PX.split, GRID_PADDING_PX + BLOCK_HEIGHT_PX.handwritingCell + 1 + 2);
  return Array.from({ length: Math.ceil(count / across) }, (_, row) => {
    const cells = Array.from({ length: across }, (_, i) => ({ id: id(), children: row * across + i < count ? [grid()] : [] }));
    return { block: { id: id(), kind: 'equalSplit', height, border: 'full', columns: across, cells } as RowBlock, height };
  });
}

function wideRows(plan: QuickPlan, id: IdSource): WideRow[] {
  const free = Array.from({ length: plan.free.count }, () => ({
    block: { id: id(), kind: 'freeAnswer', numbering: 'auto', height: plan.free.height, children: [] } as RowBlock,
    height: plan.free.height,
  }));
  return [...free, ...gridRows(plan, id)];
}

/** The rows that fill `room` px: choices first (in columns), then full-width rows; removed from the queues. */
function fillRoom(room: number, choices: ChoiceRow[], wide: WideRow[], twoColumnsAllowed: boolean, id: IdSource): RowBlock[] {
  const rows: RowBlock[] = [];
  const maxRows = Math.floor(room / CHOICE_PITCH_PX);
  if (choices.length > 0 && maxRows > 0) {
    if (choices.length >= TWO_COLUMNS_FROM && twoColumnsAllowed) {
      const leftRows = Math.min(Math.ceil(choices.length / 2), maxRows);
      const left = choices.splice(0, leftRows);
      const right = choices.splice(0, Math.min(leftRows, choices.length));
      rows.push({ id: id(), kind: 'twoColumn', left, right } as RowBlock);
      room -= leftRows * CHOICE_PITCH_PX;
    } else {
      const taken = choices.splice(0, maxRows);
      rows.push(...taken);
      room -= taken.length * CHOICE_PITCH_PX;
    }
  }
  if (choices.length > 0) return rows;
  while (wide.length > 0 && wide[0]!.height <= room) {
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
  const choices = choiceRows(plan, id);
  const wide = wideRows(plan, id);
  const base = current.blocks.find((b) => b.kind === 'firstBase' || b.kind === 'otherBase');
  const startingBlocks = base ? current.blocks : startingPage(pageNo).blocks;
  const pageBase = startingBlocks.find((b) => b.kind === 'firstBase' || b.kind === 'otherBase')!;
  const existing = pageBase.children;
  // Two two-column blocks may not be adjacent (左右欄元件不可相鄰).
  const lastIsColumns = existing.at(-1)?.kind === 'twoColumn';
  const added = fillRoom(room, choices, wide, !lastIsColumns, id);
  const page = { ...current, blocks: startingBlocks.map((b) => (b === pageBase ? { ...b, children: [...existing, ...added] } : b)) } as PageComponents;
  const more: PageComponents[] = [];
  while ((choices.length > 0 || wide.length > 0) && more.length < 20) {
    const next = startingPage(pageNo + more.length + 1);
    const nextBase = next.blocks[0]!;
    const rows = fillRoom(OTHER_BASE_ROOM_PX, choices, wide, true, id);
    if (rows.length === 0) break; // a row taller than a whole page: left out rather than looping
    more.push({ ...next, blocks: [{ ...nextBase, children: rows } as (typeof next.blocks)[number]] });
  }
  return { page, more };
}

/** Questions in a plan (numbered rows: choices and free answers). */
export const planQuestions = (plan: QuickPlan) => plan.single.count + plan.multi.count + plan.numeric.count + plan.free.count;
