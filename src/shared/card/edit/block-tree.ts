import type { z } from 'zod';
import type { ZCell } from '../row-blocks';
import type { PageComponents, RowBlock, ZPageBlock } from '../page-blocks';

// Walking and addressing the block tree. A "slot" is one list of children: a base's rows, a
// column of a two-column block, a question group's rows, a free-answer area or a split cell.
// What a slot accepts is named by the schema union its field is typed with (docs/card-document.md).

export type PageBlock = z.infer<typeof ZPageBlock>;
/** A split cell; `kind?: never` keeps a free answer (which also has id and children) out of it. */
export type Cell = z.infer<typeof ZCell> & { kind?: never };
/** Anything the editor can select: a block of any level, or a split cell. */
export type EditNode = PageBlock | RowBlock | Cell;

/** The schema union a slot takes its children from. */
export type SlotAccepts = 'row' | 'columnRow' | 'innerRow' | 'cell' | 'splitCell';

export interface Slot {
  /** The node owning the list (a base, two-column block, group, free answer or cell). */
  ownerId: string;
  field: 'children' | 'left' | 'right';
  accepts: SlotAccepts;
  list: EditNode[];
}

export const isCell = (node: EditNode): node is Cell => !('kind' in node);

/** The child lists a node owns, in document order. */
export function slotsOf(node: EditNode): Slot[] {
  const slot = (field: Slot['field'], accepts: SlotAccepts, list: EditNode[]): Slot => ({ ownerId: node.id, field, accepts, list });
  if (isCell(node)) return [slot('children', 'splitCell', node.children)];
  switch (node.kind) {
    case 'firstBase':
    case 'otherBase':
      return [slot('children', 'row', node.children)];
    case 'twoColumn':
      return [slot('left', 'columnRow', node.left), slot('right', 'columnRow', node.right)];
    case 'questionGroup':
      return [slot('children', 'innerRow', node.children)];
    case 'freeAnswer':
      return [slot('children', 'cell', node.children)];
    default:
      return [];
  }
}

/** Nodes shown below a node in the layers panel: slot children, or a split's cells. */
export function childNodes(node: EditNode): EditNode[] {
  if (!isCell(node) && (node.kind === 'ratioSplit' || node.kind === 'equalSplit')) return node.cells;
  return slotsOf(node).flatMap((s) => s.list);
}

export interface Located {
  node: EditNode;
  /** The slot holding the node; undefined for top-level page blocks and split cells. */
  slot?: Slot;
  index: number;
  parent?: EditNode;
}

/** Every node with where it sits, in document order. */
export function* walk(components: PageComponents): Generator<Located> {
  function* visit(node: EditNode, located: Located): Generator<Located> {
    yield located;
    if (!isCell(node) && (node.kind === 'ratioSplit' || node.kind === 'equalSplit')) {
      for (const [index, cell] of node.cells.entries()) yield* visit(cell, { node: cell, index, parent: node });
      return;
    }
    for (const slot of slotsOf(node)) {
      for (const [index, child] of slot.list.entries()) yield* visit(child, { node: child, slot, index, parent: node });
    }
  }
  for (const [index, block] of components.blocks.entries()) yield* visit(block, { node: block, index });
}

export function locate(components: PageComponents, id: string): Located | undefined {
  for (const located of walk(components)) if (located.node.id === id) return located;
  return undefined;
}

export function allIds(components: PageComponents): Set<string> {
  const ids = new Set<string>();
  for (const { node } of walk(components)) {
    ids.add(node.id);
    if (!isCell(node) && node.kind === 'subQuestionGroup') node.items.forEach((item) => ids.add(item.id));
  }
  return ids;
}

/** The base of the page: where a click-placed row lands when nothing fitting is selected. */
export function pageBase(components: PageComponents): EditNode | undefined {
  return components.blocks.find((b) => b.kind === 'firstBase' || b.kind === 'otherBase');
}
