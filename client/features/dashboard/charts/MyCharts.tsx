import { useState } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { ChartPeriod } from '../../../../core/dashboard/charts';
import { FIRST_CHART_PERIOD, personnelChartSummaries, userChartSummary } from '../../../../core/dashboard/chartSummaries';
import { ListState } from '../../../ui/list';
import { usePersonnelCharts, useUserCharts } from '../api';
import { ChartCard, ChartsSection, weekLabel } from './ChartCard';

/** The personnel dashboard's charts (docs/decisions/dashboard-charts.md): my jobs per week and my rating. */
export function PersonnelCharts() {
  const [period, setPeriod] = useState<ChartPeriod>(FIRST_CHART_PERIOD);
  const charts = usePersonnelCharts(period);
  const c = charts.data;
  const said = c ? personnelChartSummaries(c) : null;
  return (
    <ChartsSection title="My charts" period={period} onPeriod={setPeriod}>
      <ListState
        loading={charts.isPending}
        error={charts.isError ? charts.error : null}
        onRetry={() => charts.refetch()}
        empty={false}
        emptyText=""
      >
        {c && said && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChartCard
              title="My jobs per week"
              summary={said.jobs}
              spec={{
                kind: 'bar',
                data: c.jobs.map((j) => ({ week: weekLabel(j.week), Assigned: j.assigned, Completed: j.completed })),
                dataKey: 'week',
                series: [
                  { name: 'Assigned', label: 'Assigned', color: 'blue.7' },
                  { name: 'Completed', label: 'Completed', color: 'teal.8' },
                ],
              }}
              columns={['Week of', 'Assigned', 'Completed']}
              rows={c.jobs.map((j) => [weekLabel(j.week), j.assigned, j.completed])}
            />
            <ChartCard
              title="My rating"
              summary={said.rating}
              spec={{
                kind: 'line',
                data: c.rating.weeks.map((w) => ({ week: weekLabel(w.week), Rating: w.average })),
                dataKey: 'week',
                max: 5,
                series: [{ name: 'Rating', label: 'Average rating', color: 'yellow.9' }],
              }}
              columns={['Week of', 'Ratings', 'Average (of 5)']}
              rows={c.rating.weeks.map((w) => [weekLabel(w.week), w.ratings, w.average ?? '–'])}
            />
          </SimpleGrid>
        )}
      </ListState>
    </ChartsSection>
  );
}

/** The user dashboard's chart (docs/decisions/dashboard-charts.md): my requests and repair reports per week. */
export function UserCharts() {
  const [period, setPeriod] = useState<ChartPeriod>(FIRST_CHART_PERIOD);
  const charts = useUserCharts(period);
  const c = charts.data;
  return (
    <ChartsSection title="My charts" period={period} onPeriod={setPeriod}>
      <ListState
        loading={charts.isPending}
        error={charts.isError ? charts.error : null}
        onRetry={() => charts.refetch()}
        empty={false}
        emptyText=""
      >
        {c && (
          <ChartCard
            title="My loans and reports over time"
            summary={userChartSummary(c)}
            spec={{
              kind: 'bar',
              data: c.weeks.map((w) => ({ week: weekLabel(w.week), Requests: w.requests, Reports: w.reports })),
              dataKey: 'week',
              series: [
                { name: 'Requests', label: 'Borrow requests', color: 'blue.7' },
                { name: 'Reports', label: 'Repair reports', color: 'orange.8' },
              ],
            }}
            columns={['Week of', 'Borrow requests', 'Repair reports']}
            rows={c.weeks.map((w) => [weekLabel(w.week), w.requests, w.reports])}
          />
        )}
      </ListState>
    </ChartsSection>
  );
}
