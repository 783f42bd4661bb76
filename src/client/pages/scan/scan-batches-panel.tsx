import { useEffect, useRef, useState } from 'react';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { Button } from '../../components/ui/button';
import { FileInput } from '../../components/ui/file-input';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { SCAN_ACCEPT, SCAN_MAX_BYTES, SCAN_POLL_MS } from '../../../shared/scan-limits';
import { uploadScan } from './upload-scan';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { notifyUndo } from '../../feedback/notify';
import { BatchSummary, type BatchItem } from './batch-summary';
import { CaptureRow, DeleteCell, isCapture, StateBadge, type CaptureItem } from './capture-row';

/** A capture session with a sheet in the last 10 minutes is probably still being captured: the list looks again every 3 s. */
const LIVE_CAPTURE_S = 600;
const LIVE_POLL_MS = 3_000;

/** Sheets and files finished (read or failed): when it grows, review, answers and scores have news. */
const finishedOf = (items: readonly BatchItem[]) =>
  items.reduce((n, b) => n + (b.capture ? b.capture.done + b.capture.failed : b.state === 'done' || b.state === 'failed' ? 1 : 0), 0);

/**
 * Upload a scan file, then watch the batches read: pages read / total, polled like the print
 * modal. A phone's capture session is one row (capture-row.tsx), deleted and restored as one.
 */
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
        if (running) return SCAN_POLL_MS;
        return query.state.data?.some((b) => b.capture && b.capture.idle_seconds < LIVE_CAPTURE_S) ? LIVE_POLL_MS : false;
      },
    },
  );
  // A batch (or a captured sheet) that finishes brings new review items and answers: the other tabs are told.
  const finished = finishedOf(batches.data ?? []);
  const lastFinished = useRef<number | null>(null);
  useEffect(() => {
    if (lastFinished.current !== null && finished > lastFinished.current) onRead();
    lastFinished.current = finished;
  }, [finished, onRead]);

  /** The same file was uploaded before: the server's words, asked before sending it again. */
  const [same, setSame] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ batch_id: number; filename: string } | null>(null);
  const [deletingCapture, setDeletingCapture] = useState<CaptureItem | null>(null);
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
  const restoreCapture = trpc.scan.deleteCapture.useMutation({ onSuccess: changed });
  const removeCapture = trpc.scan.deleteCapture.useMutation({
    meta: { silentSuccess: true },
    onSuccess: (reply, input) => {
      changed();
      notifyUndo(reply.message, () => restoreCapture.mutate({ ...input, restore: true }));
    },
  });
  const submit = async (again = false) => {
    if (!file) return void showAlert(t('scan.noFile'));
    if (file.size > SCAN_MAX_BYTES) return void showAlert(t('scan.tooLarge'));
    setPercent(0);
    const answer = await uploadScan(guid, file, setPercent, { again });
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
          {batches.data?.map((b) =>
            isCapture(b) ? (
              <CaptureRow key={`c-${b.capture.id}`} item={b} onDelete={setDeletingCapture} onDeleteSheet={setDeleting} />
            ) : (
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
                <TableCell className="min-w-64 whitespace-normal">
                  <StateBadge state={b.state} />
                  {b.error && <p className="mt-1 text-sm text-destructive" data-testid="scan-batch-error">{b.error}</p>}
                  {b.summary && <BatchSummary summary={b.summary} warnings={b.warnings} />}
                </TableCell>
                <DeleteCell batch={b} onDelete={setDeleting} />
              </TableRow>
            ),
          )}
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
      <ConfirmDialog
        open={deletingCapture !== null}
        title={t('scan.capture.deleteConfirm', { count: deletingCapture?.capture.sheets ?? 0 })}
        item={deletingCapture ? `${t('scan.capture.label', { count: deletingCapture.capture.sheets })} · ${deletingCapture.created_at}` : ''}
        destructive
        testIds={{ dialog: 'scan-capture-delete-dialog', ok: 'scan-capture-delete-ok', cancel: 'scan-capture-delete-cancel' }}
        onConfirm={() => deletingCapture && removeCapture.mutate({ guid, capture: deletingCapture.capture.id })}
        onClose={() => setDeletingCapture(null)}
      >
        <p className="text-sm text-muted-foreground">{t('scan.batches.deleteText')}</p>
      </ConfirmDialog>
    </div>
  );
}
