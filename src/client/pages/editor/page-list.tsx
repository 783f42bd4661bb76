import { ChevronLeft, ChevronRight, FilePlus2, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { useCapacity, type Capacity } from './store/capacity';

interface Props {
  /** The page shown. */
  page: number;
  /** Stored pages (the page shown may be one more, not yet saved). */
  stored: number;
  /** The page shown is new and untouched: another new page is not offered yet. */
  canAdd: boolean;
  busy: boolean;
  onOpen: (page: number) => void;
  onAdd: () => void;
  onMove: (page: number, to: number) => void;
  onDelete: (page: number) => void;
  /** A quick build's further pages, stored with the next save. */
  pendingPages: number;
  /** Share of the base the page's rows take (issue 15, part 7). */
  capacity: Capacity;
}

/** The base's use; re-renders alone when the canvas measured a new figure. */
function CapacityLabel({ capacity }: { capacity: Capacity }) {
  const t = useT();
  const used = useCapacity(capacity);
  return (
    <span className={`ml-auto text-xs tabular-nums ${used >= 100 ? 'font-semibold text-destructive' : 'text-muted-foreground'}`} data-testid="editor-capacity">
      {t('editor.pages.used', { percent: used })}
    </span>
  );
}

/**
 * Numbered tabs of every page, the current one highlighted, with move and delete on the later
 * stored pages (page 1 holds the header and stays first), and 新增頁面 after them (issue 15, part 3).
 */
export const PageList = memo(function PageList(p: Props) {
  const t = useT();
  const [deleting, setDeleting] = useState<number | null>(null);
  const shown = Math.max(p.stored, p.page);
  const small = (id: string, label: string, Icon: typeof Trash2, onClick: () => void, disabled = false) => (
    <button type="button" className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-30" data-testid={id} title={label} aria-label={label} disabled={disabled || p.busy} onClick={onClick}>
      <Icon className="size-3.5" />
    </button>
  );
  return (
    <div className="flex flex-wrap items-center gap-1.5 border-b bg-muted/40 px-3 py-1.5 text-sm" data-testid="editor-page-list">
      <span className="mr-1 text-muted-foreground">{t('editor.pages.list')}</span>
      {Array.from({ length: shown }, (_, i) => i + 1).map((n) => {
        const current = n === p.page;
        const movable = n >= 2 && n <= p.stored;
        return (
          <div key={n} className={`flex items-center gap-0.5 rounded-md border px-1 ${current ? 'border-primary bg-background shadow-sm' : 'bg-background/60'}`} data-testid={`page-tab-${n}`} aria-current={current ? 'page' : undefined}>
            <button type="button" className={`px-1.5 py-0.5 ${current ? 'font-semibold text-primary' : ''}`} disabled={p.busy} onClick={() => !current && p.onOpen(n)} data-testid={`page-tab-${n}-open`}>
              {t('editor.pages.page', { page: n })}
              {n > p.stored && <span className="ml-1 text-xs text-muted-foreground">{t('editor.pages.new')}</span>}
            </button>
            {movable && (
              <>
                {small(`page-tab-${n}-left`, t('editor.pages.moveLeft'), ChevronLeft, () => p.onMove(n, n - 1), n <= 2)}
                {small(`page-tab-${n}-right`, t('editor.pages.moveRight'), ChevronRight, () => p.onMove(n, n + 1), n >= p.stored)}
                {small(`page-tab-${n}-delete`, t('editor.pages.delete'), Trash2, () => setDeleting(n))}
              </>
            )}
          </div>
        );
      })}
      <Button size="sm" variant="outline" className="h-7" data-testid="editor-add-page" disabled={!p.canAdd || p.busy} onClick={p.onAdd}>
        <FilePlus2 className="size-4" /> {t('editor.pages.add')}
      </Button>
      {p.pendingPages > 0 && (
        <span className="text-xs text-primary" data-testid="editor-pending-pages">
          {t('editor.quick.pending', { n: p.pendingPages })}
        </span>
      )}
      <CapacityLabel capacity={p.capacity} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('editor.pages.deleteTitle', { page: deleting ?? 0 })}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) p.onDelete(deleting);
          setDeleting(null);
        }}
      >
        <p>{t('editor.pages.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
});
