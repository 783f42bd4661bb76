import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ImportCard } from './import-card';
import { ImportErrors } from './import-errors';

/** /client/user/import/:client_id? — teachers from a file; a refused file lists its bad rows here. */
export function TeacherImportPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const list = `/client/user/lists${clientId ? `/${clientId}` : ''}`;
  const upload = trpc.teachers.import.useMutation({ meta: { inlineErrors: true }, onSuccess: () => navigate(list) });
  return (
    <ImportCard
      title={t('import.teachers.title')}
      hint={t('import.teachers.hint')}
      example="/examples/teachers-example.xlsx"
      action={t('import.upload')}
      busy={upload.isPending}
      onFile={(file) => upload.mutate({ client_id: clientId, ...file })}
      onBack={() => void navigate(list)}
    >
      {upload.error && <ImportErrors message={upload.error.message} fields={upload.error.data?.fields} />}
    </ImportCard>
  );
}
