/** The dashboards' cards, each figure asked of the module that owns it (DECISIONS 17: this month against last). */
import type { AdminDashboard, UserDashboard } from '../../../core/dashboard/schemas';
import { monthBounds } from '../../../core/time';
import type { Ctx } from '../../context';
import { accountsFigure } from '../accounts/queries';
import { myFigures, requestFigures } from '../borrowing/queries';
import { itemsFigure } from '../inventory/queries';

/** Spec 001: total users, pending requests, inventory items, completion rate. */
export async function adminDashboard(ctx: Ctx): Promise<AdminDashboard> {
  const months = monthBounds(ctx.config.campusTimeZone);
  const [users, requests, items] = await Promise.all([
    accountsFigure(ctx.db, months),
    requestFigures(ctx.db, months),
    itemsFigure(ctx.db, months),
  ]);
  return { totalUsers: users, pendingRequests: requests.pendingRequests, inventoryItems: items, completionRate: requests.completionRate };
}

/** Spec 000 s2: My Requests, Pending Items, Completed Tasks. */
export async function userDashboard(ctx: Ctx, accountId: number): Promise<UserDashboard> {
  const mine = await myFigures(ctx.db, accountId, monthBounds(ctx.config.campusTimeZone));
  return { myRequests: mine.made, pendingItems: mine.pending, completedTasks: mine.completed };
}
