import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import type { Results } from '../../../shared/schemas/scores';
import { formatScore } from './results-table';
import { STAT_FIGURES } from './results-stats';

/** The classes of a grade (or of the card) side by side, one row of figures each. */
export function ClassStatsTable({ classes }: { classes: Results['classes'] }) {
  const t = useT();
  return (
    <Table data-testid="results-classes">
      <TableHeader>
        <TableRow>
          <TableHead>{t('scores.colClass')}</TableHead>
          {STAT_FIGURES.map((f) => (
            <TableHead key={f.key} className="text-end">{t(f.label)}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {classes.map((c) => (
          <TableRow key={`${c.grade}-${c.class}`} data-testid={`results-class-${c.grade}-${c.class}`}>
            <TableCell className="whitespace-nowrap">{t('scores.classOf', { grade: c.grade, class: c.class })}</TableCell>
            {STAT_FIGURES.map((f) => (
              <TableCell key={f.key} className="text-end tabular-nums">{formatScore(c[f.key])}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
