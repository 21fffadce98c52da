/**
 * What a borrower's or a personnel member's dashboard says of their charts before its code arrives (the portal
 * shell, server/lib/portalShell.ts): the summaries the chart cards open with, in the same words.
 */
import { FIRST_CHART_PERIOD, personnelChartSummaries, userChartSummary } from '../../../core/dashboard/chartSummaries';
import { PORTAL_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { personnelCharts, userCharts } from './charts';

export async function dashboardWords(ctx: Ctx, pathname: string, account: Account): Promise<string[]> {
  if (pathname === '/users' && PORTAL_ROLES.user.includes(account.role))
    return [userChartSummary(await userCharts(ctx, account.id, FIRST_CHART_PERIOD))];
  if (pathname === '/personnel' && PORTAL_ROLES.personnel.includes(account.role)) {
    const said = personnelChartSummaries(await personnelCharts(ctx, account.id, FIRST_CHART_PERIOD));
    return [said.jobs, said.rating];
  }
  return [];
}
