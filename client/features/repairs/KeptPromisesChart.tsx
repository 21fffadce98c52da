import { Chart } from '../../ui/Chart';
import type { KeptPromisesDto } from '../../../core/repairs/schemas';

/** The share of reports answered and fixed within their deadlines, as bars. The table beside it holds the same figures in words. */
export function KeptPromisesChart({ groups, title }: { groups: KeptPromisesDto['byPriority']; title: string }) {
  const data = groups.map((g) => ({ group: g.label, Answered: g.respond.share ?? 0, Fixed: g.fix.share ?? 0 }));
  return (
    <div role="img" aria-label={`${title}: the same figures as the table below`}>
      <Chart
        spec={{
          kind: 'bar',
          data,
          dataKey: 'group',
          unit: '%',
          max: 100,
          series: [
            { name: 'Answered', label: 'Answered in time', color: 'blue.7' },
            { name: 'Fixed', label: 'Fixed in time', color: 'teal.8' },
          ],
        }}
      />
    </div>
  );
}
