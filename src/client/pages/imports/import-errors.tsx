import { CircleAlertIcon } from 'lucide-react';
import { isMessageKey } from '../../../shared/i18n/translate';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { useT } from '../../i18n/locale-context';
import { rowProblems } from './read-upload';

/** A refused import (spec §8: titled 上傳錯誤): the server's message, then each bad row and field on its own line. */
export function ImportErrors({ message, fields }: { message: string; fields?: Record<string, string> }) {
  const t = useT();
  const rows = rowProblems(fields);
  return (
    <Alert variant="destructive" data-testid="import-errors">
      <CircleAlertIcon />
      <AlertTitle>{t('feedback.uploadError')}</AlertTitle>
      <AlertDescription>
        <p data-testid="import-error-message">{message}</p>
        {rows.length > 0 && (
          <ul className="grid gap-0.5">
            {rows.map((r) => {
              const column = `column.${r.column}`;
              return (
                <li key={r.key} data-testid="import-error-row">
                  {r.line > 0 && `${t('import.errorRow', { line: r.line })} `}
                  {isMessageKey(column) ? t(column) : r.column}：{r.message}
                </li>
              );
            })}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
