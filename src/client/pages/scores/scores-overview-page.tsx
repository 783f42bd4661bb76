import { Link } from 'react-router-dom';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

/**
 * /cards/scores — 成績總覽 (docs/scores.md "Overview"): every scanned exam the user may read, its
 * classes, the review still open (scores are not final until it is done) and the mean; each row
 * opens the card's 成績, or its review while items are open. Narrow screens keep card, review and
 * mean; the rest folds under the card's name.
 */
export function ScoresOverviewPage() {
  const t = useT();
  const overview = trpc.scores.overview.useQuery();
  const classesOf = (classes: { grade: number; class: number }[]) => classes.map((c) => t('scores.classOf', { grade: c.grade, class: c.class })).join('、');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{t('scores.overview.title')}</CardTitle>
        <CardDescription>{t('scores.overview.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {overview.isPending ? (
          <div className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : (
          <Table data-testid="scores-overview">
            <TableHeader>
              <TableRow>
                <TableHead>{t('scores.overview.col.card')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('scores.overview.col.classes')}</TableHead>
                <TableHead className="hidden sm:table-cell text-end">{t('scores.overview.col.students')}</TableHead>
                <TableHead>{t('scores.overview.col.review')}</TableHead>
                <TableHead className="text-end">{t('scores.overview.col.mean')}</TableHead>
                <TableHead className="hidden lg:table-cell">{t('scores.overview.col.lastScan')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {overview.data?.map((row) => (
                <TableRow key={row.guid} data-testid={`overview-row-${row.guid}`}>
                  <TableCell className="max-w-56 whitespace-normal">
                    <Link className="font-medium text-primary underline-offset-4 hover:underline" to={`/cards/scan/${row.guid}?tab=results`} data-testid="overview-open">
                      {row.title}
                    </Link>
                    <div className="text-xs text-muted-foreground">{row.owner}</div>
                    <div className="text-xs text-muted-foreground md:hidden">{classesOf(row.classes)}</div>
                  </TableCell>
                  <TableCell className="hidden max-w-72 whitespace-normal md:table-cell" data-testid="overview-classes">{classesOf(row.classes)}</TableCell>
                  <TableCell className="hidden text-end tabular-nums sm:table-cell">{row.students}</TableCell>
                  <TableCell>
                    {row.reviewOpen > 0 ? (
                      <Link to={`/cards/scan/${row.guid}?tab=review`} data-testid="overview-review">
                        <Badge variant="destructive">{t('scores.overview.reviewOpen', { count: row.reviewOpen })}</Badge>
                      </Link>
                    ) : (
                      <Badge variant="secondary" data-testid="overview-review-done">{t('scores.overview.reviewDone')}</Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-end tabular-nums" data-testid="overview-mean">
                    {row.keyed && row.mean !== null ? t('scores.overview.meanOf', { mean: row.mean, max: row.maxScore }) : <span className="text-muted-foreground">{t('scores.overview.noKey')}</span>}
                  </TableCell>
                  <TableCell className="hidden tabular-nums lg:table-cell">{row.lastScanAt}</TableCell>
                </TableRow>
              ))}
              {overview.data?.length === 0 && <EmptyRow colSpan={6} text="scores.overview.none" testId="overview-empty" />}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
