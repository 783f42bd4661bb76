import { useCallback, useState } from 'react';
import { isCell, locate } from '../../../../shared/card/edit/block-tree';
import { updateBlock } from '../../../../shared/card/edit/page-edits';
import type { Asset } from '../../../../shared/card/page-document';
import { BLOCK_ID_ATTR } from '../../../../shared/card/render/render-env';
import { pickImage } from '../images/pick-image';
import type { RichText } from '../rich-text/rich-text-doc';
import { partAt, textOf, withText, type TextPart } from '../text-target';
import type { TextEditing } from '../text-overlay';
import type { EditStore } from './use-edit-store';
import type { DocKind } from './use-page-session';

/**
 * Double-click editing (page-editor.md §3): text in place with the rich-text editor, images
 * replaced through the upload (the new asset joins the page's `assets`).
 */
export function useContentEdits(store: EditStore, guid: string, kind: DocKind, addAsset: (asset: Asset) => void, textEdited?: (id: string) => void) {
  const [editing, setEditing] = useState<(TextEditing & { part: TextPart }) | null>(null);

  const startText = useCallback(
    (id: string, element: HTMLElement, part: TextPart) => {
      const node = locate(store.state.components, id)?.node;
      const value = node && textOf(node, part);
      if (!value) return;
      const box = element.getBoundingClientRect();
      setEditing({ id, value, part, rect: { left: box.left, top: box.top, width: box.width } });
    },
    [store.state.components],
  );

  const finishText = useCallback(
    (value: RichText) => {
      // The selection stays as it was: the header's texts are editable, the header is not selectable.
      if (editing && store.apply(updateBlock(store.state.components, editing.id, (n) => withText(n, editing.part, value)), 'none', store.state.selectedId)) {
        if (editing.part.field === 'content') textEdited?.(editing.id);
      }
      setEditing(null);
    },
    [editing, store, textEdited],
  );

  const replaceImage = useCallback(
    async (id: string, column: number) => {
      const asset = await pickImage(guid, kind);
      if (!asset) return;
      addAsset(asset);
      store.apply(
        updateBlock(store.state.components, id, (n) => {
          if (isCell(n)) return n;
          if (n.kind === 'imageColumns') return { ...n, assetIds: n.assetIds.map((a, i) => (i === column ? asset.id : a)) };
          if (n.kind === 'image' || n.kind === 'imageText' || n.kind === 'ratioChart') return { ...n, assetId: asset.id };
          return n;
        }),
        'none',
        id,
      );
    },
    [addAsset, guid, kind, store],
  );

  /** A double-click on the canvas: `hitId` is the innermost hooked element (a block or a sub-question item). */
  const doubleClick = useCallback(
    (hitId: string, target: HTMLElement): 'title' | null => {
      const own = target.closest<HTMLElement>(`[${BLOCK_ID_ATTR}="${CSS.escape(hitId)}"]`);
      const located = locate(store.state.components, hitId);
      const blockEl = located ? own : own?.parentElement?.closest<HTMLElement>(`[${BLOCK_ID_ATTR}]`);
      const blockId = located ? hitId : blockEl?.getAttribute(BLOCK_ID_ATTR);
      const node = blockId ? locate(store.state.components, blockId)?.node : undefined;
      if (!node || !blockEl || !blockId || isCell(node)) return null;
      if ((node.kind === 'header' && target.closest('.acs-exam-title')) || (node.kind === 'otherBase' && target.closest('.acs-other-title'))) return 'title';
      const image = target.closest<HTMLElement>('.acs-image, .acs-chart-plot');
      if (image && ['image', 'imageColumns', 'imageText', 'ratioChart'].includes(node.kind)) {
        void replaceImage(blockId, Array.from(image.parentElement?.children ?? []).indexOf(image));
        return null;
      }
      const part = partAt(node, target, located ? null : hitId);
      if (part) startText(blockId, (part.field === 'item' ? own : blockEl) ?? blockEl, part);
      return null;
    },
    [replaceImage, startText, store.state.components],
  );

  return { editing, finishText, cancelText: () => setEditing(null), replaceImage, startText, doubleClick };
}
