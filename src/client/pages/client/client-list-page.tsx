import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import type { SchoolKey } from '../../i18n/school-strings';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ClientRowDialogs } from './client-row-dialogs';
import { ClientRowMenu, type ClientRow, type RowDialog } from './client-row-menu';

const COLUMNS: SchoolKey[] = [
  'school.col.name',
  'school.col.code',
  'school.col.accounts',
  'school.col.students',
  'school.col.limit',
  'school.col.start',
  'school.col.expiry',
  'school.col.status',
  'school.col.actions',
];

/** /client/lists/:client_id? — top-level schools, or one school's sub-schools; 15 a page. */
export function ClientListPage() {
  const t = useT();
  const parentId = Number(useParams().client_id) || undefined;
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<{ row: ClientRow; dialog: RowDialog } | null>(null);
  const list = trpc.clients.list.useQuery({ parent_id: parentId, page, q: q || undefined });
  const parent = trpc.clients.info.useQuery({ client_id: parentId ?? 0 }, { enabled: parentId !== undefined });
  const dateOrNotSet = (d: string | null) => d ?? <span className="text-muted-foreground">{t('school.notSet')}</span>;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-xl">{parentId ? t('school.list.subTitle', { name: parent.data?.name ?? '' }) : t('school.list.title')}</CardTitle>
        <div className="flex gap-2">
          {parentId && (
            <Button variant="outline" asChild>
              <Link to="/client/lists">{t('school.list.back')}</Link>
            </Button>
          )}
          <Button asChild data-testid="client-add">
            <Link to={parentId ? `/client/edit?parent_id=${parentId}` : '/client/edit'}>
              <PlusIcon />
              {t('school.list.add')}
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <form
          className="mb-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(search.trim());
            setPage(1);
          }}
        >
          <Input className="w-64" placeholder={t('school.list.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="client-search" />
          <Button type="submit" variant="outline">{t('common.search')}</Button>
        </form>
        <Table data-testid="client-table">
          <TableHeader>
            <TableRow>{COLUMNS.map((c) => <TableHead key={c}>{t(c)}</TableHead>)}</TableRow>
          </TableHeader>
          <TableBody>
            {list.data?.data.map((row) => (
              <TableRow key={row.client_id} data-testid={`client-row-${row.code}`}>
                <TableCell className="font-medium">{row.name}</TableCell>
                <TableCell>{row.code}</TableCell>
                <TableCell>
                  <Link className="text-primary underline-offset-4 hover:underline" to={`/client/user/lists/${row.client_id}`}>{row.total}</Link>
                </TableCell>
                <TableCell>
                  <Link className="text-primary underline-offset-4 hover:underline" to={`/client/student/grade/${row.client_id}`}>{row.students}</Link>
                </TableCell>
                <TableCell>{row.max_account}</TableCell>
                <TableCell>{dateOrNotSet(row.start_at)}</TableCell>
                <TableCell>{dateOrNotSet(row.expiry_at)}</TableCell>
                <TableCell data-testid="client-status" className={row.status === 'normal' ? 'text-green-600' : 'text-red-600'}>
                  {t(row.status === 'normal' ? 'school.status.normal' : 'school.status.disabled')}
                </TableCell>
                <TableCell>
                  <ClientRowMenu row={row} onDialog={(dialog) => setOpen({ row, dialog })} />
                </TableCell>
              </TableRow>
            ))}
            {list.data?.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} className="text-center text-muted-foreground">{t('common.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {list.data && <Pager info={list.data} summary="pages" onPage={setPage} />}
        {open && <ClientRowDialogs key={`${open.row.client_id}-${open.dialog}`} row={open.row} dialog={open.dialog} onClose={() => setOpen(null)} />}
      </CardContent>
    </Card>
  );
}
