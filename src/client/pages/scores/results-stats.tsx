import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '../../components/ui/chart';
import { FigureCard } from './figure-card';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import type { Results, Stats } from '../../../shared/schemas/scores';
import { formatScore } from './results-table';

export const STAT_FIGURES: { key: keyof Stats; label: UiKey }[] = [
  { key: 'count', label: 'scores.colCount' },
  { key: 'mean', label: 'scores.colMean' },
  { key: 'median', label: 'scores.colMedian' },
  { key: 'sd', label: 'scores.colSd' },
  { key: 'max', label: 'scores.colHigh' },
  { key: 'min', label: 'scores.colLow' },
];

/** One group's figures (docs/scores.md): 人數, 平均, 中位數, 標準差, 最高, 最低. */
export function StatsCard({ title, stats, testId }: { title: string; stats: Stats; testId: string }) {
  const t = useT();
  return (
    <FigureCard title={title} testId={testId} className="w-full sm:w-64" contentClassName="grid grid-cols-3 gap-x-4 gap-y-2 px-4">
      {STAT_FIGURES.map((f) => (
        <div key={f.key}>
          <div className="text-xs text-muted-foreground">{t(f.label)}</div>
          <div className="text-lg font-semibold tabular-nums" data-testid={`${testId}-${f.key}`}>{formatScore(stats[f.key])}</div>
        </div>
      ))}
    </FigureCard>
  );
}

/** The score histogram: ten bins over 0 to full marks, as the server counts them. */
export function ScoreHistogram({ bins }: { bins: Results['histogram'] }) {
  const t = useT();
  const data = bins.map((b) => ({ range: `${formatScore(b.from)}–${formatScore(b.to)}`, count: b.count }));
  const config = { count: { label: t('scores.colCount'), color: 'var(--chart-1)' } } satisfies ChartConfig;
  return (
    <FigureCard title={t('scores.histogram.title')} testId="results-histogram" className="min-w-0 flex-1 basis-80" contentClassName="px-2">
      <ChartContainer config={config} className="aspect-auto h-44 w-full">
        <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="range" tickLine={false} axisLine={false} interval="preserveStartEnd" fontSize={11} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
          <ChartTooltip cursor={false} content={<ChartTooltipContent />} />
          <Bar dataKey="count" fill="var(--color-count)" radius={4} isAnimationActive={false} />
        </BarChart>
      </ChartContainer>
    </FigureCard>
  );
}
