import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '../../../shared/limits';
import { DeleteFlow, type DeleteTarget } from '../../components/lists/delete-flow';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyRow, ListHead } from '../../components/lists/list-table-parts';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import { ShareDialogs } from './share-dialogs';
import { StatusBadge } from './status-badge';

const COLS = ['cards.col.title', 'cards.col.type', 'cards.col.school', 'cards.col.author', 'cards.col.status', 'cards.col.createdAt'] as const;

/** /cards/shares: cards other schools shared to this one, 5 per page. */
export function SharesPage() {
  const t = useT();
  const [page, setPage] = usePageParam();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [collecting, setCollecting] = useState<{ guid: string; title: string } | null>(null);
  const utils = trpc.useUtils();
  // While a copy is converting, the list is read again every few seconds to show the outcome.
  const list = trpc.cards.shares.useQuery(
    { page, limit: PAGE_SIZE.shares },
    { refetchInterval: (q) => (q.state.data?.data.some((s) => s.status === 'converting') ? 3_000 : false) },
  );
  // A shared copy arrives unconverted: the receiver converts it (the content stays as sent) and prints it.
  const savePdf = trpc.cards.savePdf.useMutation({ onSuccess: () => void utils.cards.shares.invalidate() });
  const canPrint = useCan('cards.print');
  const remove = trpc.cards.deleteShare.useMutation({ meta: { silentSuccess: true } });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{t('cards.shares.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Table data-testid="shares-table">
          <ListHead columns={COLS} />
          <TableBody>
            {list.data?.data.map((s) => (
              <TableRow key={s.guid} data-testid={`share-${s.guid}`}>
                <TableCell className="font-medium whitespace-normal" data-testid="share-title">{s.title}</TableCell>
                <TableCell>{t(`card.privacy.${s.privacy}`)}</TableCell>
                <TableCell data-testid="share-school">{s.client_name}</TableCell>
                <TableCell>{s.author}</TableCell>
                <TableCell>
                  <StatusBadge status={s.status} disabled={s.disabled} />
                </TableCell>
                <TableCell className="tabular-nums">{s.created_at}</TableCell>
                <TableCell className="text-end">
                  <div className="inline-flex flex-wrap justify-end gap-1.5">
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/cards/shareShow?guid=${s.guid}`}>{t('cards.action.view')}</Link>
                    </Button>
                    <Button size="sm" variant="outline" data-testid={`share-pdf-${s.guid}`} disabled={savePdf.isPending} onClick={() => savePdf.mutate({ guid: s.guid })}>
                      {t('cards.action.exportPdf')}
                    </Button>
                    {canPrint && s.status === 'converted' && (
                      <Button asChild size="sm" variant="outline" data-testid={`share-print-${s.guid}`}>
                        <Link to={`/cards/print/${s.guid}`}>{t('print.submit')}</Link>
                      </Button>
                    )}
                    <Button size="sm" variant="outline" data-testid={`share-collect-${s.guid}`} onClick={() => setCollecting(s)}>
                      {t('cards.action.collect')}
                    </Button>
                    <Button size="sm" variant="outline" className="text-destructive" onClick={() => setDeleting({ id: s.guid, name: s.title })}>
                      {t('cards.action.delete')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.data?.total === 0 && <EmptyRow colSpan={7} text="cards.noData" testId="shares-empty" />}
          </TableBody>
        </Table>
        {list.data && list.data.total > 0 && <Pager info={list.data} onPage={setPage} />}
      </CardContent>
      {collecting && <ShareDialogs card={collecting} kind="toPrivated" onClose={() => setCollecting(null)} />}
      <DeleteFlow
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t('cards.share.confirm')}
        run={(guid) => remove.mutateAsync({ guid })}
        onDone={() => void utils.cards.shares.invalidate()}
      />
    </Card>
  );
}
