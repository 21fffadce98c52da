import { Text } from '@mantine/core';
import { Chart } from '../../ui/Chart';
import type { Report } from '../../../core/reports/schemas';

/** A report's chart, as bars. The table under it holds the same figures in words. */
export function ReportChart({ chart }: { chart: NonNullable<Report['chart']> }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {chart.title}
      </Text>
      <div role="img" aria-label={`${chart.title}: the same figures as the table below`}>
        <Chart
          spec={{ kind: 'bar', data: chart.data, dataKey: 'name', series: [{ name: 'value', label: chart.series, color: 'blue.7' }] }}
        />
      </div>
    </div>
  );
}
