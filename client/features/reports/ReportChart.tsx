import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { Report } from '../../../core/reports/schemas';

/**
 * A report's chart, as bars (loaded on its own, after the page: the chart library is heavy). The table under it
 * holds the same figures in words.
 */
export default function ReportChart({ chart }: { chart: NonNullable<Report['chart']> }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {chart.title}
      </Text>
      <div role="img" aria-label={`${chart.title}: the same figures as the table below`}>
        <BarChart h={220} data={chart.data} dataKey="name" series={[{ name: 'value', label: chart.series, color: 'blue.7' }]} />
      </div>
    </div>
  );
}
