import { Link } from 'react-router-dom';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { TicketState } from '../../../shared/schemas/print';

const COLUMNS: UiKey[] = ['print.col.id', 'print.col.card', 'print.col.grade', 'print.col.classes', 'print.col.state', 'print.col.progress', 'print.col.user', 'print.col.createdAt'];

export function TicketStateBadge({ state }: { state: TicketState }) {
  const t = useT();
  const variant = state === 'failed' ? 'destructive' : state === 'done' ? 'secondary' : 'default';
  return <Badge variant={variant} data-testid="ticket-state">{t(`print.state.${state}`)}</Badge>;
}

/** /cards/lists/print — the school's recent print tickets, newest first; each opens its record. */
export function PrintTicketsPage() {
  const t = useT();
  const tickets = trpc.print.tickets.useQuery(undefined, { refetchInterval: 3_000 });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{t('print.tickets.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Table data-testid="ticket-table">
          <TableHeader>
            <TableRow>
              {COLUMNS.map((c) => <TableHead key={c}>{t(c)}</TableHead>)}
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {tickets.data?.map((row) => (
              <TableRow key={row.id} data-testid={`ticket-row-${row.id}`}>
                <TableCell className="tabular-nums">{row.id}</TableCell>
                <TableCell>{row.title}</TableCell>
                <TableCell>{t('print.gradeLabel', { grade: row.grade })}</TableCell>
                <TableCell>{row.classes.map((c) => t('print.classLabel', { class: c })).join('、')}</TableCell>
                <TableCell><TicketStateBadge state={row.state} /></TableCell>
                <TableCell className="tabular-nums">{row.done_students} / {row.total_students}</TableCell>
                <TableCell>{row.username}</TableCell>
                <TableCell className="tabular-nums">{row.created_at}</TableCell>
                <TableCell className="text-end">
                  <Link className="text-primary underline-offset-4 hover:underline" to={`/cards/lists/record?ticketId=${row.id}`}>{t('print.record.open')}</Link>
                </TableCell>
              </TableRow>
            ))}
            {tickets.data?.length === 0 && <EmptyRow colSpan={COLUMNS.length + 1} text="print.tickets.none" />}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
