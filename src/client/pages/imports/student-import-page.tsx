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

/** Students per class of the previewed file, in grade and class order. */
function classCounts(rows: readonly { grade: number; class: number }[]) {
  const counts = new Map<string, { grade: number; class: number; count: number }>();
  for (const r of rows) {
    const key = `${r.grade}-${r.class}`;
    const entry = counts.get(key) ?? { grade: r.grade, class: r.class, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => a.grade - b.grade || a.class - b.class);
}

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
        // The preview only: the confirm (old roster deleted) comes when the user presses import.
        preview.mutate({ client_id: clientId, ...picked });
      }}
      onBack={() => void navigate(grades)}
    >
      {error && <ImportErrors message={error.message} fields={error.data?.fields} />}
      {preview.data && !preview.error && (
        <div className="grid gap-2" data-testid="import-preview">
          <div className="grid gap-1" data-testid="import-class-summary">
            <p className="text-sm font-medium">{t('import.classSummary')}</p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {classCounts(preview.data.data).map((c) => (
                <li key={`${c.grade}-${c.class}`} data-testid={`import-class-${c.grade}-${c.class}`}>{t('import.classCount', c)}</li>
              ))}
            </ul>
          </div>
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
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={() => file && upload.mutate({ client_id: clientId, ...file })}
      >
        <p>{t('import.confirmReplace')}</p>
      </ConfirmDialog>
    </ImportCard>
  );
}
