import { Chart, type ChartSpec } from '../../../ui/Chart';

export type { ChartSpec };

/**
 * One chart of the dashboards. The table under it holds the same figures in words; the picture is named as such for
 * screen readers.
 */
export function ChartView({ title, spec }: { title: string; spec: ChartSpec }) {
  return (
    <div role="img" aria-label={`${title}: chart of the figures in the table below`}>
      <Chart spec={spec} height={spec.across ? Math.max(160, spec.data.length * 34 + 40) : 220} />
    </div>
  );
}
