import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import type { WrittenItem } from '../../../shared/scoring/written-analysis';
import { percent } from './items-charts';

/** 試題分析's written questions (docs/grading.md "Totals"): mean, share of the maximum and the points' distribution over the graded answers. */
export function WrittenItemsTable({ items }: { items: readonly WrittenItem[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('scores.key.writtenHeading')}</h3>
      <Table data-testid="items-written-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('scores.colQuestion')}</TableHead>
            <TableHead className="text-end">{t('scores.colMax')}</TableHead>
            <TableHead className="text-end">{t('scores.colGraded')}</TableHead>
            <TableHead className="text-end">{t('scores.colMean')}</TableHead>
            <TableHead className="text-end">{t('scores.colShare')}</TableHead>
            <TableHead>{t('scores.colDistribution')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((w) => (
            <TableRow key={w.q} data-testid={`items-written-${w.showno}`}>
              <TableCell className="font-medium tabular-nums">{w.showno}</TableCell>
              <TableCell className="text-end tabular-nums">{w.max}</TableCell>
              <TableCell className="text-end tabular-nums">
                {w.graded}
                {w.ungraded > 0 && <span className="text-amber-700 dark:text-amber-400"> / {w.graded + w.ungraded}</span>}
              </TableCell>
              <TableCell className="text-end tabular-nums">{w.mean ?? '—'}</TableCell>
              <TableCell className="text-end tabular-nums">{w.share === null ? '—' : percent(w.share)}</TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-1">
                  {w.distribution.map((d) => (
                    <span key={d.points} className="rounded border px-1.5 py-0.5 text-xs tabular-nums">
                      {d.points}：{d.count}
                    </span>
                  ))}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
