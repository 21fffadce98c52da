import { SimpleGrid } from '@mantine/core';
import { personnelChartSummaries, userChartSummary } from '../../../../core/dashboard/chartSummaries';
import { usePersonnelCharts, useUserCharts } from '../api';
import { ChartCard, ChartsSection, WeeklyBarsCard, weekLabel } from './ChartCard';

/** The personnel dashboard's charts (docs/decisions/dashboard-charts.md): my jobs per week and my rating. */
export function PersonnelCharts() {
  return (
    <ChartsSection title="My charts" useFigures={usePersonnelCharts}>
      {(c) => {
        const said = personnelChartSummaries(c);
        return (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <WeeklyBarsCard
              title="My jobs per week"
              summary={said.jobs}
              weeks={c.jobs}
              series={[
                { label: 'Assigned', color: 'blue.7', value: (j) => j.assigned },
                { label: 'Completed', color: 'teal.8', value: (j) => j.completed },
              ]}
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
        );
      }}
    </ChartsSection>
  );
}

/** The user dashboard's chart (docs/decisions/dashboard-charts.md): my requests and repair reports per week. */
export function UserCharts() {
  return (
    <ChartsSection title="My charts" useFigures={useUserCharts}>
      {(c) => (
        <WeeklyBarsCard
          title="My loans and reports over time"
          summary={userChartSummary(c)}
          weeks={c.weeks}
          series={[
            { label: 'Borrow requests', color: 'blue.7', value: (w) => w.requests },
            { label: 'Repair reports', color: 'orange.8', value: (w) => w.reports },
          ]}
        />
      )}
    </ChartsSection>
  );
}
