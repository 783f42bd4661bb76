import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { numberQuestions } from '../../../../shared/card/render/question-numbers';
import { showAlert } from '../../../feedback/alert-store';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import { layoutProblem, type LayoutProblem } from '../editor-canvas';
import type { PageComponents } from '../../../../shared/card/page-blocks';
import type { EditStore } from './use-edit-store';
import type { LoadedPage, usePageSession } from './use-page-session';

/** The guard's message for a problem that is refused whatever the edit was. */
const REFUSED = { reserved: 'editor.layout.reservedRefused', clipped: 'editor.layout.clippedRefused', scoreBox: 'editor.layout.scoreBoxRefused' } as const satisfies Record<Exclude<LayoutProblem, 'overflow'>, string>;

const tr = (key: string) => translateUi(getLocale(), key);

/**
 * The page being edited: loading, saving (refused while a base overflows), page changes (save
 * first when the page changed), renumbering, and the layout guard run after each render with the
 * real heights.
 */
export function useEditorPage(
  store: EditStore,
  session: ReturnType<typeof usePageSession>,
  scope: RefObject<HTMLDivElement | null>,
  /** New pages after this one to store with its next save (a quick build's), and how to forget them. */
  further: { pages: PageComponents[]; clear: () => void },
) {
  const [loaded, setLoaded] = useState<LoadedPage | null>(null);
  const [savedRevision, setSavedRevision] = useState(0);
  const checked = useRef(0);
  const { state } = store;
  const dirty = state.revision !== savedRevision || further.pages.length > 0;
  // Unedited, but numbered otherwise than stored (an earlier page gained or lost questions): the
  // page's question_total must be stored again for the pages after it.
  const renumbered = useMemo(
    () => !!loaded && loaded.stored && String(numberQuestions(state.components, loaded.startNumber).questionTotal) !== loaded.storedTotal,
    [loaded, state.components],
  );

  const open = useCallback(
    async (page: number) => {
      let next = await session.load(page);
      // A page past the one after the last (an old ?page= in the URL) opens the last instead.
      if (next.page > next.pages + 1) next = await session.load(next.pages);
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
      if (problem !== 'overflow') void showAlert(tr(REFUSED[problem]));
      else void showAlert(tr(store.guard.kind === 'add' ? 'editor.layout.addRefused' : 'editor.layout.updateReverted'));
    },
    [state.revision, store],
  );

  const save = useCallback(async () => {
    if (!loaded || !scope.current) return false;
    const problem = layoutProblem(scope.current);
    if (problem) {
      await showAlert(tr(problem === 'overflow' ? 'editor.layout.saveRefused' : REFUSED[problem]));
      return false;
    }
    const ok = await session.save(loaded, state.components, scope.current);
    if (ok) {
      setSavedRevision(state.revision);
      // The saved count is the new reference: the question-count notice is shown once per change.
      const numbered = numberQuestions(state.components, loaded.startNumber);
      let pages = Math.max(loaded.pages, loaded.page);
      let questionTotal = numbered.questionTotal;
      for (const [i, components] of further.pages.entries()) {
        questionTotal = await session.saveUnseen(loaded, loaded.page + i + 1, loaded.page + further.pages.length, components, questionTotal + 1);
        pages = Math.max(pages, loaded.page + i + 1);
      }
      further.clear();
      setLoaded({ ...loaded, stored: true, pages, loadedCount: numbered.count, storedTotal: String(numbered.questionTotal) });
    }
    return ok;
  }, [loaded, scope, session, state.components, state.revision, further]);

  // A page change saves first (page-editor.md §4), but only a page that changed: paging through a
  // converted card must not turn it back into a draft (issue 15, part 4).
  const saveIfChanged = async () => !(dirty || renumbered) || (await save());
  const goTo = async (page: number) => {
    if (await saveIfChanged()) await open(page);
  };

  const renumber = async () => {
    if (!loaded) return;
    setLoaded({ ...loaded, startNumber: await session.startNumberOf(loaded.page) });
  };

  return { loaded, setLoaded, dirty, open, save, saveIfChanged, goTo, renumber, afterRender };
}
