/** The dashboards' cards: each figure now, this month and last (DECISIONS 17). */
import { z } from 'zod';
import { count, monthFigure } from '../common/schemas';

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
