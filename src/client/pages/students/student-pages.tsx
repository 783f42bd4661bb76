import { SchoolName } from '../../components/admin/school-name';
import { UploadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Pager, type PageInfo } from '../../components/lists/pager';
import { usePageParam, type SetPage } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

interface ListCardProps {
  title: string;
  actions?: ReactNode;
  columns: ClientKey[];
  rows: ReactNode[][] | undefined;
  page?: PageInfo;
  onPage: SetPage;
  testId: string;
}

function ListCard({ title, actions, columns, rows, page, onPage, testId }: ListCardProps) {
  const t = useT();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-xl">{title}<SchoolName /></CardTitle>
        <div className="flex gap-2">{actions}</div>
      </CardHeader>
      <CardContent>
        <Table data-testid={testId}>
          <TableHeader>
            <TableRow>{columns.map((c) => <TableHead key={c}>{t(c)}</TableHead>)}</TableRow>
          </TableHeader>
          <TableBody>
            {rows?.map((cells, i) => (
              <TableRow key={i}>{cells.map((cell, j) => <TableCell key={j}>{cell}</TableCell>)}</TableRow>
            ))}
            {rows?.length === 0 && (
              <TableRow><TableCell colSpan={columns.length} className="text-center text-muted-foreground">{t('common.empty')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
        {page && <Pager info={page} summary="pages" onPage={onPage} />}
      </CardContent>
    </Card>
  );
}

function useSchoolScope() {
  const clientId = Number(useParams().client_id) || undefined;
  const [query] = useSearchParams();
  return { clientId, suffix: clientId ? `/${clientId}` : '', grade: Number(query.get('grade')) || undefined, klass: Number(query.get('class')) || undefined };
}

const link = (to: string, text: ReactNode) => <Link className="text-primary underline-offset-4 hover:underline" to={to}>{text}</Link>;

/** /client/student/grade/:client_id? — grades with their class and student counts, 3 a page. */
export function GradeListPage() {
  const t = useT();
  const { clientId, suffix } = useSchoolScope();
  const [page, setPage] = usePageParam();
  const list = trpc.students.grades.useQuery({ client_id: clientId, page });
  const actions = (
    <Button asChild variant="outline">
      <Link to={`/client/student/import${suffix}`} data-testid="student-import"><UploadIcon />{t('student.import')}</Link>
    </Button>
  );
  const rows = list.data?.data.map((r) => [link(`/client/student/class${suffix}?grade=${r.grade}`, r.grade), r.classes, r.students]);
  return <ListCard testId="grade-table" title={t('student.grade.title')} actions={actions} columns={['student.col.grade', 'student.col.classes', 'student.col.students']} rows={rows} page={list.data} onPage={setPage} />;
}

/** /client/student/class/:client_id?grade= — one grade's classes, 15 a page; no grade, back to grades. */
export function ClassListPage() {
  const t = useT();
  const { clientId, suffix, grade } = useSchoolScope();
  const [page, setPage] = usePageParam();
  const list = trpc.students.classes.useQuery({ client_id: clientId, grade: grade ?? 1, page }, { enabled: grade !== undefined });
  if (!grade) return <Navigate to={`/client/student/grade${suffix}`} replace />;
  const back = <Button asChild variant="outline"><Link to={`/client/student/grade${suffix}`}>{t('student.backGrades')}</Link></Button>;
  const rows = list.data?.data.map((r) => [link(`/client/student/lists${suffix}?grade=${grade}&class=${r.class}`, r.class), r.students]);
  return <ListCard testId="class-table" title={t('student.class.title', { grade })} actions={back} columns={['student.col.class', 'student.col.students']} rows={rows} page={list.data} onPage={setPage} />;
}
