import { SchoolName } from '../../components/admin/school-name';
import { DownloadIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { IMPORT_EXTENSIONS } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FileInput } from '../../components/ui/file-input';
import { Label } from '../../components/ui/label';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { readAsBase64, uploadProblem } from './read-upload';

export interface PickedFile {
  filename: string;
  content: string;
}

interface ImportCardProps {
  title: string;
  hint: string;
  example: string;
  action: string;
  busy: boolean;
  onFile: (file: PickedFile) => void;
  onBack: () => void;
  children?: ReactNode;
}

/** One file (.csv/.xls/.xlsx, ≤ 2 MB), the example download, and the spec's alerts before upload. */
export function ImportCard({ title, hint, example, action, busy, onFile, onBack, children }: ImportCardProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const submit = async () => {
    const file = input.current?.files?.[0];
    const problem = uploadProblem(file);
    if (problem || !file) return void showAlert(t(problem ?? 'import.noFile'), 'feedback.notice');
    onFile({ filename: file.name, content: await readAsBase64(file) });
  };
  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader>
        <CardTitle className="text-xl">{title}<SchoolName /></CardTitle>
        <CardDescription>{hint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="import-file">{t('import.file')}</Label>
          <FileInput id="import-file" data-testid="import-file" ref={input} accept={IMPORT_EXTENSIONS.join(',')} />
        </div>
        <a className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline" href={example} download data-testid="import-example">
          <DownloadIcon className="size-4" />
          {t('import.example')}
        </a>
        {children}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" onClick={onBack}>{t('common.back')}</Button>
        <Button data-testid="import-submit" disabled={busy} onClick={() => void submit()}>{busy ? t('common.processing') : action}</Button>
      </CardFooter>
    </Card>
  );
}
