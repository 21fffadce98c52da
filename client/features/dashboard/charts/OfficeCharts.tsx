import { SimpleGrid } from '@mantine/core';
import { REQUEST_STATUSES } from '../../../../core/borrowing/rules';
import { OUTCOME_LABELS, periodRequestsText } from '../../../../core/dashboard/charts';
import type { OfficeChartsDto } from '../../../../core/dashboard/schemas';
import { hoursText } from '../../../../core/repairs/keptPromises';
import { useOfficeCharts } from '../api';
import { ChartCard, ChartsSection, WeeklyBarsCard, weekLabel } from './ChartCard';

const OUTCOME_COLORS: Record<string, string> = {
  pending: 'yellow.8',
  approved: 'blue.7',
  returned: 'cyan.8',
  completed: 'teal.8',
  rejected: 'red.8',
  cancelled: 'gray.7',
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** The week with the most, in words, or nothing when every week is 0. */
function busiest(weeks: { week: string; n: number }[], what: string) {
  const top = weeks.reduce((a, b) => (b.n > a.n ? b : a), { week: '', n: 0 });
  return top.n ? ` The most ${what} were in the week of ${weekLabel(top.week)} (${top.n}).` : '';
}

type Usage = OfficeChartsDto['usage']['items'];
function usageCard(title: string, what: { one: string; many: string }, u: Usage, days: number) {
  const most = u.most;
  const least = u.least;
  const leastWords = least.length
    ? ` Least used: ${least.map((l) => `${l.label} (${l.share}%)`).join(', ')}.`
    : ` Every ${what.one} lent is among the most used: too few ${what.many} to list the least used apart.`;
  const summary = most.length
    ? `Of the ${days} days, ${most[0].label} was out on ${plural(most[0].days, 'day')} (${most[0].share}%), the most.${leastWords}`
    : `No ${what.one} was lent in this period.`;
  return (
    <ChartCard
      title={title}
      summary={summary}
      spec={{
        kind: 'bar',
        across: true,
        data: most.map((m) => ({ name: m.label, Share: m.share })),
        dataKey: 'name',
        unit: '%',
        max: 100,
        series: [{ name: 'Share', label: 'Share of days on loan', color: 'blue.7' }],
      }}
      columns={['Name', 'Rank', 'Days on loan', 'Share of days']}
      rows={[
        ...most.map((m, i) => [m.label, `Most used ${i + 1}`, m.days, `${m.share}%`]),
        ...least.map((l, i) => [l.label, `Least used ${i + 1}`, l.days, `${l.share}%`]),
      ]}
    />
  );
}

/**
 * The admin dashboard's charts (docs/decisions/dashboard-charts.md), for 30 days, 90 days or the
 * term: each with a summary in words and a table of the same figures.
 */
export function OfficeCharts() {
  return (
    <ChartsSection title="Charts" useFigures={useOfficeCharts}>
      {(c) => <OfficeChartCards c={c} />}
    </ChartsSection>
  );
}

function OfficeChartCards({ c }: { c: OfficeChartsDto }) {
  const weeks = c.requestsByOutcome.length;
  const requests = c.requestsByOutcome.map((w) => ({ week: w.week, n: sum(REQUEST_STATUSES.map((s) => w[s])) }));
  const totalRequests = sum(requests.map((r) => r.n));
  const byStatus = REQUEST_STATUSES.map((s) => ({ s, n: sum(c.requestsByOutcome.map((w) => w[s])) })).filter((x) => x.n);
  const overdueNow = c.overdueNow;
  const overdueTop = Math.max(0, ...c.overdue.map((o) => o.overdue));
  const opened = sum(c.repairs.map((r) => r.opened));
  const closed = sum(c.repairs.map((r) => r.closed));
  const fixed = c.fixTime.filter((f) => f.repairs);
  const rated = c.ratings.filter((r) => r.ratings);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard
        title="Requests per week by outcome"
        summary={`${periodRequestsText(c)}${
          totalRequests
            ? ` By week, from ${weekLabel(c.from)}: ${plural(totalRequests, 'request')} made in ${plural(weeks, 'week')}, by status now: ${byStatus
                .map((x) => `${x.n} ${OUTCOME_LABELS[x.s].toLowerCase()}`)
                .join(', ')}.${busiest(requests, 'requests')}`
            : ''
        }`}
        spec={{
          kind: 'bar',
          stacked: true,
          data: c.requestsByOutcome.map((w) => ({
            week: weekLabel(w.week),
            ...Object.fromEntries(REQUEST_STATUSES.map((s) => [s, w[s]])),
          })),
          dataKey: 'week',
          series: REQUEST_STATUSES.map((s) => ({ name: s, label: OUTCOME_LABELS[s], color: OUTCOME_COLORS[s] })),
        }}
        columns={['Week of', ...REQUEST_STATUSES.map((s) => OUTCOME_LABELS[s]), 'All']}
        rows={c.requestsByOutcome.map((w, i) => [weekLabel(w.week), ...REQUEST_STATUSES.map((s) => w[s]), requests[i].n])}
      />
      {usageCard('Most and least used items', { one: 'item', many: 'items' }, c.usage.items, c.periodDays)}
      {usageCard('Most and least used categories', { one: 'category', many: 'categories' }, c.usage.categories, c.periodDays)}
      <ChartCard
        title="Overdue loans over time"
        summary={
          overdueTop
            ? `${plural(overdueNow, 'loan is', 'loans are')} overdue now; the most at a week's end was ${overdueTop}.`
            : 'No loan was overdue in this period.'
        }
        spec={{
          kind: 'line',
          data: c.overdue.map((o) => ({ week: weekLabel(o.week), Overdue: o.overdue })),
          dataKey: 'week',
          series: [{ name: 'Overdue', label: 'Overdue loans', color: 'red.8' }],
        }}
        columns={['Week of', 'Overdue at the week’s end']}
        rows={c.overdue.map((o) => [weekLabel(o.week), o.overdue])}
      />
      <WeeklyBarsCard
        title="Repairs opened and closed per week"
        summary={`${plural(opened, 'repair')} reported and ${closed} completed in ${plural(weeks, 'week')}.${busiest(
          c.repairs.map((r) => ({ week: r.week, n: r.opened })),
          'reports',
        )}`}
        weeks={c.repairs}
        series={[
          { label: 'Opened', color: 'orange.8', value: (r) => r.opened },
          { label: 'Closed', color: 'teal.8', value: (r) => r.closed },
        ]}
      />
      <ChartCard
        title="Fix time by priority"
        summary={
          fixed.length
            ? `Average time from report to completion: ${fixed.map((f) => `${f.label.toLowerCase()} ${hoursText(f.averageHours)}`).join(', ')}.`
            : 'No repair was completed in this period.'
        }
        spec={{
          kind: 'bar',
          data: c.fixTime.map((f) => ({ priority: f.label, Hours: f.averageHours ?? 0 })),
          dataKey: 'priority',
          unit: ' h',
          series: [{ name: 'Hours', label: 'Average hours to fix', color: 'violet.8' }],
        }}
        columns={['Priority', 'Repairs completed', 'Average fix time']}
        rows={c.fixTime.map((f) => [f.label, f.repairs, hoursText(f.averageHours)])}
      />
      <ChartCard
        title="Average rating by trade"
        summary={
          rated.length
            ? `Average rating out of 5: ${rated.map((r) => `${r.label.toLowerCase()} ${r.average} (${plural(r.ratings, 'rating')})`).join(', ')}.`
            : 'No repair was rated in this period.'
        }
        spec={{
          kind: 'bar',
          data: c.ratings.map((r) => ({ trade: r.label, Rating: r.average ?? 0 })),
          dataKey: 'trade',
          max: 5,
          series: [{ name: 'Rating', label: 'Average rating', color: 'yellow.9' }],
        }}
        columns={['Trade', 'Ratings', 'Average (of 5)']}
        rows={c.ratings.map((r) => [r.label, r.ratings, r.average ?? '–'])}
      />
    </SimpleGrid>
  );
}
