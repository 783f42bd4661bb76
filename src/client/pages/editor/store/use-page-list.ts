import { trpc } from '../../../trpc/trpc';
import type { useEditorPage } from './use-editor-page';
import type { DocKind } from './use-page-session';
import { positionAfterDelete, positionAfterMove } from '../../../../shared/card/edit/page-positions';

type EditorPage = ReturnType<typeof useEditorPage>;

/**
 * The page list (issue 15, part 3): a new page after the last, a later page deleted or moved.
 * The page shown is saved first when it changed, and reloaded afterwards at its new place.
 */
export function usePageList(guid: string, kind: DocKind, editor: EditorPage) {
  const deleteMutation = trpc.cards.content.deletePage.useMutation();
  const moveMutation = trpc.cards.content.movePage.useMutation({ meta: { silentSuccess: true } });
  const { loaded } = editor;
  const current = loaded?.page ?? 1;
  /** Stored pages, counting the page shown once it is saved. */
  const stored = loaded ? loaded.pages : 1;

  const add = async () => {
    if (!loaded || !(await editor.saveIfChanged())) return;
    await editor.open(Math.max(loaded.pages, loaded.page) + 1);
  };

  const remove = async (page: number) => {
    if (!loaded) return;
    if (page !== current && !(await editor.saveIfChanged())) return;
    await deleteMutation.mutateAsync({ guid, kind, page });
    await editor.open(positionAfterDelete(current, page, stored));
  };

  const move = async (page: number, to: number) => {
    if (!loaded || !(await editor.saveIfChanged())) return;
    await moveMutation.mutateAsync({ guid, kind, page, to });
    await editor.open(positionAfterMove(current, page, to, stored));
  };

  return { add, remove, move, busy: deleteMutation.isPending || moveMutation.isPending };
}
