/**
 * The borrowers' and personnel's charts in words (docs/decisions/dashboard-charts.md): what each chart card says
 * first.
 */
import { plural } from '../format';
import type { PersonnelChartsDto, UserChartsDto } from './schemas';

/** The period every dashboard chart opens on. */
export const FIRST_CHART_PERIOD = '30';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A borrower's requests and reports per week. */
export const userChartSummary = (c: UserChartsDto) =>
  `You made ${plural(sum(c.weeks.map((w) => w.requests)), 'borrow request')} and ${plural(sum(c.weeks.map((w) => w.reports)), 'repair report')} in ${plural(c.weeks.length, 'week')}.`;

/** A personnel member's jobs per week, and their rating. */
export const personnelChartSummaries = (c: PersonnelChartsDto): { jobs: string; rating: string } => ({
  jobs: `${plural(sum(c.jobs.map((j) => j.assigned)), 'job')} assigned to you and ${sum(c.jobs.map((j) => j.completed))} completed in ${plural(c.jobs.length, 'week')}.`,
  rating: c.rating.ratings
    ? `Your average rating is ${c.rating.average} out of 5, from ${plural(c.rating.ratings, 'rating')} in this period.`
    : 'No job of yours was rated in this period.',
});
