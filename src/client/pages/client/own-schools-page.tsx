import { Link, Navigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { ClientKey } from '../../i18n/tw';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import type { Permission } from '../../../shared/permissions';

/** The per-school pages a school administrator uses, each for one school (its own: no id in the path). */
const PAGES: { label: ClientKey; path: string; permission: Permission }[] = [
  { label: 'mine.teachers', path: '/client/user/lists', permission: 'users.manage' },
  { label: 'mine.teacherImport', path: '/client/user/import', permission: 'users.manage' },
  { label: 'mine.students', path: '/client/student/grade', permission: 'students.manage' },
  { label: 'mine.studentImport', path: '/client/student/import', permission: 'students.manage' },
  { label: 'mine.defPermission', path: '/client/defPermission', permission: 'client.settings' },
  { label: 'mine.setting', path: '/client/setting', permission: 'client.settings' },
];

/** /client/mine — a school administrator's school and sub-schools (issue 14), from the menu. */
export function OwnSchoolsPage() {
  const t = useT();
  const schools = trpc.structure.ownSchools.useQuery();
  const me = trpc.auth.me.useQuery();
  const can = { 'users.manage': useCan('users.manage'), 'students.manage': useCan('students.manage'), 'client.settings': useCan('client.settings') } as Record<Permission, boolean>;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('mine.title')}</h1>
      {schools.data?.map((s) => {
        const own = s.code === me.data?.school.code;
        const suffix = own ? '' : `/${s.client_id}`;
        return (
          <Card key={s.client_id} data-testid={`own-school-${s.code}`}>
            <CardHeader>
              <CardTitle className="text-lg">{s.name}</CardTitle>
              <CardDescription>{t(own ? 'mine.ownSchool' : 'mine.subSchool', { code: s.code })}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              {PAGES.filter((p) => can[p.permission]).map((p) => (
                <Button key={p.path} asChild variant="outline" size="sm">
                  <Link to={`${p.path}${suffix}`} data-testid={`own-school-${s.code}-${p.path.split('/').pop()}`}>{t(p.label)}</Link>
                </Button>
              ))}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

/** /client (the menu's 學校管理): the school list for the system administrator, one's own schools otherwise. */
export function ClientHome() {
  const me = trpc.auth.me.useQuery();
  if (!me.data) return null;
  return <Navigate to={me.data.role === 'system_admin' ? '/client/lists' : '/client/mine'} replace />;
}
