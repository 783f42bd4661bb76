import { useCallback, useMemo, useReducer } from 'react';
import { EMPTY_COMPONENTS, type PageComponents } from '../../../../shared/card/page-blocks';
import { allIds } from '../../../../shared/card/edit/block-tree';
import { freshId } from '../../../../shared/card/edit/block-ids';
import { editReducer, initialEditState } from '../../../../shared/card/edit/edit-history';
import type { EditResult } from '../../../../shared/card/edit/page-edits';
import { shareUnchanged } from '../../../../shared/card/edit/share-unchanged';
import { showAlert } from '../../../feedback/alert-store';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';

/** What the layout guard does when the change it follows makes the page overflow. */
export type GuardKind = 'add' | 'update' | 'none';

/**
 * The editor's state around the pure reducer (src/shared/card/edit/edit-history.ts): applies an
 * edit's result, alerting a refusal (drop rules, adjacent columns) and leaving the page as it was.
 * `guard` tells the canvas what to do if the new page turns out taller than its base.
 */
export function useEditStore() {
  const [state, dispatch] = useReducer(editReducer, EMPTY_COMPONENTS, initialEditState);
  const [guard, setGuard] = useReducer((_: { kind: GuardKind; revision: number }, next: { kind: GuardKind; revision: number }) => next, { kind: 'none', revision: 0 });

  const apply = useCallback(
    (result: EditResult, kind: GuardKind = 'update', selectId?: string | null, replaceLast = false): boolean => {
      if (!result.ok) {
        void showAlert(translateUi(getLocale(), result.message));
        return false;
      }
      // A generator block's first value replaces its placement, so one undo takes both back.
      if (replaceLast) dispatch({ type: 'revert' });
      // Unchanged blocks stay the objects they were, so the canvas re-renders only what changed.
      dispatch({ type: 'commit', components: shareUnchanged(state.components, result.components), selectId: selectId === undefined ? (result.selectId ?? null) : selectId });
      // Each dispatch bumps the revision: the guard names the one this change ends on.
      setGuard({ kind, revision: state.revision + (replaceLast ? 2 : 1) });
      return true;
    },
    [state.revision, state.components],
  );

  const actions = useMemo(
    () => ({
      load: (components: PageComponents) => {
        dispatch({ type: 'load', components });
        setGuard({ kind: 'none', revision: 0 });
      },
      select: (id: string | null) => dispatch({ type: 'select', id }),
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      revert: () => dispatch({ type: 'revert' }),
    }),
    [],
  );

  /** A source of ids not yet used on the current page. */
  const newId = useCallback(() => {
    const taken = allIds(state.components);
    return () => freshId(taken);
  }, [state.components]);

  return { state, guard, apply, newId, ...actions };
}

export type EditStore = ReturnType<typeof useEditStore>;
