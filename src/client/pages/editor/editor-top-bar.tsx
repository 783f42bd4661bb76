import { memo } from 'react';
import { HelpCircle, Redo2, Save, SquareDashed, Undo2, ListOrdered, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';

export const PAGER_LINKS = 4;

interface Props {
  page: number;
  pages: number;
  outlines: boolean;
  canUndo: boolean;
  canRedo: boolean;
  withHelp: boolean;
  onOutlines: () => void;
  onRenumber: () => void;
  onSave: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onHelp: () => void;
  onQuickBuild: () => void;
  onPage: (page: number) => void;
}

/** The window of at most four page links around the current page (page-editor.md §9). */
export function pagerWindow(page: number, pages: number): number[] {
  const first = Math.max(1, Math.min(page - 1, pages - PAGER_LINKS + 1));
  return Array.from({ length: Math.min(PAGER_LINKS, pages) }, (_, i) => first + i);
}

/** Top actions and the paginator (one page per step). `pages` includes a new page after the last. */
export const EditorTopBar = memo(function EditorTopBar(p: Props) {
  const t = useT();
  const action = (id: string, label: UiKey, Icon: typeof Save, onClick: () => void, disabled = false, pressed?: boolean) => (
    <Button size="sm" variant={pressed ? 'default' : 'outline'} data-testid={`editor-${id}`} disabled={disabled} onClick={onClick} aria-pressed={pressed}>
      <Icon className="size-4" /> {t(label)}
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center gap-2 border-b bg-background px-3 py-2">
      {action('quick-build', 'editor.quick.open', Wand2, p.onQuickBuild)}
      {action('outlines', 'editor.action.outlines', SquareDashed, p.onOutlines, false, p.outlines)}
      {action('renumber', 'editor.action.renumber', ListOrdered, p.onRenumber)}
      {action('save', 'editor.action.save', Save, p.onSave)}
      {action('undo', 'editor.action.undo', Undo2, p.onUndo, !p.canUndo)}
      {action('redo', 'editor.action.redo', Redo2, p.onRedo, !p.canRedo)}
      {p.withHelp && action('help', 'editor.action.help', HelpCircle, p.onHelp)}
      <nav className="ml-auto flex items-center gap-1" data-testid="editor-pager">
        <Button size="sm" variant="ghost" disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)} data-testid="page-prev">
          {t('editor.page.prev')}
        </Button>
        {pagerWindow(p.page, p.pages).map((n) => (
          <Button key={n} size="sm" variant={n === p.page ? 'default' : 'outline'} data-testid={`page-${n}`} onClick={() => n !== p.page && p.onPage(n)}>
            {n}
          </Button>
        ))}
        <Button size="sm" variant="ghost" disabled={p.page >= p.pages} onClick={() => p.onPage(p.page + 1)} data-testid="page-next">
          {t('editor.page.next')}
        </Button>
      </nav>
    </div>
  );
});
