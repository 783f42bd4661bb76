import type { ComponentProps, CSSProperties } from 'react';
import { Bar, BarChart, CartesianGrid, ReferenceLine, XAxis, YAxis } from 'recharts';
import { FigureCard } from './figure-card';
import { ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent, type ChartConfig } from '../../components/ui/chart';
import { useT } from '../../i18n/locale-context';
import type { ItemAnalysis } from '../../../shared/schemas/scores';

/** A share as a whole percentage (also the item table's). */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The item analysis as charts: difficulty beside discrimination per question (a bar under the
 * zero line is a question the weaker students got right more often), and each question's share
 * of right, wrong and blank answers stacked to 100 %.
 */
export function ItemCharts({ items, count }: { items: ItemAnalysis[]; count: number }) {
  const t = useT();
  const indices = items.map((i) => ({ q: i.showno, difficulty: i.difficulty ?? 0, discrimination: i.discrimination ?? 0 }));
  const answers = items.map((i) => {
    const right = i.difficulty ?? 0;
    const blank = count > 0 ? i.blank / count : 0;
    return { q: i.showno, right, wrong: Math.max(0, 1 - right - blank), blank };
  });
  const indexConfig = {
    difficulty: { label: t('scores.colDifficulty'), color: 'var(--chart-2)' },
    discrimination: { label: t('scores.colDiscrimination'), color: 'var(--chart-1)' },
  } satisfies ChartConfig;
  const answerConfig = {
    right: { label: t('scores.items.right'), color: 'var(--chart-2)' },
    wrong: { label: t('scores.items.wrong'), color: 'var(--destructive)' },
    blank: { label: t('scores.colBlank'), color: 'var(--muted-foreground)' },
  } satisfies ChartConfig;
  // A few questions fit a phone (the card is ~290 px inside); many scroll sideways in the card.
  const width = { minWidth: `${Math.max(240, items.length * 28)}px` };
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartCard testId="items-chart-indices" title={t('scores.items.chartIndices')} config={indexConfig} width={width}>
        <BarChart data={indices} margin={CHART_MARGIN}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="q" tickLine={false} axisLine={false} interval={0} fontSize={11} />
          <YAxis domain={[-1, 1]} tickFormatter={(v: number) => v.toFixed(1)} tickLine={false} axisLine={false} width={40} />
          <ReferenceLine y={0} />
          <ChartTooltip cursor={false} content={<ChartTooltipContent valueFormat={(v) => v.toFixed(2)} />} />
          <ChartLegend itemSorter={null} content={<ChartLegendContent />} />
          <Bar dataKey="difficulty" fill="var(--color-difficulty)" radius={2} isAnimationActive={false} />
          <Bar dataKey="discrimination" fill="var(--color-discrimination)" radius={2} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard testId="items-chart-answers" title={t('scores.items.chartAnswers')} config={answerConfig} width={width}>
        <BarChart data={answers} margin={CHART_MARGIN}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="q" tickLine={false} axisLine={false} interval={0} fontSize={11} />
          <YAxis domain={[0, 1]} tickFormatter={percent} tickLine={false} axisLine={false} width={44} />
          <ChartTooltip cursor={false} content={<ChartTooltipContent valueFormat={percent} />} />
          <ChartLegend itemSorter={null} content={<ChartLegendContent />} />
          <Bar dataKey="right" stackId="a" fill="var(--color-right)" isAnimationActive={false} />
          <Bar dataKey="wrong" stackId="a" fill="var(--color-wrong)" isAnimationActive={false} />
          <Bar dataKey="blank" stackId="a" fill="var(--color-blank)" isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}

const CHART_MARGIN = { top: 8, right: 8, left: 0, bottom: 0 };

/** One chart in a card of its own; a chart wider than the card scrolls sideways inside it. */
function ChartCard({ testId, title, config, width, children }: { testId: string; title: string; config: ChartConfig; width: CSSProperties; children: ComponentProps<typeof ChartContainer>['children'] }) {
  return (
    <FigureCard title={title} testId={testId} className="min-w-0" contentClassName="overflow-x-auto px-2">
      <ChartContainer config={config} className="aspect-auto h-64" style={width}>
        {children}
      </ChartContainer>
    </FigureCard>
  );
}
