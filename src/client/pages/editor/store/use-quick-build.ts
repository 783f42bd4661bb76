import { useCallback, useState, type RefObject } from 'react';
import { quickBuild } from '../../../../shared/card/edit/quick-build';
import type { QuickPlan } from '../../../../shared/card/edit/quick-plan';
import type { PageComponents } from '../../../../shared/card/page-blocks';
import { showAlert } from '../../../feedback/alert-store';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import { baseRoom } from '../base-room';
import type { EditStore } from './use-edit-store';

/** The quick build's further pages, valid while the page it built is the page shown or under later edits. */
interface Pending {
  built: PageComponents;
  pages: PageComponents[];
}

/**
 * 快速建立 (issue 15, part 1): the plan goes onto the page shown as one commit (one undo step, the
 * layout guard checks it as an add); what does not fit becomes new pages after it, kept here and
 * stored with the page's next save. Undoing the build drops them too.
 */
export function useQuickBuild(store: EditStore, scope: RefObject<HTMLDivElement | null>) {
  const [room, setRoom] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const { state } = store;

  const start = useCallback((page: number) => setRoom(scope.current ? baseRoom(scope.current, page) : 0), [scope]);

  const confirm = (plan: QuickPlan, page: number, isLastPage: boolean) => {
    const { page: built, more } = quickBuild(state.components, page, room ?? 0, plan, store.newId());
    setRoom(null);
    if (!store.apply({ ok: true, components: built }, 'add', null)) return;
    if (more.length > 0 && !isLastPage) {
      const left = more.reduce((n, p) => n + countRows(p), 0);
      void showAlert(translateUi(getLocale(), 'editor.quick.notLast', { n: left }));
      return;
    }
    setPending(more.length > 0 ? { built, pages: more } : null);
  };

  const pendingPages = pending && (state.components === pending.built || state.past.includes(pending.built)) ? pending.pages : NO_PAGES;
  return { room, start, confirm, close: () => setRoom(null), pendingPages, clearPending: useCallback(() => setPending(null), []) };
}

const NO_PAGES: PageComponents[] = [];

/** Rows of a page's base, a two-column block counting its taller column. */
function countRows(page: PageComponents): number {
  const base = page.blocks.find((b) => b.kind === 'otherBase' || b.kind === 'firstBase');
  return (base?.children ?? []).reduce((n, row) => n + (row.kind === 'twoColumn' ? row.left.length + row.right.length : 1), 0);
}
