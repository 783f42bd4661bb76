import { DownloadIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { downloadFile } from '../../feedback/download';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useT } from '../../i18n/locale-context';
import { useTicket } from './use-ticket';

/**
 * The progress modal: grade, the class being printed and 'progress n / total' (classes), read
 * from the ticket every PRINT_POLL_MS until it ends; 'waiting, N ahead' while queued.
 */
export function PrintProgressDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const t = useT();
  const ticket = useTicket(ticketId);
  const data = ticket.data;
  const classesDone = data?.classes.filter((c) => c.state === 'done').length ?? 0;
  // 班級 only once a class is being printed: while queued no class is running yet.
  const running = data?.state === 'running' || data?.state === 'done';
  const current = running ? (data?.classes.find((c) => c.state === 'running') ?? data?.classes.find((c) => c.state !== 'done') ?? data?.classes.at(-1)) : undefined;
  const files = data?.state === 'done' ? [...(data.gradeFile ? [{ logId: data.gradeFile.logId, filename: data.gradeFile.filename, grade: true }] : []), ...data.classes.flatMap((c) => (c.logId !== null && c.filename ? [{ logId: c.logId, filename: c.filename, grade: false }] : []))] : [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="print-progress" closeLabel={t('print.progress.close')}>
        <DialogHeader>
          <DialogTitle>{t('print.progress.title')}</DialogTitle>
          <DialogDescription>{data?.title}</DialogDescription>
        </DialogHeader>
        {data && (
          <div className="flex flex-col gap-2 text-sm">
            <p data-testid="print-progress-grade">{t('print.progress.grade', { grade: data.grade })}</p>
            {current && <p data-testid="print-progress-class">{t('print.progress.class', { class: t('print.classLabel', { class: current.class }) })}</p>}
            <p className="text-base font-medium tabular-nums" data-testid="print-progress-count">{t('print.progress.count', { done: classesDone, total: data.classes.length })}</p>
            <p className="tabular-nums text-muted-foreground" data-testid="print-progress-students">{t('print.progress.students', { done: data.doneStudents, total: data.totalStudents })}</p>
            <div className="h-2 overflow-hidden rounded bg-muted">
              <div className="h-full bg-primary transition-[width]" style={{ width: `${data.totalStudents ? (100 * data.doneStudents) / data.totalStudents : 0}%` }} />
            </div>
            {data.state === 'queued' && <p data-testid="print-progress-waiting">{t('print.progress.waiting', { ahead: data.ahead })}</p>}
            {data.state === 'done' && <p className="text-primary" data-testid="print-progress-done">{t('print.progress.done')}</p>}
            {files.length > 0 && (
              <div className="grid gap-1.5" data-testid="print-progress-files">
                <p className="font-medium">{t('print.progress.files')}</p>
                {files.map((f) => (
                  <Button key={f.logId} variant={f.grade ? 'default' : 'outline'} size="sm" className="h-auto justify-start whitespace-normal break-all py-1.5 text-start" data-testid={f.grade ? 'print-file-grade' : 'print-file'} onClick={() => void downloadFile('cards', { method: 'download', action: 'log', id: f.logId })}>
                    <DownloadIcon />
                    {f.filename}
                  </Button>
                ))}
              </div>
            )}
            {data.state === 'failed' && <p className="text-destructive" data-testid="print-progress-failed">{t('print.progress.failed')}：{data.error}</p>}
          </div>
        )}
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={`/cards/lists/record?ticketId=${ticketId}`} data-testid="print-progress-record">{t('print.progress.record')}</Link>
          </Button>
          <Button onClick={onClose} data-testid="print-progress-close">{t('print.progress.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
