/** The dashboards' cards, each figure asked of the module that owns it (docs/decisions/real-figures.md: this month against last). */
import type { AdminDashboard, OfficeReport, UserDashboard } from '../../../core/dashboard/schemas';
import { monthBounds } from '../../../core/time';
import type { Ctx } from '../../context';
import { accountsByRole, accountsFigure } from '../accounts';
import { myFigures, requestFigures, statusCounts } from '../borrowing';
import { itemsFigure, stockSummary } from '../inventory';
import { repairStatusCounts } from '../repairs';

/** docs/product.md: total users, pending requests, inventory items, completion rate. */
export async function adminDashboard(ctx: Ctx): Promise<AdminDashboard> {
  const months = monthBounds(ctx.config.campusTimeZone);
  const [users, requests, items] = await Promise.all([
    accountsFigure(ctx.db, months),
    requestFigures(ctx.db, months),
    itemsFigure(ctx.db, months),
  ]);
  return { totalUsers: users, pendingRequests: requests.pendingRequests, inventoryItems: items, completionRate: requests.completionRate };
}

/** docs/product.md: My Requests, Pending Items, Completed Tasks. */
export async function userDashboard(ctx: Ctx, accountId: number): Promise<UserDashboard> {
  const mine = await myFigures(ctx.db, accountId, monthBounds(ctx.config.campusTimeZone));
  return { myRequests: mine.made, pendingItems: mine.pending, completedTasks: mine.completed };
}

/** Generate Report: users, requests by status, repairs by status and stock, each asked of the module that owns it. */
export async function officeReport(ctx: Ctx): Promise<OfficeReport> {
  const [users, requests, repairs, stock] = await Promise.all([
    accountsByRole(ctx.db),
    statusCounts(ctx.db),
    repairStatusCounts(ctx.db),
    stockSummary(ctx.db),
  ]);
  return { generatedAt: new Date().toISOString(), users, requests, repairs, stock };
}
