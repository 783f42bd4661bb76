import type { RichText } from './rich-text/rich-text-doc';
import { isCell, type EditNode } from '../../../shared/card/edit/block-tree';

// What a double-click edits as rich text: a text block's content, one sub-question's label, or
// the header's subtitle (left or right). `part` names the piece inside the block.

export type TextPart = { field: 'content' } | { field: 'item'; itemId: string } | { field: 'subtitle'; side: 'left' | 'right' };

export function textOf(node: EditNode, part: TextPart): RichText | undefined {
  if (isCell(node)) return undefined;
  if (part.field === 'item') return node.kind === 'subQuestionGroup' ? node.items.find((i) => i.id === part.itemId)?.label : undefined;
  if (part.field === 'subtitle') return node.kind === 'header' ? (node.subtitle?.[part.side] ?? []) : undefined;
  switch (node.kind) {
    case 'text':
    case 'borderedText':
    case 'imageText':
      return node.content;
    case 'blank':
      return node.content ?? [];
    default:
      return undefined;
  }
}

export function withText(node: EditNode, part: TextPart, text: RichText): EditNode {
  if (isCell(node)) return node;
  if (part.field === 'item' && node.kind === 'subQuestionGroup') return { ...node, items: node.items.map((i) => (i.id === part.itemId ? { ...i, label: text } : i)) };
  if (part.field === 'subtitle' && node.kind === 'header') return { ...node, subtitle: { left: node.subtitle?.left ?? [], right: node.subtitle?.right ?? [], [part.side]: text } };
  if (part.field === 'content' && textOf(node, part) !== undefined) return { ...node, content: text } as EditNode;
  return node;
}

/** The part a double-click on `target` inside block `node` means, if any. */
export function partAt(node: EditNode, target: HTMLElement, itemId: string | null): TextPart | null {
  if (isCell(node)) return null;
  if (node.kind === 'header') {
    // An empty side takes no room, so a double-click anywhere else on the row edits the left text.
    if (target.closest('.acs-subtitle-right')) return { field: 'subtitle', side: 'right' };
    return target.closest('.acs-subtitle') ? { field: 'subtitle', side: 'left' } : null;
  }
  if (node.kind === 'subQuestionGroup') return itemId ? { field: 'item', itemId } : null;
  return textOf(node, { field: 'content' }) !== undefined ? { field: 'content' } : null;
}
