import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

/** A list's header: its columns, then the actions column. */
export function ListHead({ columns }: { columns: readonly UiKey[] }) {
  const t = useT();
  return (
    <TableHeader>
      <TableRow>
        {columns.map((c) => (
          <TableHead key={c}>{t(c)}</TableHead>
        ))}
        <TableHead className="text-end">{t('cards.col.actions')}</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** The row a list shows when it has none. */
export function EmptyRow({ colSpan, text, testId }: { colSpan: number; text: UiKey; testId?: string }) {
  const t = useT();
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-10 text-center text-muted-foreground" data-testid={testId}>
        {t(text)}
      </TableCell>
    </TableRow>
  );
}
