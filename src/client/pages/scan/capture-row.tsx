import { CameraIcon, ChevronDownIcon, ChevronUpIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TableCell, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { BatchSummary, type BatchItem } from './batch-summary';

// A phone's capture session in the scan screen's list (docs/scan-batches.md "Capture with a
// phone"): ONE row — 「手機拍照 · 30 張」, its sheets read so far, its summary over all of them — that
// opens onto its sheets; deleted (and restored) as one.

export type CaptureItem = BatchItem & { capture: NonNullable<BatchItem['capture']> };
export const isCapture = (b: BatchItem): b is CaptureItem => b.capture !== null;

type State = BatchItem['state'];
export function StateBadge({ state }: { state: State }) {
  const t = useT();
  const variant = state === 'failed' ? 'destructive' : state === 'done' ? 'secondary' : 'default';
  return <Badge variant={variant} data-testid="scan-batch-state">{t(`scan.state.${state}`)}</Badge>;
}

/** A finished batch's 刪除… (a running one is not deleted). */
export function DeleteCell<B extends { batch_id: number; state: State }>({ batch, onDelete }: { batch: B; onDelete: (batch: B) => void }) {
  const t = useT();
  return (
    <TableCell>
      {(batch.state === 'done' || batch.state === 'failed') && (
        <Button size="sm" variant="ghost" className="text-destructive" data-testid={`scan-batch-delete-${batch.batch_id}`} onClick={() => onDelete(batch)}>
          {t('scan.batches.delete')}
        </Button>
      )}
    </TableCell>
  );
}

/** A session's time: its first sheet's, and the last one's clock time when it is another (「2026-12-02 08:51 – 09:20」). */
const timeSpan = (first: string, last: string | undefined) => (last && last.slice(0, 16) !== first.slice(0, 16) ? `${first.slice(0, 16)} – ${last.slice(11, 16)}` : first);

export function CaptureRow({ item, onDelete, onDeleteSheet }: { item: CaptureItem; onDelete: (item: CaptureItem) => void; onDeleteSheet: (sheet: { batch_id: number; filename: string }) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const c = item.capture;
  return (
    <Fragment>
      <TableRow data-testid={`scan-batch-${item.batch_id}`} data-capture={c.id}>
        <TableCell className="max-w-72">
          <button type="button" className="flex items-center gap-2 text-start font-medium" aria-expanded={open} data-testid="scan-capture-toggle" onClick={() => setOpen((o) => !o)}>
            <CameraIcon className="size-4 shrink-0 text-muted-foreground" />
            <span data-testid="scan-capture-label">{t('scan.capture.label', { count: c.sheets })}</span>
            {open ? <ChevronUpIcon className="size-4 shrink-0" /> : <ChevronDownIcon className="size-4 shrink-0" />}
          </button>
        </TableCell>
        <TableCell className="tabular-nums">{timeSpan(item.created_at, c.batches[c.batches.length - 1]?.created_at)}</TableCell>
        <TableCell>{item.username}</TableCell>
        <TableCell className="min-w-40">
          <p className="tabular-nums" data-testid="scan-batch-progress">{t('scan.capture.progress', { done: c.done, count: c.sheets })}</p>
          <div className="mt-1 h-1.5 overflow-hidden rounded bg-muted">
            <div className="h-full bg-primary transition-[width]" style={{ width: `${c.sheets ? (100 * (c.done + c.failed)) / c.sheets : 0}%` }} />
          </div>
        </TableCell>
        <TableCell className="min-w-64 whitespace-normal">
          <StateBadge state={item.state} />
          {c.failed > 0 && <p className="mt-1 text-sm text-destructive" data-testid="scan-batch-error">{t('scan.capture.failed', { count: c.failed })}</p>}
          {item.summary && <BatchSummary summary={item.summary} warnings={item.warnings} sheets />}
        </TableCell>
        <DeleteCell batch={item} onDelete={onDelete} />
      </TableRow>
      {open &&
        c.batches.map((s, i) => (
          <TableRow key={s.batch_id} className="bg-muted/30 text-sm" data-testid={`scan-capture-sheet-${s.batch_id}`}>
            <TableCell className="max-w-72 ps-10 text-muted-foreground">
              {t('scan.capture.sheet', { n: i + 1 })}
              <span className="block truncate text-xs">{s.filename}</span>
            </TableCell>
            <TableCell className="tabular-nums text-muted-foreground">{s.created_at}</TableCell>
            <TableCell />
            <TableCell />
            <TableCell>
              <StateBadge state={s.state} />
              {s.error && <p className="mt-1 text-xs text-destructive">{s.error}</p>}
            </TableCell>
            <DeleteCell batch={s} onDelete={onDeleteSheet} />
          </TableRow>
        ))}
    </Fragment>
  );
}
