import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';

export type ChartSeries = { name: string; label: string; color: string };
export type ChartSpec = {
  kind: 'bar' | 'line';
  data: Record<string, string | number | null>[];
  /** The field naming each bar or point (a week, an item, a priority). */
  dataKey: string;
  series: ChartSeries[];
  stacked?: boolean;
  /** Bars across (names on the left): for long names such as items. */
  across?: boolean;
  unit?: string;
  max?: number;
};

/**
 * One chart of the dashboards (loaded on its own, after the page: the chart library is the heaviest part of a
 * dashboard). The table under it holds the same figures in words; the picture is named as such for screen readers.
 */
export default function ChartView({ title, spec }: { title: string; spec: ChartSpec }) {
  const common = {
    h: spec.across ? Math.max(160, spec.data.length * 34 + 40) : 220,
    data: spec.data,
    dataKey: spec.dataKey,
    series: spec.series,
    // Bars across put the names on the y axis, where a unit would follow each name: there the values carry it.
    unit: spec.across ? undefined : spec.unit,
    valueFormatter: spec.across && spec.unit ? (v: number) => `${v}${spec.unit}` : undefined,
    withLegend: spec.series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    tickLine: 'none' as const,
  };
  return (
    <div role="img" aria-label={`${title}: chart of the figures in the table below`}>
      {spec.kind === 'line' ? (
        <LineChart {...common} connectNulls curveType="linear" yAxisProps={spec.max ? { domain: [0, spec.max] } : undefined} />
      ) : (
        <BarChart
          {...common}
          type={spec.stacked ? 'stacked' : 'default'}
          orientation={spec.across ? 'vertical' : 'horizontal'}
          yAxisProps={spec.across ? { width: 110 } : spec.max ? { domain: [0, spec.max] } : undefined}
          xAxisProps={spec.across && spec.max ? { domain: [0, spec.max] } : undefined}
        />
      )}
    </div>
  );
}
