import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '../../../shared/limits';
import { DeleteFlow, type DeleteTarget } from '../../components/lists/delete-flow';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { CardRowActions } from './card-row-actions';
import { StatusBadge } from './status-badge';

type Sort = 'created_at' | 'title' | 'status';

/** /cards/lists: the school's cards, 5 rows first, then the server's per_page; ?page= selects the page. */
export function CardListPage() {
  const t = useT();
  const [page, setPage] = usePageParam();
  const [limit, setLimit] = useState<number>(PAGE_SIZE.cards);
  const [sort, setSort] = useState<{ by: Sort; order: 'asc' | 'desc' }>({ by: 'created_at', order: 'desc' });
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const utils = trpc.useUtils();
  // While a row is converting, the list is read again every few seconds to show the outcome.
  const list = trpc.cards.list.useQuery(
    { page, limit, sort: sort.by, order: sort.order },
    { refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === 'converting') ? 3_000 : false) },
  );
  const remove = trpc.cards.delete.useMutation({ meta: { silentSuccess: true } });
  if (list.data && list.data.per_page !== limit) setLimit(list.data.per_page);

  const sortBy = (by: Sort) => setSort((s) => ({ by, order: s.by === by && s.order === 'asc' ? 'desc' : 'asc' }));
  const SortIcon = ({ by }: { by: Sort }) => {
    if (sort.by !== by) return <ArrowUpDownIcon className="size-3.5 opacity-50" />;
    return sort.order === 'asc' ? <ArrowUpIcon className="size-3.5" /> : <ArrowDownIcon className="size-3.5" />;
  };

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-xl">{t('cards.list.title')}</CardTitle>
        <Button asChild data-testid="card-create">
          <Link to="/cards/create">
            <PlusIcon />
            {t('cards.action.create')}
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <Table data-testid="card-table">
          <TableHeader>
            <TableRow>
              <TableHead>
                <button type="button" className="inline-flex items-center gap-1" data-testid="sort-title" onClick={() => sortBy('title')}>
                  {t('cards.col.title')} <SortIcon by="title" />
                </button>
              </TableHead>
              {/* On a phone 權限 and 建立時間 fold under the name, so 讀卡 and the other actions stay on screen. */}
              <TableHead className="hidden md:table-cell">{t('cards.col.privacy')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('cards.col.createdAt')}</TableHead>
              <TableHead>
                <button type="button" className="inline-flex items-center gap-1" data-testid="sort-status" onClick={() => sortBy('status')}>
                  {t('cards.col.status')} <SortIcon by="status" />
                </button>
              </TableHead>
              <TableHead className="text-end">{t('cards.col.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending &&
              Array.from({ length: limit }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={5}>
                    <Skeleton className="h-8 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {list.data?.data.map((card) => (
              <TableRow key={card.guid} data-testid={`card-row-${card.guid}`}>
                <TableCell className="whitespace-normal">
                  <div className="font-medium" data-testid="card-title">{card.title}</div>
                  <div className="text-xs text-muted-foreground">
                    {[card.Dep_Name, card.Sub_Name].filter(Boolean).join('・')}
                  </div>
                  <div className="text-xs text-muted-foreground tabular-nums md:hidden">
                    {t(`card.privacy.${card.privacy}`)}・{card.created_at}
                  </div>
                </TableCell>
                <TableCell className="hidden md:table-cell">{t(`card.privacy.${card.privacy}`)}</TableCell>
                <TableCell className="hidden tabular-nums md:table-cell">{card.created_at}</TableCell>
                <TableCell>
                  <StatusBadge status={card.status} disabled={card.disabled} failure={card.pdf_error} />
                </TableCell>
                <TableCell className="text-end">
                  <CardRowActions card={card} onDelete={() => setDeleting({ id: card.guid, name: card.title })} />
                </TableCell>
              </TableRow>
            ))}
            {list.data && list.data.total === 0 && <EmptyRow colSpan={5} text="cards.empty" testId="card-empty" />}
          </TableBody>
        </Table>
        {list.data && list.data.total > 0 && <Pager info={list.data} onPage={setPage} />}
      </CardContent>
      <DeleteFlow
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t('cards.delete.confirm')}
        lines={['cards.delete.irreversible', 'cards.delete.scansToo', 'cards.delete.unread']}
        run={(guid) => remove.mutateAsync({ guid })}
        onDone={() => void utils.cards.list.invalidate()}
      />
    </Card>
  );
}
