import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { USER_ROLES } from '../../../core/roles';
import { monthBounds } from '../../../core/time';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';

/**
 * User dashboard cards (spec 000 s2) from real data (DECISIONS 17): the figure now, and the same figure for
 * this calendar month and last month in the campus time zone, so the browser can say what changed.
 */
export async function userDashboardRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/dashboard/user', {
    config: { access: USER_ROLES },
    schema: {
      tags: ['dashboard'],
      summary: 'My Requests (made), Pending Items (requests awaiting a decision) and Completed Tasks (loans closed), each { value, thisMonth, lastMonth }',
    },
  }, async (req) => {
    const me = requireAccount(req);
    const { lastMonth, thisMonth } = monthBounds(ctx.config.campusTimeZone);
    const countIf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
    const inThisMonth = (col: string) => sql`${sql.ref(col)} >= ${thisMonth}`;
    const inLastMonth = (col: string) => sql`${sql.ref(col)} >= ${lastMonth} and ${sql.ref(col)} < ${thisMonth}`;
    const row = await ctx.db.selectFrom('borrow_requests').where('account_id', '=', me.id).select((eb) => [
      eb.fn.countAll<number>().as('made'),
      countIf(inThisMonth('created_at')).as('madeThis'),
      countIf(inLastMonth('created_at')).as('madeLast'),
      countIf(sql`status = 'pending'`).as('pending'),
      countIf(sql`status = 'pending' and ${inThisMonth('created_at')}`).as('pendingThis'),
      countIf(sql`status = 'pending' and ${inLastMonth('created_at')}`).as('pendingLast'),
      countIf(sql`status = 'completed'`).as('completed'),
      countIf(sql`status = 'completed' and ${inThisMonth('completed_at')}`).as('completedThis'),
      countIf(sql`status = 'completed' and ${inLastMonth('completed_at')}`).as('completedLast'),
    ]).executeTakeFirstOrThrow();
    const n = (v: unknown) => Number(v ?? 0);
    return {
      myRequests: { value: n(row.made), thisMonth: n(row.madeThis), lastMonth: n(row.madeLast) },
      pendingItems: { value: n(row.pending), thisMonth: n(row.pendingThis), lastMonth: n(row.pendingLast) },
      completedTasks: { value: n(row.completed), thisMonth: n(row.completedThis), lastMonth: n(row.completedLast) },
    };
  });
}
