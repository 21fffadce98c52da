/** The dashboards' cards: each figure now, this month and last (docs/decisions/real-figures.md). */
import { z } from 'zod';
import { requestCounts } from '../borrowing/schemas';
import { count, isoTime, monthFigure } from '../common/schemas';
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

/** Generate Report on the admin dashboard (issue 9.4, 13.2): the office's figures at one moment. */
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
 * Damage and loss, last 30 days (issue 22 point 6, docs/decisions/stock-figures.md): per category of the item lent,
 * the units found damaged, with missing parts and lost at the returns verified in the period.
 */
export const damageLossRow = z.object({ category: z.string(), damaged: count, missingParts: count, lost: count });
export const damageLoss = z
  .object({ since: isoTime, days: count, categories: z.array(damageLossRow), total: damageLossRow.omit({ category: true }) })
  .meta({ id: 'DamageLoss' });
export type DamageLossDto = z.infer<typeof damageLoss>;
