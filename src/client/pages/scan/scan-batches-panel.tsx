import { useEffect, useRef, useState } from 'react';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FileInput } from '../../components/ui/file-input';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { SCAN_ACCEPT, SCAN_MAX_BYTES, SCAN_POLL_MS } from '../../../shared/scan-limits';
import { uploadScan } from './upload-scan';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { notifyUndo } from '../../feedback/notify';

type State = 'queued' | 'reading' | 'done' | 'failed';

function StateBadge({ state }: { state: State }) {
  const t = useT();
  const variant = state === 'failed' ? 'destructive' : state === 'done' ? 'secondary' : 'default';
  return <Badge variant={variant} data-testid="scan-batch-state">{t(`scan.state.${state}`)}</Badge>;
}

/** Upload a scan file, then watch the batches read: pages read / total, polled like the print modal. */
export function ScanBatchesPanel({ guid, onRead }: { guid: string; onRead: () => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const utils = trpc.useUtils();
  const batches = trpc.scan.batches.useQuery(
    { guid },
    {
      refetchInterval: (query) => {
        const running = query.state.data?.some((b) => b.state === 'queued' || b.state === 'reading');
        return running ? SCAN_POLL_MS : false;
      },
    },
  );
  // A batch that finishes brings new review items and answers: the other tabs are told.
  const running = batches.data?.filter((b) => b.state === 'queued' || b.state === 'reading').length ?? 0;
  const lastRunning = useRef(0);
  useEffect(() => {
    if (running < lastRunning.current) onRead();
    lastRunning.current = running;
  }, [running, onRead]);

  /** The same file was uploaded before: the server's words, asked before sending it again. */
  const [same, setSame] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ batch_id: number; filename: string } | null>(null);
  const changed = () => {
    void utils.scan.batches.invalidate({ guid });
    onRead();
  };
  const restore = trpc.scan.deleteBatch.useMutation({ onSuccess: changed });
  const remove = trpc.scan.deleteBatch.useMutation({
    meta: { silentSuccess: true },
    onSuccess: (reply, input) => {
      changed();
      notifyUndo(reply.message, () => restore.mutate({ batch_id: input.batch_id, restore: true }));
    },
  });
  const submit = async (again = false) => {
    if (!file) return void showAlert(t('scan.noFile'));
    if (file.size > SCAN_MAX_BYTES) return void showAlert(t('scan.tooLarge'));
    setPercent(0);
    const answer = await uploadScan(guid, file, setPercent, again);
    setPercent(null);
    if ('error' in answer && answer.same) return void setSame(answer.error);
    if ('error' in answer) return void showAlert(answer.error || t('scan.upload.failed'));
    setFile(null);
    await utils.scan.batches.invalidate({ guid });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <Label htmlFor="scan-file">{t('scan.upload.label')}</Label>
        <div className="flex flex-wrap items-center gap-3">
          <FileInput id="scan-file" data-testid="scan-file" accept={SCAN_ACCEPT} className="max-w-md" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <Button data-testid="scan-upload" onClick={() => void submit()} disabled={percent !== null}>
            {percent === null ? t('scan.upload.submit') : t('scan.upload.sending', { percent })}
          </Button>
        </div>
      </div>
      <Table data-testid="scan-batches">
        <TableHeader>
          <TableRow>
            <TableHead>{t('scan.batches.file')}</TableHead>
            <TableHead>{t('scan.batches.time')}</TableHead>
            <TableHead>{t('scan.batches.user')}</TableHead>
            <TableHead>{t('scan.batches.pages')}</TableHead>
            <TableHead>{t('scan.batches.state')}</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {batches.data?.map((b) => (
            <TableRow key={b.batch_id} data-testid={`scan-batch-${b.batch_id}`}>
              <TableCell className="max-w-72 truncate">{b.filename}</TableCell>
              <TableCell className="tabular-nums">{b.created_at}</TableCell>
              <TableCell>{b.username}</TableCell>
              <TableCell className="min-w-48">
                <p className="tabular-nums" data-testid="scan-batch-progress">{t('scan.progress', { done: b.pages_done, total: b.pages_total })}</p>
                <div className="mt-1 h-1.5 overflow-hidden rounded bg-muted">
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${b.pages_total ? (100 * b.pages_done) / b.pages_total : 0}%` }} />
                </div>
              </TableCell>
              <TableCell>
                <StateBadge state={b.state} />
                {b.error && <p className="mt-1 text-sm text-destructive" data-testid="scan-batch-error">{b.error}</p>}
                {b.summary && <BatchSummary summary={b.summary} warnings={b.warnings} />}
              </TableCell>
              <TableCell>
                {(b.state === 'done' || b.state === 'failed') && (
                  <Button size="sm" variant="ghost" className="text-destructive" data-testid={`scan-batch-delete-${b.batch_id}`} onClick={() => setDeleting(b)}>
                    {t('scan.batches.delete')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {batches.data?.length === 0 && <EmptyRow colSpan={6} text="scan.batches.empty" />}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={same !== null}
        title={t('scan.upload.sameTitle')}
        testIds={{ dialog: 'scan-same-dialog', ok: 'scan-same-ok', cancel: 'scan-same-cancel' }}
        onConfirm={() => void submit(true)}
        onClose={() => setSame(null)}
      >
        <p className="text-sm">{same}</p>
        <p className="text-sm text-muted-foreground">{t('scan.upload.sameText')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('scan.batches.deleteConfirm')}
        item={deleting?.filename}
        destructive
        testIds={{ dialog: 'scan-batch-delete-dialog', ok: 'scan-batch-delete-ok', cancel: 'scan-batch-delete-cancel' }}
        onConfirm={() => deleting && remove.mutate({ batch_id: deleting.batch_id })}
        onClose={() => setDeleting(null)}
      >
        <p className="text-sm text-muted-foreground">{t('scan.batches.deleteText')}</p>
      </ConfirmDialog>
    </div>
  );
}

type Summary = NonNullable<inferRouterOutputs<AppRouter>['scan']['batches'][number]['summary']>;

/** What a finished batch brought: read, to review, set aside and why, already scanned, students without a sheet. */
function BatchSummary({ summary, warnings }: { summary: Summary; warnings: { kind: string; text: string; pages: number[] }[] }) {
  const t = useT();
  const aside = Object.entries(summary.set_aside).filter(([, n]) => n > 0);
  return (
    <div className="mt-2 flex flex-col gap-1 text-xs" data-testid="scan-batch-summary">
      <p>
        {t('scan.summary.read', { count: summary.read })}
        {summary.to_review > 0 && <span className="text-amber-700 dark:text-amber-400"> · {t('scan.summary.toReview', { count: summary.to_review })}</span>}
        {summary.scanned_twice > 0 && <span> · {t('scan.summary.scannedTwice', { count: summary.scanned_twice })}</span>}
      </p>
      {aside.length > 0 && (
        <p className="text-muted-foreground" data-testid="scan-batch-aside">
          {t('scan.summary.setAside')}
          {aside.map(([why, n]) => t(`scan.summary.aside.${why}` as 'scan.summary.aside.blank', { count: n })).join('、')}
        </p>
      )}
      {warnings.map((w) => (
        <p key={w.kind} className="text-amber-700 dark:text-amber-400">{t('scan.summary.warning', { what: w.text, pages: w.pages.join(', ') })}</p>
      ))}
      {summary.missing.length > 0 && (
        <p data-testid="scan-batch-missing">
          {t('scan.summary.missing', { count: summary.missing.length })}
          {summary.missing.slice(0, 12).map((m) => `${m.grade}-${m.class}-${m.seat} ${m.name}`).join('、')}
          {summary.missing.length > 12 ? '…' : ''}
        </p>
      )}
    </div>
  );
}
