import { ZCellBlock } from '../leaf-blocks';
import { ZColumnRowBlock, ZRowBlock, type PageComponents } from '../page-blocks';
import { ZInnerRowBlock, ZSplitCellBlock } from '../row-blocks';
import { walk, type SlotAccepts } from './block-tree';

// What may go where, read off the schema's unions (docs/card-document.md, "Containers"): rows
// only into row containers, cell blocks only into cells (and choice rows into split cells), never a
// two-column block in a column.

const kindsOf = (options: readonly { shape: { kind: { value: string } } }[]) => new Set(options.map((o) => o.shape.kind.value));

const ACCEPTS: Record<SlotAccepts, Set<string>> = {
  row: kindsOf(ZRowBlock.options),
  columnRow: kindsOf(ZColumnRowBlock.options),
  innerRow: kindsOf(ZInnerRowBlock.options),
  cell: kindsOf(ZCellBlock.options),
  splitCell: kindsOf(ZSplitCellBlock.options),
};

export function slotAccepts(accepts: SlotAccepts, kind: string): boolean {
  return ACCEPTS[accepts].has(kind);
}

/** The schema's rule on bases: two two-column rows may not touch. Checked after every change. */
export function hasAdjacentColumns(components: PageComponents): boolean {
  for (const { node } of walk(components)) {
    if (!('kind' in node) || (node.kind !== 'firstBase' && node.kind !== 'otherBase')) continue;
    if (node.children.some((row, i) => i > 0 && row.kind === 'twoColumn' && node.children[i - 1].kind === 'twoColumn')) return true;
  }
  return false;
}

export const ADJACENT_COLUMNS_MESSAGE = 'card.block.adjacentColumns';
