import { useCallback, useState } from 'react';
import { createBlock } from '../../../../shared/card/edit/block-factory';
import { isCell, locate } from '../../../../shared/card/edit/block-tree';
import { slotAccepts } from '../../../../shared/card/edit/drop-rules';
import { cloneBlock, insertBlocks, moveBlock, relocateBlock, removeBlock, type Target } from '../../../../shared/card/edit/page-edits';
import type { PaletteItem } from '../../../../shared/card/edit/palette-items';
import { PALETTE_ITEMS } from '../../../../shared/card/edit/palette-items';
import { gridFilling } from '../../../../shared/card/edit/block-transforms';
import { intoNode, placementFor } from '../../../../shared/card/edit/placement';
import { BLOCK_ID_ATTR } from '../../../../shared/card/render/render-env';
import { showAlert } from '../../../feedback/alert-store';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import type { DialogName } from '../element-tools';
import type { StructureAction } from '../element-toolbar';
import type { EditStore } from './use-edit-store';

/** An open dialog: which, on which block (and sub-question item), and whether the block is freshly placed. */
export interface DialogRequest {
  name: DialogName;
  id: string;
  fresh: boolean;
  /** The sub-question item a child-question dialog is for. */
  itemId?: string;
}

const GENERATOR_DIALOG = { subQuestion: 'subQuestion', choice: 'choice', charCount: 'charCount', ratio: 'ratio', equalColumns: 'equalColumns' } as const;

/** Placing (click, drop), moving and structural toolbar actions, each one undoable commit. */
export function useEditorActions(store: EditStore, schoolName: string, cellRoom: (ownerId: string) => { width: number; height: number } | null) {
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const { state, apply } = store;

  const placeAt = useCallback(
    (item: PaletteItem, target: Target | null) => {
      if (!target) return void showAlert(translateUi(getLocale(), 'editor.drop.notHere'));
      const block = createBlock(item, store.newId());
      if (block.kind === 'header') block.schoolName = schoolName;
      const room = block.kind === 'grid' && target.ownerId ? cellRoom(target.ownerId) : null;
      if (block.kind === 'grid' && room) Object.assign(block, gridFilling(room.width, room.height));
      if (apply(insertBlocks(state.components, [block], target), 'add') && item.generator) {
        setDialog({ name: GENERATOR_DIALOG[item.generator], id: block.id, fresh: true });
      }
    },
    [apply, state.components, store, schoolName, cellRoom],
  );

  const place = useCallback((item: PaletteItem) => placeAt(item, placementFor(state.components, state.selectedId, item.kind)), [placeAt, state]);

  /** A drop on the canvas: into the nearest block under the pointer whose slot takes the block. */
  const dropOnCanvas = useCallback(
    (element: HTMLElement, payload: { paletteId?: string; layerId?: string; y: number }) => {
      const kind = payload.paletteId ? PALETTE_ITEMS.find((p) => p.id === payload.paletteId)?.kind : payload.layerId ? kindOfId(payload.layerId) : undefined;
      if (!kind) return;
      let target: Target | null = null;
      let below: { id: string; after: boolean } | null = null;
      for (let el: HTMLElement | null = element.closest(`[${BLOCK_ID_ATTR}]`); el && !target; el = el.parentElement?.closest(`[${BLOCK_ID_ATTR}]`) ?? null) {
        const at = locate(state.components, el.getAttribute(BLOCK_ID_ATTR) ?? '');
        if (!at) continue;
        const node = at.node;
        if (!isCell(node) && node.kind === 'twoColumn') {
          const right = element.closest('.acs-column') && !element.closest('.acs-column-left');
          target = slotAccepts('columnRow', kind) ? { ownerId: node.id, field: right ? 'right' : 'left' } : null;
        } else target = intoNode(node, kind);
        // Dropped over a row of that container: before or after it, by the pointer's half.
        const over = below && locate(state.components, below.id);
        if (target && over?.slot && over.slot.ownerId === target.ownerId && over.slot.field === target.field) target = { ...target, index: over.index + (below!.after ? 1 : 0) };
        const box = el.getBoundingClientRect();
        below = { id: node.id, after: payload.y > box.top + box.height / 2 };
      }
      target ??= placementFor(state.components, null, kind);
      if (payload.paletteId) placeAt(PALETTE_ITEMS.find((p) => p.id === payload.paletteId)!, target);
      else if (payload.layerId && target) apply(relocateBlock(state.components, payload.layerId, target), 'update');
      function kindOfId(id: string) {
        const node = locate(state.components, id)?.node;
        return node && !isCell(node) ? node.kind : undefined;
      }
    },
    [apply, placeAt, state.components],
  );

  /** Layers panel: a layer dropped on another goes just before it, or into it when only that fits. */
  const moveOnto = useCallback(
    (id: string, ontoId: string) => {
      const moving = locate(state.components, id)?.node;
      const onto = locate(state.components, ontoId);
      if (!moving || isCell(moving) || !onto) return;
      const into = intoNode(onto.node, moving.kind);
      const before = onto.slot && slotAccepts(onto.slot.accepts, moving.kind) ? { ownerId: onto.slot.ownerId, field: onto.slot.field, index: onto.index } : null;
      const target = before ?? into;
      if (!target) return void showAlert(translateUi(getLocale(), 'editor.drop.notHere'));
      apply(relocateBlock(state.components, id, target), 'update');
    },
    [apply, state.components],
  );

  const structure = useCallback(
    (action: StructureAction, id: string) => {
      const c = state.components;
      if (action === 'parent') return store.select(locate(c, id)?.parent?.id ?? null);
      if (action === 'up' || action === 'down') return void apply(moveBlock(c, id, action === 'up' ? -1 : 1), 'none');
      if (action === 'clone') return void apply(cloneBlock(c, id), 'add');
      apply(removeBlock(c, id), 'none');
    },
    [apply, state.components, store],
  );

  return { dialog, setDialog, place, dropOnCanvas, moveOnto, structure };
}
