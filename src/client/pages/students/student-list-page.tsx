import { SchoolName } from '../../components/admin/school-name';
import { DownloadIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { STUDENT_PAGE_SIZES } from '../../../shared/schemas/students';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { saveBase64 } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { StudentEditDialog, type StudentDraft } from './student-edit-dialog';

const COLUMNS = ['student.col.grade', 'student.col.class', 'student.col.seat', 'student.col.number', 'student.col.name'] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /client/student/lists/:client_id?grade=&class= — students in seat order; search by name or
 * number, 15 / 50 / 100 a page, add / edit / delete one student, export as xlsx (issue 14).
 */
export function StudentListPage() {
  const t = useT();
  const clientId = Number(useParams().client_id) || undefined;
  const suffix = clientId ? `/${clientId}` : '';
  const [query] = useSearchParams();
  const grade = Number(query.get('grade')) || undefined;
  const klass = Number(query.get('class')) || undefined;
  const [page, setPage] = usePageParam();
  const [limit, setLimit] = useState<number>(STUDENT_PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState<StudentDraft | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const filter = { client_id: clientId, grade, class: klass, q: q || undefined };
  const list = trpc.students.list.useQuery({ ...filter, page, limit });
  const remove = trpc.students.delete.useMutation({ onSuccess: () => void list.refetch() });
  const exported = trpc.students.export.useMutation({ meta: { silentSuccess: true }, onSuccess: (file) => saveBase64(file, XLSX) });
  const title = grade && klass ? t('student.list.title', { grade, class: klass }) : t('student.list.all');
  const blank: StudentDraft = { grade: grade ? String(grade) : '', class: klass ? String(klass) : '', seat: '', number: '', name: '' };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-xl">{title}<SchoolName /></CardTitle>
        <div className="flex flex-wrap gap-2">
          {grade && (
            <Button asChild variant="outline">
              <Link to={`/client/student/class${suffix}?grade=${grade}`}>{t('student.backClasses')}</Link>
            </Button>
          )}
          <Button variant="outline" data-testid="student-export" disabled={exported.isPending} onClick={() => exported.mutate(filter)}>
            <DownloadIcon />
            {t('roster.export')}
          </Button>
          <Button data-testid="student-add" onClick={() => setDraft(blank)}>
            <PlusIcon />
            {t('roster.add')}
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
          <Input className="w-56" placeholder={t('roster.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="student-search" />
          <Button type="submit" variant="outline">{t('common.search')}</Button>
          <label className="ms-auto flex items-center gap-2 text-sm">
            {t('common.perPage')}
            <Select value={String(limit)} onValueChange={(v) => {
              setLimit(Number(v));
              setPage(1);
            }}>
              <SelectTrigger className="h-9 w-20" data-testid="student-per-page"><SelectValue /></SelectTrigger>
              <SelectContent>
                {STUDENT_PAGE_SIZES.map((n) => <SelectItem key={n} value={String(n)} data-testid={`student-per-page-${n}`}>{n}</SelectItem>)}
              </SelectContent>
            </Select>
          </label>
        </form>
        <Table data-testid="student-table">
          <TableHeader>
            <TableRow>
              {COLUMNS.map((c) => <TableHead key={c}>{t(c)}</TableHead>)}
              <TableHead>{t('teacher.col.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data?.data.map((r) => (
              <TableRow key={r.id} data-testid={`student-row-${r.number}`}>
                <TableCell>{r.grade}</TableCell>
                <TableCell>{r.class}</TableCell>
                <TableCell>{r.seat}</TableCell>
                <TableCell>{r.number}</TableCell>
                <TableCell>{r.name}</TableCell>
                <TableCell className="flex gap-1">
                  <Button size="sm" variant="outline" data-testid={`student-edit-${r.number}`} onClick={() => setDraft({ id: r.id, grade: String(r.grade), class: String(r.class), seat: String(r.seat), number: r.number, name: r.name })}>
                    {t('teacher.edit')}
                  </Button>
                  <Button size="sm" variant="outline" className="text-destructive" data-testid={`student-delete-${r.number}`} onClick={() => setDeleting({ id: r.id, name: r.name })}>
                    {t('teacher.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.data?.data.length === 0 && (
              <TableRow><TableCell colSpan={COLUMNS.length + 1} className="text-center text-muted-foreground">{t('common.empty')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
        {list.data && <Pager info={list.data} summary="pages" onPage={setPage} />}
      </CardContent>
      <StudentEditDialog
        clientId={clientId}
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          void list.refetch();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('roster.deleteTitle')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ client_id: clientId, id: deleting.id });
          setDeleting(null);
        }}
      >
        <p data-testid="student-delete-confirm">{t('roster.deleteConfirm', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </Card>
  );
}
