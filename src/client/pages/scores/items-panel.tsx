import { useEffect, useState } from 'react';
import { RadioChoices } from '../../components/radio-choices';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/class-names';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { ItemAnalysis, Reliability } from '../../../shared/schemas/scores';
import { ItemCharts, percent } from './items-charts';
import { UnorderedVersions } from './key-versions';
import { NoKey, PanelRefused } from './no-key';
import { WrittenItemsTable } from './items-written';
import { SelectionFilter, useSelection } from './selection-filter';
import { PendingBanner } from './honest-results';

/**
 * Tab 試題分析 (docs/scores.md): per question its difficulty, discrimination and
 * option distribution with the key highlighted, the two warning flags in red, and the charts.
 */
export function ItemsPanel({ guid, onGoToKey, onGoToReview }: { guid: string; onGoToKey: () => void; onGoToReview?: () => void }) {
  const t = useT();
  const selection = useSelection(guid);
  const key = trpc.scores.key.useQuery({ guid });
  // A print in versions: all versions together (per master question), or one of them.
  const [version, setVersion] = useState('');
  const items = trpc.scores.items.useQuery({ guid, ...selection.input, version: version || undefined }, { enabled: key.data?.saved === true });
  const versions = items.data?.versions ?? [];
  // The versions to choose from come from the all-versions answer, kept while one version is shown.
  const [allVersions, setAllVersions] = useState<string[]>([]);
  const seen = version === '' ? versions.map((v) => v.version).join(',') : null;
  useEffect(() => {
    if (seen !== null) setAllVersions(seen === '' ? [] : seen.split(','));
  }, [seen]);
  if (key.error) return <PanelRefused message={key.error.message} />;
  if (!key.data) return null;
  if (!key.data.saved) return <NoKey onGoToKey={onGoToKey} />;
  const rows = items.data?.items ?? [];
  const count = items.data?.count ?? 0;
  return (
    <div className="flex flex-col gap-4" data-testid="items-panel">
      <PendingBanner count={items.data?.pending_review ?? 0} onGoToReview={onGoToReview} />
      <SelectionFilter selection={selection} />
      {allVersions.length > 1 && (
        <RadioChoices
          id="items-version"
          label={t('scores.versions.which')}
          choices={[{ value: '', label: t('scores.items.allVersions') }, ...allVersions.map((v) => ({ value: v, label: `${v} 卷` }))]}
          value={version}
          onChange={setVersion}
        />
      )}
      <UnorderedVersions versions={versions} />
      {items.data && count > 0 && <ReliabilityCard reliability={items.data.reliability} />}
      {count > 0 && <ItemCharts items={rows} count={count} />}
      <p className="text-xs text-muted-foreground">{t('scores.items.legend')}</p>
      <p className="text-xs text-muted-foreground">{t('scores.items.readPointBiserial')}</p>
      <Table data-testid="items-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('scores.colQuestion')}</TableHead>
            <TableHead>{t('scores.colKey')}</TableHead>
            <TableHead className="text-end">{t('scores.colDifficulty')}</TableHead>
            <TableHead className="text-end">{t('scores.colDiscrimination')}</TableHead>
            <TableHead className="text-end">{t('scores.colPointBiserial')}</TableHead>
            <TableHead>{t('scores.items.options')}</TableHead>
            <TableHead className="text-end">{t('scores.colBlank')}</TableHead>
            <TableHead>{t('scores.colFlags')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((item) => (
            <ItemRow key={item.q} item={item} />
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} className="py-10 text-center text-muted-foreground">{t('scores.items.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <WrittenItemsTable items={items.data?.written ?? []} />
    </div>
  );
}

const percentOrDash = (share: number | null) => (share === null ? '—' : percent(share));

function ItemRow({ item }: { item: ItemAnalysis }) {
  const t = useT();
  return (
    <TableRow data-testid={`items-row-${item.showno}`} className={cn(item.flags.length > 0 && 'bg-red-50/60 dark:bg-red-950/20')}>
      <TableCell className="font-medium tabular-nums">{item.showno}</TableCell>
      <TableCell className="font-mono" data-testid={`items-key-${item.showno}`}>{item.key || '—'}</TableCell>
      <TableCell className="text-end tabular-nums" data-testid={`items-difficulty-${item.showno}`}>{percentOrDash(item.difficulty)}</TableCell>
      <TableCell className={cn('text-end tabular-nums', (item.discrimination ?? 0) < 0 && 'font-semibold text-destructive')} data-testid={`items-discrimination-${item.showno}`}>
        {item.discrimination === null ? '—' : item.discrimination.toFixed(2)}
      </TableCell>
      <TableCell className={cn('text-end tabular-nums', (item.point_biserial ?? 0) < 0 && 'font-semibold text-destructive')} data-testid={`items-pbis-${item.showno}`}>
        {item.point_biserial === null ? '—' : item.point_biserial.toFixed(2)}
      </TableCell>
      <TableCell>
        <div className="flex min-w-max gap-1">
          {item.options.map((o) => (
            <span
              key={o.value}
              title={`${o.value}: ${o.count}`}
              data-key={o.is_key || undefined}
              className={cn('inline-flex w-16 items-center justify-between gap-1 rounded border px-1.5 py-0.5 text-xs tabular-nums', o.is_key && 'border-emerald-600 font-semibold text-emerald-700 dark:text-emerald-400')}
              style={{ background: `linear-gradient(to right, ${o.is_key ? 'color-mix(in oklch, var(--chart-2) 35%, transparent)' : 'color-mix(in oklch, var(--muted-foreground) 22%, transparent)'} ${o.share * 100}%, transparent ${o.share * 100}%)` }}
            >
              <span>{o.value}</span>
              <span>{percentOrDash(o.share)}</span>
            </span>
          ))}
        </div>
      </TableCell>
      <TableCell className="text-end tabular-nums">{item.blank}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          {item.flags.map((f) => (
            <Badge key={f} variant="destructive" data-testid={`items-flag-${item.showno}-${f}`}>{t(`scores.flag.${f}`)}</Badge>
          ))}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** KR-20 or α and the SEM of the selection, each with one sentence on how to read it. */
function ReliabilityCard({ reliability }: { reliability: Reliability | null }) {
  const t = useT();
  return (
    <section className="rounded-lg border p-4" data-testid="items-reliability" aria-label={t('scores.items.reliability')}>
      {reliability === null ? (
        <p className="text-sm text-muted-foreground">{t('scores.items.noReliability')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <div className="text-sm text-muted-foreground">{t(reliability.method === 'kr20' ? 'scores.items.kr20' : 'scores.items.alpha')}</div>
            <div className={cn('text-2xl font-semibold tabular-nums', reliability.value < 0.7 && 'text-amber-700 dark:text-amber-400')} data-testid="items-reliability-value">
              {reliability.value.toFixed(2)}
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{t('scores.items.readReliability')}</p>
          </div>
          <div>
            <div className="text-sm text-muted-foreground">{t('scores.items.sem')}</div>
            <div className="text-2xl font-semibold tabular-nums" data-testid="items-sem-value">
              {reliability.sem === null ? '—' : t('scores.items.semValue', { sem: reliability.sem })}
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{t('scores.items.readSem')}</p>
          </div>
        </div>
      )}
    </section>
  );
}
