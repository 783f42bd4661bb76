import { SchoolName } from '../../components/admin/school-name';
import { PlusIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../../shared/limits';
import { CONFIRM_TEST_IDS } from '../../components/admin/confirm-dialog';
import { DeleteFlow, type DeleteTarget } from '../../components/lists/delete-flow';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

/**
 * /client/user/lists/:client_id? — teachers with a name filter and a per-page field. Ticks
 * accumulate across pages; the header box reflects the current page only (spec §4).
 */
export function TeacherListPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const suffix = clientId ? `/${clientId}` : '';
  const [filter, setFilter] = useState<{ name: string; limit: number }>({ name: '', limit: PAGE_SIZE.teachers });
  const [page, setPage] = usePageParam();
  const [nameInput, setNameInput] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  // Teachers and school administrators alike, each with its role (issue 14).
  const list = trpc.teachers.list.useQuery({ client_id: clientId, ...filter, page, name: filter.name || undefined, role: 'all' });
  const remove = trpc.teachers.delete.useMutation({
    meta: { silentSuccess: true },
    onSuccess: (_, { ids }) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id)))),
  });
  const unlock = trpc.teachers.unlockSignIn.useMutation({ onSuccess: () => void list.refetch() });
  const rows = list.data?.data ?? [];
  /** The teachers to delete, named as the confirmation shows them; the id is their ids joined. */
  const toDelete = (ids: number[]): DeleteTarget => ({ id: ids.join(','), name: rows.filter((r) => ids.includes(r.client_user_id)).map((r) => `${r.name} (${r.account})`).join('、') });
  const pageIds = rows.map((r) => r.client_user_id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const setMany = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) if (on) next.add(id); else next.delete(id);
      return next;
    });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-xl">{t('teacher.list.title')}<SchoolName /></CardTitle>
        <div className="flex flex-wrap gap-2">
          {selected.size > 0 && (
            <Button variant="destructive" data-testid="teacher-batch-delete" onClick={() => setDeleting(toDelete([...selected]))}>
              <Trash2Icon />
              {t('teacher.batchDelete', { count: selected.size })}
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link to={`/client/user/import${suffix}`} data-testid="teacher-import"><UploadIcon />{t('teacher.import')}</Link>
          </Button>
          <Button asChild>
            <Link to={`/client/user/edit${suffix}`} data-testid="teacher-add"><PlusIcon />{t('teacher.add')}</Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <form
          className="mb-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter((f) => ({ ...f, name: nameInput.trim() }));
            setPage(1);
          }}
        >
          <Input className="w-48" placeholder={t('teacher.filterName')} value={nameInput} onChange={(e) => setNameInput(e.target.value)} data-testid="teacher-filter" />
          <Button type="submit" variant="outline">{t('common.search')}</Button>
          <label className="ms-auto flex items-center gap-2 text-sm">
            {t('common.perPage')}
            <Input
              className="w-20"
              type="number"
              min={1}
              max={200}
              value={filter.limit}
              data-testid="teacher-per-page"
              onChange={(e) => {
                setFilter((f) => ({ ...f, limit: Math.min(200, Math.max(1, Number(e.target.value) || PAGE_SIZE.teachers)) }));
                setPage(1, { replace: true });
              }}
            />
          </label>
        </form>
        <Table data-testid="teacher-table">
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">
                <Checkbox aria-label={t('common.selectAll')} checked={allOnPage} onCheckedChange={(on) => setMany(pageIds, on === true)} data-testid="teacher-select-all" />
              </TableHead>
              <TableHead>{t('teacher.col.name')}</TableHead>
              <TableHead>{t('teacher.col.account')}</TableHead>
              <TableHead>{t('people.col.role')}</TableHead>
              <TableHead>{t('teacher.col.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.client_user_id} data-testid={`teacher-row-${r.account}`}>
                <TableCell>
                  <Checkbox checked={selected.has(r.client_user_id)} onCheckedChange={(on) => setMany([r.client_user_id], on === true)} data-testid={`teacher-check-${r.account}`} />
                </TableCell>
                <TableCell>{r.name}</TableCell>
                <TableCell>
                  {r.account}
                  {r.signin_locked && (
                    <Badge variant="destructive" className="ms-2" data-testid={`teacher-locked-${r.account}`}>
                      {t('teacher.signInLocked')}
                    </Badge>
                  )}
                </TableCell>
                <TableCell data-testid={`teacher-role-${r.account}`}>
                  <Badge variant={r.role === 'school_admin' ? 'default' : 'outline'}>{t(`role.${r.role}`)}</Badge>
                </TableCell>
                <TableCell className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => void navigate(`/client/user/edit${suffix}?client_user_id=${r.client_user_id}`)}>{t('teacher.edit')}</Button>
                  {/* An administrator holds every right the school is allowed: nothing to grant one by one. */}
                  {r.role === 'teacher' && (
                    <Button size="sm" variant="outline" onClick={() => void navigate(`/client/user/permission?client_user_id=${r.client_user_id}`)} data-testid={`teacher-permission-${r.account}`}>{t('teacher.permission')}</Button>
                  )}
                  {r.signin_locked && (
                    <Button size="sm" variant="outline" disabled={unlock.isPending} onClick={() => unlock.mutate({ client_user_id: r.client_user_id })} data-testid={`teacher-unlock-${r.account}`}>
                      {t('teacher.unlockSignIn')}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" className="text-destructive" onClick={() => setDeleting(toDelete([r.client_user_id]))}>{t('teacher.delete')}</Button>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && list.data && (
              <TableRow><TableCell colSpan={5} className="text-center text-muted-foreground">{t('common.empty')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
        {list.data && <Pager info={list.data} summary="pages" onPage={setPage} />}
        <DeleteFlow
          target={deleting}
          onClose={() => setDeleting(null)}
          title={t('teacher.delete.confirm', { count: deleting ? deleting.id.split(',').length : 0 })}
          run={(ids) => remove.mutateAsync({ ids: ids.split(',').map(Number) })}
          onDone={() => void list.refetch()}
          success="alert"
          testIds={CONFIRM_TEST_IDS}
        />
      </CardContent>
    </Card>
  );
}
