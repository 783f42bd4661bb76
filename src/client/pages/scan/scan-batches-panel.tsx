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

  const submit = async () => {
    if (!file) return void showAlert(t('scan.noFile'));
    if (file.size > SCAN_MAX_BYTES) return void showAlert(t('scan.tooLarge'));
    setPercent(0);
    const answer = await uploadScan(guid, file, setPercent);
    setPercent(null);
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
              </TableCell>
            </TableRow>
          ))}
          {batches.data?.length === 0 && <EmptyRow colSpan={5} text="scan.batches.empty" />}
        </TableBody>
      </Table>
    </div>
  );
}
