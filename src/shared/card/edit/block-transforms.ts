import type { z } from 'zod';
import type { ChoiceOptions, ZAlign, ZNumbering } from '../block-parts';
import type { BorderValue } from '../dialog-input';
import { BLOCK_HEIGHT_PX, GRID_LIMITS } from '../constants';
import type { ZCell } from '../row-blocks';
import type { EditNode } from './block-tree';
import { isCell } from './block-tree';

// Dialog values applied to a block (docs/editor.md). Pure: each returns a new node and
// leaves kinds a value does not concern unchanged.

type Cell = z.infer<typeof ZCell>;
type Id = () => string;

/** Sub-question dialog: `count` items, keeping the labels and ids of those that stay. */
export function applySubQuestions(node: EditNode, value: { options: ChoiceOptions; count: number }, id: Id): EditNode {
  if (isCell(node) || node.kind !== 'subQuestionGroup') return node;
  const items = Array.from({ length: value.count }, (_, i) => node.items[i] ?? { id: id(), label: [], numbering: 'auto' as const });
  return { ...node, options: value.options, items };
}

/** Choice settings of a single or multi choice row, or of a sub-question group. */
export function applyChoice(node: EditNode, options: ChoiceOptions): EditNode {
  if (isCell(node)) return node;
  if (node.kind === 'singleChoice' || node.kind === 'multiChoice' || node.kind === 'subQuestionGroup') return { ...node, options };
  return node;
}

export function applyChars(node: EditNode, chars: number): EditNode {
  if (isCell(node) || (node.kind !== 'handwritingGrid' && node.kind !== 'dotUnderline')) return node;
  return { ...node, chars };
}

/** Ratio dialog: the left share of 10; the two cells keep their children. */
export function applyRatio(node: EditNode, ratio: number): EditNode {
  if (isCell(node) || node.kind !== 'ratioSplit') return node;
  return { ...node, ratio };
}

/** Equal columns: N cells; the first N keep theirs, children of dropped cells join the last one kept. */
export function applyEqualColumns(node: EditNode, columns: number, id: Id): EditNode {
  if (isCell(node) || node.kind !== 'equalSplit') return node;
  const cells: Cell[] = Array.from({ length: columns }, (_, i) => node.cells[i] ?? { id: id(), children: [] });
  const dropped = node.cells.slice(columns).flatMap((c) => c.children);
  if (dropped.length > 0) cells[columns - 1] = { ...cells[columns - 1], children: [...cells[columns - 1].children, ...dropped] };
  return { ...node, columns, cells };
}

/** Bottom line of a row (1 px black or transparent), or the borders of every cell of a split. */
export function applyBorder(node: EditNode, value: BorderValue): EditNode {
  if (isCell(node)) return node;
  if (value.kind === 'split') return node.kind === 'ratioSplit' || node.kind === 'equalSplit' ? { ...node, border: value.border } : node;
  switch (node.kind) {
    case 'singleChoice':
    case 'multiChoice':
    case 'subQuestionGroup':
    case 'freeAnswer':
    case 'borderedText':
      return { ...node, border: { bottom: value.bottom } };
    default:
      return node;
  }
}

export function applyAlign(node: EditNode, align: z.infer<typeof ZAlign>): EditNode {
  if (isCell(node) || (node.kind !== 'text' && node.kind !== 'borderedText')) return node;
  return { ...node, align };
}

/** Heights the author may set: text, free answer, splits, underline, images, blanks. */
export function applyHeight(node: EditNode, height: number): EditNode {
  if (isCell(node)) return node;
  switch (node.kind) {
    case 'text':
    case 'borderedText':
    case 'freeAnswer':
    case 'ratioSplit':
    case 'equalSplit':
    case 'underline':
    case 'image':
    case 'imageColumns':
    case 'imageText':
    case 'ratioChart':
    case 'blank':
      return { ...node, height };
    default:
      return node;
  }
}

/** Child-question dialog: a sub-question of the one before (自, not counted) or counted. */
export function applyNumbering(node: EditNode, numbering: z.infer<typeof ZNumbering>, itemId?: string): EditNode {
  if (isCell(node)) return node;
  if (node.kind === 'subQuestionGroup' && itemId) return { ...node, items: node.items.map((it) => (it.id === itemId ? { ...it, numbering } : it)) };
  if (node.kind === 'singleChoice' || node.kind === 'multiChoice' || node.kind === 'freeAnswer') return { ...node, numbering };
  return node;
}

/**
 * Grid activation (page-editor.md §4): 15 px cells across the cell it lands in. The grid draws
 * 15 × cols + 1 px wide and 14 × rows + 1 px high (card-renderer.md, "Sizes").
 */
export function gridFilling(width: number, height: number): { rows: number; cols: number } {
  const cols = Math.floor((width - 1) / BLOCK_HEIGHT_PX.gridCell);
  const rows = Math.floor((height - 1) / (BLOCK_HEIGHT_PX.gridCell - 1));
  return { rows: Math.min(GRID_LIMITS.maxRows, Math.max(1, rows)), cols: Math.min(GRID_LIMITS.maxCols, Math.max(1, cols)) };
}

/** The height a block shows, for the height dialog's "current" figure. */
export function heightOf(node: EditNode): number | undefined {
  if (isCell(node)) return undefined;
  return 'height' in node && typeof node.height === 'number' ? node.height : undefined;
}
