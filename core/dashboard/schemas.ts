/** The dashboards' cards: each figure now, this month and last (docs/decisions/real-figures.md). */
import { z } from 'zod';
import { requestCounts } from '../borrowing/schemas';
import { calendarDate, count, isoTime, monthFigure } from '../common/schemas';
import { CHART_PERIODS } from './charts';
import { repairCounts } from '../repairs/schemas';

export const adminDashboard = z.object({
  /** Accepted accounts (those that can sign in), with registrations awaiting approval apart. */
  totalUsers: monthFigure.extend({ pending: count }),
  pendingRequests: monthFigure,
  inventoryItems: monthFigure,
  /** Completed loans as a percentage of the loans approved; null while there are none. */
  completionRate: z.object({ value: count.nullable(), thisMonth: count.nullable(), lastMonth: count.nullable() }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const userDashboard = z.object({
  /** Requests made. */
  myRequests: monthFigure,
  /** Requests awaiting a decision. */
  pendingItems: monthFigure,
  /** Loans closed. */
  completedTasks: monthFigure,
});
export type UserDashboard = z.infer<typeof userDashboard>;

/** Generate Report on the admin dashboard: the office's figures at one moment. */
export const officeReport = z.object({
  generatedAt: isoTime,
  /** Accepted accounts per role, and registrations awaiting a decision. */
  users: z.object({ student: count, faculty: count, personnel: count, staff: count, admin: count, pending: count }),
  requests: requestCounts,
  repairs: repairCounts,
  stock: z.object({ total: count, inStock: count, lowStock: count, outOfStock: count }),
});
export type OfficeReport = z.infer<typeof officeReport>;

/**
 * Damage and loss, last 30 days (docs/decisions/stock-figures.md): per category of the item lent,
 * the units found damaged, with missing parts and lost at the returns verified in the period.
 */
export const damageLossRow = z.object({ category: z.string(), damaged: count, missingParts: count, lost: count });
export const damageLoss = z
  .object({ since: isoTime, days: count, categories: z.array(damageLossRow), total: damageLossRow.omit({ category: true }) })
  .meta({ id: 'DamageLoss' });
export type DamageLossDto = z.infer<typeof damageLoss>;

// ---- the dashboards' charts (docs/decisions/dashboard-charts.md) ----

export const chartQuery = z.object({
  period: z.enum(CHART_PERIODS, { error: 'Period must be 30, 90 or term' }).default('30'),
});

const chartWindowFields = {
  period: z.enum(CHART_PERIODS),
  /** The Monday of the period's first week, and today: the days the weekly charts count. */
  from: calendarDate,
  to: calendarDate,
  days: count,
  /** The period's first day and its days to today, as its label says: the days the usage and period figures count. */
  first: calendarDate,
  periodDays: count,
};

const week = calendarDate.meta({ description: "the week's Monday" });
const average = z.number().nullable().meta({ description: 'one decimal; null when there is nothing to average' });

/** How much an item or category was lent: the days of the period on which at least one was out. */
export const usageRow = z.object({ key: z.string(), label: z.string(), category: z.string(), days: count, share: count });

export const officeCharts = z
  .object({
    ...chartWindowFields,
    /** Requests made each week, by their outcome now. */
    requestsByOutcome: z.array(
      z.object({ week, pending: count, approved: count, returned: count, completed: count, rejected: count, cancelled: count }),
    ),
    /**
     * The period's requests (made from its first day to today), counted as the Lending activity report counts them:
     * approved is every request the office approved (approved, returned or completed now).
     */
    requests: z.object({ made: count, approved: count, rejected: count }),
    /** Loans overdue now, as the office's Overdue tab and the Overdue and loss report count them. */
    overdueNow: count,
    /**
     * The five most lent items and categories, by share of the period's days on loan (percent, whole), and up to five
     * least lent among the others: never one of the most (too few to tell apart: the least list is short or empty).
     */
    usage: z.object({
      items: z.object({ most: z.array(usageRow), least: z.array(usageRow) }),
      categories: z.object({ most: z.array(usageRow), least: z.array(usageRow) }),
    }),
    /** Loans overdue at the end of each week (today for this week). */
    overdue: z.array(z.object({ week, overdue: count })),
    /** Repair reports made and completed each week. */
    repairs: z.array(z.object({ week, opened: count, closed: count })),
    /** Of the repairs completed in the period: per priority, how many and the average hours from report to completion. */
    fixTime: z.array(z.object({ priority: z.string(), label: z.string(), repairs: count, averageHours: average })),
    /** Of the ratings given in the period: per trade of the person assigned, how many and the average (1 to 5). */
    ratings: z.array(z.object({ trade: z.string(), label: z.string(), ratings: count, average })),
  })
  .meta({ id: 'OfficeCharts' });
export type OfficeChartsDto = z.infer<typeof officeCharts>;

export const personnelCharts = z
  .object({
    ...chartWindowFields,
    /** My jobs: assigned to me and completed by me each week. */
    jobs: z.array(z.object({ week, assigned: count, completed: count })),
    /** My rating: the ratings given to my jobs each week, and over the period. */
    rating: z.object({ average, ratings: count, weeks: z.array(z.object({ week, average, ratings: count })) }),
  })
  .meta({ id: 'PersonnelCharts' });
export type PersonnelChartsDto = z.infer<typeof personnelCharts>;

export const userCharts = z
  .object({
    ...chartWindowFields,
    /** My borrow requests and repair reports, made each week. */
    weeks: z.array(z.object({ week, requests: count, reports: count })),
  })
  .meta({ id: 'UserCharts' });
export type UserChartsDto = z.infer<typeof userCharts>;
