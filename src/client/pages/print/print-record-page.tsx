import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { downloadFile } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { useTicket } from './use-ticket';
import { TicketStateBadge } from './print-tickets-page';

/** /cards/lists/record?ticketId= — one ticket after its modal is closed: state, files, errors. */
export function PrintRecordPage() {
  const t = useT();
  const ticketId = Number(useSearchParams()[0].get('ticketId')) || 0;
  const ticket = useTicket(ticketId);
  const data = ticket.data;
  // Reached without a ticket (a bookmark, a hand-typed address): the list of print runs, not an empty 「列印工作 #0」.
  if (ticketId <= 0) return <Navigate to="/cards/lists/print" replace />;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-3 text-xl">
          {t('print.record.title', { id: ticketId })}
          {data && <TicketStateBadge state={data.state} />}
        </CardTitle>
        <Button asChild variant="outline">
          <Link to="/cards/lists/print">{t('print.record.back')}</Link>
        </Button>
      </CardHeader>
      {data && (
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground" data-testid="record-summary">
            {data.title} · {t('print.gradeLabel', { grade: data.grade })} · {t(`print.order.${data.order}`)} · {data.username} · {data.createdAt} ·{' '}
            {t('print.progress.students', { done: data.doneStudents, total: data.totalStudents })}
            {data.version_by && <> · <span data-testid="record-versions">{t(`print.printed.versions.${data.version_by}`, { letters: data.versions.join('/') })}</span></>}
            {data.state === 'queued' && <> · {t('print.progress.waiting', { ahead: data.ahead })}</>}
          </p>
          {data.error && <p className="text-sm text-destructive" data-testid="record-error">{data.error}</p>}
          <Table data-testid="record-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('print.col.classes')}</TableHead>
                <TableHead>{t('print.col.state')}</TableHead>
                <TableHead>{t('print.col.progress')}</TableHead>
                <TableHead>{t('print.col.file')}</TableHead>
                <TableHead>{t('print.col.note')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.classes.map((c) => (
                <TableRow key={c.class} data-testid={`record-class-${c.class}`}>
                  <TableCell>{t('print.classLabel', { class: c.class })}</TableCell>
                  <TableCell><TicketStateBadge state={c.state} /></TableCell>
                  <TableCell className="tabular-nums">{c.printed} / {c.expected}</TableCell>
                  <TableCell>
                    {c.logId !== null && c.filename && (
                      <Button size="sm" variant="outline" onClick={() => void downloadFile('cards', { method: 'download', action: 'log', id: c.logId })}>
                        {t('print.record.download')} {c.filename}
                      </Button>
                    )}
                  </TableCell>
                  <TableCell className="text-sm">
                    {c.state === 'done' && c.expected > c.printed && t('print.record.removed', { count: c.expected - c.printed })}
                    {c.note}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      )}
    </Card>
  );
}
