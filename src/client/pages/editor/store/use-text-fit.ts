import { useCallback, useRef } from 'react';
import { isCell, locate } from '../../../../shared/card/edit/block-tree';
import { updateBlock } from '../../../../shared/card/edit/page-edits';
import { BLOCK_ID_ATTR } from '../../../../shared/card/render/render-env';
import { showAlert } from '../../../feedback/alert-store';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import { freeRoom } from '../base-room';
import type { EditStore } from './use-edit-store';

/**
 * Text that fits (issue 15, part 6): after a text block's content is edited, a block whose text is
 * taller than its height grows to it — in the same undo step as the edit — as far as the free room
 * of its area (base, split cell, free-answer area) allows; beyond that it keeps its height and the
 * author is told that the text is cut.
 */
export function useTextFit(store: EditStore) {
  const edited = useRef<string | null>(null);

  const request = useCallback((id: string) => void (edited.current = id), []);

  const afterRender = (canvas: HTMLElement) => {
    const id = edited.current;
    if (!id) return;
    edited.current = null;
    const el = canvas.querySelector<HTMLElement>(`[${BLOCK_ID_ATTR}="${CSS.escape(id)}"]`);
    const node = locate(store.state.components, id)?.node;
    if (!el?.classList.contains('acs-text') || !node || isCell(node) || (node.kind !== 'text' && node.kind !== 'borderedText')) return;
    const extra = Math.ceil(el.scrollHeight - el.clientHeight);
    if (extra <= 0) return;
    const area = el.parentElement?.closest<HTMLElement>('.acs-base, .acs-split-cell, .acs-free-area');
    if (!area || extra > freeRoom(area)) {
      void showAlert(translateUi(getLocale(), 'editor.text.cut'));
      return;
    }
    const height = node.height + extra;
    store.apply(updateBlock(store.state.components, id, (n) => (!isCell(n) && (n.kind === 'text' || n.kind === 'borderedText') ? { ...n, height } : n)), 'update', store.state.selectedId, true);
  };

  return { request, afterRender };
}
