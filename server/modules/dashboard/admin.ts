import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES } from '../../../core/roles';
import { monthBounds } from '../../../core/time';
import type { Ctx } from '../../context';

/** Admin dashboard cards (spec 001), from real data; changes compare this month with last (DECISIONS 17). */
export async function adminDashboardRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/api/dashboard/admin', {
    config: { access: STAFF_ROLES },
    schema: { tags: ['dashboard'], summary: 'Total users, pending requests, inventory items, completion rate, with month-over-month changes' },
  }, async () => {
    const { lastMonth, thisMonth } = monthBounds(ctx.config.campusTimeZone);
    const count = async (table: 'accounts' | 'items' | 'borrow_requests', from?: string, to?: string, status?: string) => {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (from) q = q.where('created_at', '>=', from);
      if (to) q = q.where('created_at', '<', to);
      if (status) q = q.where('status' as any, '=', status);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    /** Completed loans as a share of the loans approved (approved, returned or completed). */
    const completion = async (from?: string, to?: string) => {
      let q = db.selectFrom('borrow_requests')
        .select((eb) => [
          eb.fn.countAll<number>().as('lent'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('done'),
        ])
        .where('status', 'in', ['approved', 'returned', 'completed']);
      if (from) q = q.where('decided_at', '>=', from);
      if (to) q = q.where('decided_at', '<', to);
      const row = await q.executeTakeFirstOrThrow();
      const lent = Number(row.lent);
      return lent ? Math.round((Number(row.done ?? 0) / lent) * 100) : null;
    };
    const [users, usersNow, usersBefore, pending, pendingNow, pendingBefore, items, itemsNow, itemsBefore, rate, rateNow, rateBefore] = await Promise.all([
      count('accounts'), count('accounts', thisMonth), count('accounts', lastMonth, thisMonth),
      count('borrow_requests', undefined, undefined, 'pending'), count('borrow_requests', thisMonth), count('borrow_requests', lastMonth, thisMonth),
      count('items'), count('items', thisMonth), count('items', lastMonth, thisMonth),
      completion(), completion(thisMonth), completion(lastMonth, thisMonth),
    ]);
    return {
      totalUsers: { value: users, thisMonth: usersNow, lastMonth: usersBefore },
      pendingRequests: { value: pending, thisMonth: pendingNow, lastMonth: pendingBefore },
      inventoryItems: { value: items, thisMonth: itemsNow, lastMonth: itemsBefore },
      completionRate: { value: rate, thisMonth: rateNow, lastMonth: rateBefore },
    };
  });
}
