import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { Legend, ResponsiveContainer, Tooltip, type LegendPayload, type TooltipContentProps } from 'recharts';
import { cn } from './class-names';

// shadcn/ui's chart pattern, small: a container that gives each series its colour as
// `--color-<key>` and themes Recharts' axes and grid, a tooltip and a legend that read labels from
// the same config. The charts themselves are plain Recharts.

export type ChartConfig = Record<string, { label: ReactNode; color?: string }>;

const ChartContext = createContext<ChartConfig | null>(null);

function useChartConfig(): ChartConfig {
  const config = useContext(ChartContext);
  if (!config) throw new Error('a chart part must sit inside a <ChartContainer />');
  return config;
}

export function ChartContainer({ config, className, style, children, ...props }: ComponentProps<'div'> & { config: ChartConfig; children: ComponentProps<typeof ResponsiveContainer>['children'] }) {
  const colors = Object.fromEntries(Object.entries(config).flatMap(([key, item]) => (item.color ? [[`--color-${key}`, item.color]] : [])));
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        style={{ ...colors, ...style }}
        className={cn(
          'flex aspect-video justify-center text-xs',
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-reference-line_line]:stroke-border',
          '[&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden [&_.recharts-layer]:outline-hidden',
          className,
        )}
        {...props}
      >
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Tooltip;
export const ChartLegend = Legend;

/** The tooltip box: the label, then one line per series with its colour, name and value. */
export function ChartTooltipContent({ active, payload, label, valueFormat }: Partial<TooltipContentProps<number, string>> & { valueFormat?: (value: number) => ReactNode }) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl">
      {label !== undefined && <div className="font-medium">{label}</div>}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name);
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[2px]" style={{ background: item.color ?? item.fill }} />
            <span className="text-muted-foreground">{config[key]?.label ?? item.name}</span>
            <span className="ms-auto font-mono font-medium tabular-nums">{valueFormat ? valueFormat(Number(item.value)) : item.value}</span>
          </div>
        );
      })}
    </div>
  );
}

export function ChartLegendContent({ payload }: { payload?: readonly LegendPayload[] }) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <div className="flex items-center justify-center gap-4 pt-3">
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.value);
        return (
          <div key={key} className="flex items-center gap-1.5">
            <span className="size-2 shrink-0 rounded-[2px]" style={{ background: item.color }} />
            {config[key]?.label ?? item.value}
          </div>
        );
      })}
    </div>
  );
}
