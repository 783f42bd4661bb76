import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ChecklistCard } from '../../components/admin/checklist-card';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const idOf = (value: string | null | undefined) => Number(value) || undefined;

/** /client/permission?client_id= — the groups a school is allowed (system administrator). */
export function ClientPermissionPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = idOf(useSearchParams()[0].get('client_id'));
  const data = trpc.clients.permission.useQuery({ client_id: clientId });
  const save = trpc.clients.savePermission.useMutation({ onSuccess: () => void data.refetch() });
  return (
    <ChecklistCard
      title={t('perm.title.client')}
      groups={data.data?.groups}
      initial={data.data?.permission}
      saving={save.isPending}
      onSave={(permission) => save.mutate({ client_id: clientId, permission })}
      onBack={() => void navigate(-1)}
    />
  );
}

/** /client/defPermission/:client_id? — what a new teacher of the school gets. */
export function DefPermissionPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = idOf(useParams().client_id);
  const data = trpc.clients.defPermission.useQuery({ client_id: clientId });
  const save = trpc.clients.saveDefPermission.useMutation({ onSuccess: () => void data.refetch() });
  return (
    <ChecklistCard
      title={t('perm.title.default')}
      hint={t('perm.hint.default')}
      groups={data.data?.groups}
      initial={data.data?.data_permission}
      saving={save.isPending}
      onSave={(data_permission) => save.mutate({ client_id: clientId, data_permission })}
      onBack={() => void navigate(-1)}
    />
  );
}

/** /client/user/permission?client_user_id= — one teacher's rights, from the school's allowed set. */
export function TeacherPermissionPage() {
  const t = useT();
  const navigate = useNavigate();
  const userId = idOf(useSearchParams()[0].get('client_user_id')) ?? 0;
  const data = trpc.teachers.permission.useQuery({ client_user_id: userId });
  const save = trpc.teachers.savePermission.useMutation({ onSuccess: () => void data.refetch() });
  return (
    <ChecklistCard
      title={t('perm.title.teacher', { name: data.data?.name ?? '' })}
      showSchool={false}
      groups={data.data?.groups}
      initial={data.data?.permission}
      saving={save.isPending}
      onSave={(permission) => save.mutate({ client_user_id: userId, permission })}
      onBack={() => void navigate(-1)}
    />
  );
}
