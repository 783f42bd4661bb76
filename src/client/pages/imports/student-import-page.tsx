import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ImportCard, type PickedFile } from './import-card';
import { ImportErrors } from './import-errors';

const PREVIEW_ROWS = 20;

/**
 * /client/student/import/:client_id? — preview (previewExcelStudent) first; the import, which
 * replaces the whole roster, runs only after the user confirms the old data will be deleted.
 */
export function StudentImportPage() {
  const t = useT();
  const navigate = useNavigate();
  const clientId = Number(useParams().client_id) || undefined;
  const grades = `/client/student/grade${clientId ? `/${clientId}` : ''}`;
  const [file, setFile] = useState<PickedFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = trpc.students.preview.useMutation({ meta: { inlineErrors: true, silentSuccess: true } });
  const upload = trpc.students.import.useMutation({ meta: { inlineErrors: true }, onSuccess: () => navigate(grades) });
  const error = upload.error ?? preview.error;
  const columns = ['student.col.grade', 'student.col.class', 'student.col.seat', 'student.col.number', 'student.col.name'] as const;
  return (
    <ImportCard
      title={t('import.students.title')}
      hint={t('import.students.hint')}
      example="/examples/students-example.xlsx"
      action={t('import.preview')}
      busy={preview.isPending || upload.isPending}
      onFile={(picked) => {
        setFile(picked);
        upload.reset();
        preview.mutate({ client_id: clientId, ...picked }, { onSuccess: () => setConfirming(true) });
      }}
      onBack={() => navigate(grades)}
    >
      {error && <ImportErrors message={error.message} fields={error.data?.fields} />}
      {preview.data && !preview.error && (
        <div className="grid gap-2" data-testid="import-preview">
          <p className="text-sm">{t('import.previewCount', { count: preview.data.total, shown: Math.min(PREVIEW_ROWS, preview.data.total) })}</p>
          <Table>
            <TableHeader>
              <TableRow>{columns.map((c) => <TableHead key={c}>{t(c)}</TableHead>)}</TableRow>
            </TableHeader>
            <TableBody>
              {preview.data.data.slice(0, PREVIEW_ROWS).map((r) => (
                <TableRow key={`${r.grade}-${r.class}-${r.seat}`}>
                  <TableCell>{r.grade}</TableCell>
                  <TableCell>{r.class}</TableCell>
                  <TableCell>{r.seat}</TableCell>
                  <TableCell>{r.number}</TableCell>
                  <TableCell>{r.name}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button className="justify-self-end" data-testid="import-confirm-open" disabled={upload.isPending} onClick={() => setConfirming(true)}>
            {t('import.confirmTitle')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('import.confirmTitle')}
        onClose={() => setConfirming(false)}
        onConfirm={() => file && upload.mutate({ client_id: clientId, ...file })}
      >
        <p>{t('import.confirmReplace')}</p>
      </ConfirmDialog>
    </ImportCard>
  );
}
