import type { PageComponents } from '../page-blocks';
import { allIds, isCell, locate, slotsOf, walk, type EditNode, type Slot } from './block-tree';
import { freshId, type IdSource } from './block-ids';
import { ADJACENT_COLUMNS_MESSAGE, hasAdjacentColumns, slotAccepts } from './drop-rules';

// Pure edits of a page: each takes the page and returns a new one (the input is never changed),
// or a refusal with a catalogue key. The store keeps the old page for undo.

export type EditResult = { ok: true; components: PageComponents; selectId?: string } | { ok: false; message: string };

export interface Target {
  ownerId: string;
  field: Slot['field'];
  /** Position in the slot; the end when omitted. */
  index?: number;
}

const clone = (c: PageComponents): PageComponents => structuredClone(c);
const refuse = (message: string): EditResult => ({ ok: false, message });

function slotIn(components: PageComponents, target: Target): Slot | undefined {
  const owner = locate(components, target.ownerId)?.node;
  return owner ? slotsOf(owner).find((s) => s.field === target.field) : undefined;
}

/** The result, unless the change put two two-column rows side by side (then refused). */
function checked(components: PageComponents, selectId?: string): EditResult {
  return hasAdjacentColumns(components) ? refuse(ADJACENT_COLUMNS_MESSAGE) : { ok: true, components, selectId };
}

/** Places blocks into a slot; refused when the slot's union does not take them. */
export function insertBlocks(components: PageComponents, blocks: EditNode[], target: Target): EditResult {
  const next = clone(components);
  if (target.ownerId === '') {
    next.blocks.push(...(blocks as PageComponents['blocks']));
    return { ok: true, components: next, selectId: blocks[0]?.id };
  }
  const slot = slotIn(next, target);
  if (!slot) return refuse('editor.drop.notHere');
  if (!blocks.every((b) => !isCell(b) && slotAccepts(slot.accepts, b.kind))) return refuse('editor.drop.notHere');
  slot.list.splice(target.index ?? slot.list.length, 0, ...blocks);
  return checked(next, blocks[0]?.id);
}

/** Removes a node (never a split cell: a split owns its cells). */
export function removeBlock(components: PageComponents, id: string): EditResult {
  const next = clone(components);
  const at = locate(next, id);
  if (!at || isCell(at.node)) return refuse('editor.block.notFound');
  if (at.slot) at.slot.list.splice(at.index, 1);
  else next.blocks.splice(at.index, 1);
  return checked(next, at.parent?.id);
}

/** Moves a node one place up (-1) or down (+1) within its slot. */
export function moveBlock(components: PageComponents, id: string, delta: -1 | 1): EditResult {
  const next = clone(components);
  const at = locate(next, id);
  const list: EditNode[] | undefined = at?.slot ? at.slot.list : at && !at.parent ? next.blocks : undefined;
  if (!at || !list) return refuse('editor.block.notFound');
  const to = at.index + delta;
  if (to < 0 || to >= list.length) return { ok: true, components, selectId: id };
  [list[at.index], list[to]] = [list[to], list[at.index]];
  return checked(next, id);
}

/** Moves a node into another slot (drag and drop); refused into itself or a slot that does not take it. */
export function relocateBlock(components: PageComponents, id: string, target: Target): EditResult {
  const at = locate(components, id);
  if (!at || isCell(at.node) || !at.slot) return refuse('editor.block.notFound');
  for (const inner of walkNode(at.node)) if (inner.id === target.ownerId) return refuse('editor.drop.notHere');
  const removed = removeBlock(components, id);
  if (!removed.ok && removed.message !== ADJACENT_COLUMNS_MESSAGE) return removed;
  const base = removed.ok ? removed.components : withoutBlock(components, id);
  const sameSlot = at.slot.ownerId === target.ownerId && at.slot.field === target.field;
  const index = target.index !== undefined && sameSlot && target.index > at.index ? target.index - 1 : target.index;
  return insertBlocks(base, [at.node], { ...target, index });
}

function withoutBlock(components: PageComponents, id: string): PageComponents {
  const next = clone(components);
  const at = locate(next, id);
  if (at?.slot) at.slot.list.splice(at.index, 1);
  return next;
}

function* walkNode(node: EditNode): Generator<EditNode> {
  for (const { node: inner } of walk({ version: 1, blocks: [node as PageComponents['blocks'][number]] })) yield inner;
}

/** A copy just below the original, every id inside renewed. */
export function cloneBlock(components: PageComponents, id: string, source?: IdSource): EditResult {
  const at = locate(components, id);
  if (!at?.slot || isCell(at.node)) return refuse('editor.block.notFound');
  const taken = allIds(components);
  const copy = renewIds(structuredClone(at.node), taken, source);
  return insertBlocks(components, [copy], { ownerId: at.slot.ownerId, field: at.slot.field, index: at.index + 1 });
}

/** Gives a node and everything inside it (cells, sub-question items) new ids. */
export function renewIds<T extends EditNode>(node: T, taken: Set<string>, source?: IdSource): T {
  const renew = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(renew);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string') record.id = freshId(taken, source);
    for (const [key, inner] of Object.entries(record)) if (key !== 'id') renew(inner);
  };
  renew(node);
  return node;
}

/** Replaces a node by what `change` makes of a copy of it. */
export function updateBlock(components: PageComponents, id: string, change: (node: EditNode) => EditNode): EditResult {
  const next = clone(components);
  const at = locate(next, id);
  if (!at) return refuse('editor.block.notFound');
  const replaced = change(at.node);
  if (at.slot) at.slot.list[at.index] = replaced;
  else if (at.parent && !isCell(at.parent) && (at.parent.kind === 'ratioSplit' || at.parent.kind === 'equalSplit')) at.parent.cells[at.index] = replaced as never;
  else next.blocks[at.index] = replaced as PageComponents['blocks'][number];
  return checked(next, id);
}
