import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { KeptPromisesDto } from '../../../core/repairs/schemas';

/**
 * The share of reports answered and fixed within their deadlines, as bars (loaded on its own, after the page: the
 * chart library is the heaviest part of the dashboard). The table beside it holds the same figures in words.
 */
export default function KeptPromisesChart({ groups, title }: { groups: KeptPromisesDto['byPriority']; title: string }) {
  const data = groups.map((g) => ({ group: g.label, Answered: g.respond.share ?? 0, Fixed: g.fix.share ?? 0 }));
  return (
    <div role="img" aria-label={`${title}: the same figures as the table below`}>
      <BarChart
        h={220}
        data={data}
        dataKey="group"
        unit="%"
        yAxisProps={{ domain: [0, 100] }}
        withLegend
        series={[
          { name: 'Answered', label: 'Answered in time', color: 'blue.7' },
          { name: 'Fixed', label: 'Fixed in time', color: 'teal.8' },
        ]}
      />
    </div>
  );
}
