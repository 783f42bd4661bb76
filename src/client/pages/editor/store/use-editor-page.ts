import { useCallback, useRef, useState, type RefObject } from 'react';
import { numberQuestions } from '../../../../shared/card/render/question-numbers';
import { showAlert } from '../../../feedback/alert-store';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import { layoutProblem } from '../editor-canvas';
import type { EditStore } from './use-edit-store';
import type { LoadedPage, usePageSession } from './use-page-session';

const tr = (key: string) => translateUi(getLocale(), key);

/**
 * The page being edited: loading, saving (refused while a base overflows), page changes (save
 * first), renumbering, and the layout guard run after each render with the real heights.
 */
export function useEditorPage(store: EditStore, session: ReturnType<typeof usePageSession>, scope: RefObject<HTMLDivElement | null>) {
  const [loaded, setLoaded] = useState<LoadedPage | null>(null);
  const [savedRevision, setSavedRevision] = useState(0);
  const checked = useRef(0);
  const { state } = store;
  const dirty = state.revision !== savedRevision;

  const open = useCallback(
    async (page: number) => {
      const next = await session.load(page);
      store.load(next.components);
      checked.current = 0;
      setSavedRevision(0);
      setLoaded(next);
    },
    [session, store],
  );

  /** After each render: an add or update that made a base overflow is taken back (page-editor.md §4). */
  const afterRender = useCallback(
    (canvas: HTMLDivElement) => {
      if (store.guard.revision !== state.revision || checked.current === state.revision || store.guard.kind === 'none') return;
      checked.current = state.revision;
      const problem = layoutProblem(canvas);
      if (!problem) return;
      store.revert();
      if (problem === 'reserved') void showAlert(tr('editor.layout.reservedRefused'));
      else void showAlert(tr(store.guard.kind === 'add' ? 'editor.layout.addRefused' : 'editor.layout.updateReverted'));
    },
    [state.revision, store],
  );

  const save = useCallback(async () => {
    if (!loaded || !scope.current) return false;
    const problem = layoutProblem(scope.current);
    if (problem) {
      await showAlert(tr(problem === 'reserved' ? 'editor.layout.reservedRefused' : 'editor.layout.saveRefused'));
      return false;
    }
    const ok = await session.save(loaded, state.components, scope.current);
    if (ok) {
      setSavedRevision(state.revision);
      // The saved count is the new reference: the question-count notice is shown once per change.
      setLoaded({ ...loaded, pages: Math.max(loaded.pages, loaded.page), loadedCount: numberQuestions(state.components, loaded.startNumber).count });
    }
    return ok;
  }, [loaded, scope, session, state.components, state.revision]);

  // A page change saves first (page-editor.md §4); a new page left untouched has nothing to save.
  const goTo = async (page: number) => {
    const untouched = !dirty && state.components.blocks.length === 0;
    if (untouched || (await save())) await open(page);
  };

  const renumber = async () => {
    if (!loaded) return;
    setLoaded({ ...loaded, startNumber: await session.startNumberOf(loaded.page) });
  };

  return { loaded, setLoaded, dirty, open, save, goTo, renumber, afterRender };
}
