import { Badge } from '../../components/ui/badge';
import { Checkbox } from '../../components/ui/checkbox';
import { cn } from '../../components/ui/class-names';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import type { WrittenKeyRow } from '../../../shared/schemas/scores';

/**
 * The written questions of 答案與配分 (docs/grading.md "The maximum"): one row each with its
 * maximum in half points, 送分 and 不計分. A row is counted in 滿分 once its maximum is saved: until
 * then its field is empty, the score fields' sum shown as the suggestion, and the row tinted.
 */
export function KeyWrittenTable({ rows, onChange }: { rows: readonly WrittenKeyRow[]; onChange: (row: WrittenKeyRow) => void }) {
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" data-testid="key-written">
      <h3 className="font-semibold">{t('scores.key.writtenHeading')}</h3>
      <Table data-testid="key-written-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('scores.colQuestion')}</TableHead>
            <TableHead>{t('scores.colKind')}</TableHead>
            <TableHead>{t('scores.key.writtenMax')}</TableHead>
            <TableHead className="text-center">{t('scores.key.bonus')}</TableHead>
            <TableHead className="text-center">{t('scores.key.dropped')}</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.q} data-testid={`key-written-row-${row.showno}`} className={cn(!row.saved && 'bg-amber-50 dark:bg-amber-950/30', row.dropped && 'text-muted-foreground')}>
              <TableCell className="font-medium tabular-nums">{row.showno}</TableCell>
              <TableCell>
                <Badge variant="outline">{t('scores.kind.free')}</Badge>
              </TableCell>
              <TableCell>
                <Input
                  type="number"
                  min={0}
                  step={0.5}
                  className="h-8 w-24 tabular-nums"
                  aria-label={t('scores.key.writtenMax')}
                  data-testid={`key-written-points-${row.showno}`}
                  placeholder={row.field_max === null ? '' : String(row.field_max)}
                  value={row.saved ? row.points : ''}
                  onChange={(e) => onChange(e.target.value === '' ? { ...row, saved: false, points: row.field_max ?? 0 } : { ...row, saved: true, points: Math.max(0, Number(e.target.value)) })}
                />
              </TableCell>
              <TableCell className="text-center">
                <Checkbox aria-label={t('scores.key.bonus')} checked={row.bonus} onCheckedChange={(on) => onChange({ ...row, saved: true, bonus: on === true })} />
              </TableCell>
              <TableCell className="text-center">
                <Checkbox aria-label={t('scores.key.dropped')} checked={row.dropped} onCheckedChange={(on) => onChange({ ...row, saved: true, dropped: on === true })} />
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {!row.saved && (row.field_max === null ? t('scores.key.writtenUnset') : t('scores.key.writtenFieldMax', { max: row.field_max }))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
