/**
 * The dashboards' charts (docs/decisions/dashboard-charts.md): the periods they cover, the campus
 * term, and the weeks a period is counted in. One rule, used by the server, the screens and the tests.
 */
import type { RequestStatus } from '../borrowing/rules';
import { plural } from '../format';
import { addDays, daysBetween, formatCalendarDate, weekOf } from '../time';

export const CHART_PERIODS = ['30', '90', 'term'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const CHART_PERIOD_LABELS: Record<ChartPeriod, string> = { '30': 'Last 30 days', '90': 'Last 90 days', term: 'This term' };

/**
 * The campus terms: the first semester August to December, the second January to May, the midyear term June and
 * July. Returns the term holding a calendar date: its name and first day.
 */
export function termOf(date: string): { name: string; start: string } {
  const year = date.slice(0, 4);
  const month = Number(date.slice(5, 7));
  if (month >= 8) return { name: `First semester ${year}`, start: `${year}-08-01` };
  if (month <= 5) return { name: `Second semester ${Number(year) - 1}–${year}`, start: `${year}-01-01` };
  return { name: `Midyear term ${year}`, start: `${year}-06-01` };
}

export interface ChartWindow {
  period: ChartPeriod;
  /** The period's first day: 29 or 89 days before today, or the term's first day. */
  first: string;
  /** The Monday of the week holding `first`: figures are counted from here, in whole weeks (Monday to Sunday). */
  from: string;
  /** Today, the last day counted. */
  to: string;
  /** Days from `from` to `to`, both counted: the weekly charts' days. */
  days: number;
  /** Days from `first` to `to`, both counted: the period's own days, as its label says (30, 90, the term so far). */
  periodDays: number;
  /** The Monday of each week, oldest first. */
  weeks: string[];
}

/** The weeks a period covers, on the campus calendar, seen on `today`. */
export function chartWindow(period: ChartPeriod, today: string): ChartWindow {
  const first = period === 'term' ? termOf(today).start : addDays(today, -(Number(period) - 1));
  const from = weekOf(first).start;
  const weeks: string[] = [];
  for (let w = from; w <= today; w = addDays(w, 7)) weeks.push(w);
  return { period, first, from, to: today, days: daysBetween(from, today) + 1, periodDays: daysBetween(first, today) + 1, weeks };
}

/**
 * The requests chart's status names. "Approved" means one thing on the dashboard and in the reports: every request
 * the office approved (approved, returned or completed now). A request whose status is still approved is out on loan.
 */
export const OUTCOME_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'On loan',
  returned: 'Awaiting verification',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The period's requests in words, the figures of the Lending activity report over the same days. */
export const periodRequestsText = (c: {
  period: ChartPeriod;
  first: string;
  to: string;
  requests: { made: number; approved: number; rejected: number };
}) =>
  `${CHART_PERIOD_LABELS[c.period]} (${formatCalendarDate(c.first)} to ${formatCalendarDate(c.to)}): ${plural(c.requests.made, 'request')} made, ${c.requests.approved} approved, ${c.requests.rejected} rejected.`;
