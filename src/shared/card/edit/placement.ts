import type { PageComponents } from '../page-blocks';
import { isCell, locate, pageBase, slotsOf, type EditNode } from './block-tree';
import { slotAccepts } from './drop-rules';
import type { Target } from './page-edits';

// Where a block placed by a click lands (page-editor.md §2 "Block palette"): into the selected
// container when it takes the block, else just after the selected block, else up the tree, and
// at last at the end of the page's base. Page-level blocks go to the page itself.

const TOP_ORDER = { header: 0, firstBase: 1, otherBase: 1 } as const;

export function placementFor(components: PageComponents, selectedId: string | null, kind: string): Target | null {
  if (kind in TOP_ORDER) {
    if (components.blocks.some((b) => b.kind === kind || (kind !== 'header' && b.kind !== 'header'))) return null;
    const index = kind === 'header' ? 0 : components.blocks.length;
    return { ownerId: '', field: 'children', index };
  }
  let id = selectedId;
  while (id) {
    const at = locate(components, id);
    if (!at) break;
    const inside = intoNode(at.node, kind);
    if (inside) return inside;
    if (at.slot && slotAccepts(at.slot.accepts, kind)) return { ownerId: at.slot.ownerId, field: at.slot.field, index: at.index + 1 };
    id = at.parent?.id ?? null;
  }
  const base = pageBase(components);
  return base ? intoNode(base, kind) : null;
}

/** The node's first child list that takes the kind, at its end. */
export function intoNode(node: EditNode, kind: string): Target | null {
  const slot = slotsOf(node).find((s) => slotAccepts(s.accepts, kind));
  return slot ? { ownerId: node.id, field: slot.field } : null;
}

/** Page-level blocks and split cells are not moved, copied or deleted by the toolbar. */
export function isMovable(components: PageComponents, id: string): boolean {
  const at = locate(components, id);
  return !!at?.slot && !isCell(at.node);
}
