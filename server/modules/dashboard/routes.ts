import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboard as adminDashboardSchema, userDashboard as userDashboardSchema } from '../../../core/dashboard/schemas';
import { STAFF_ROLES, USER_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { adminDashboard, userDashboard } from './queries';

const TAGS = ['dashboard'];

/** The dashboards read other modules' figures and write nothing: this module has no service. */
export async function dashboardRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/admin',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Total users, pending requests, inventory items, completion rate, with month-over-month changes',
        response: { 200: adminDashboardSchema },
      },
    },
    async () => adminDashboard(ctx),
  );

  r.get(
    '/api/dashboard/user',
    {
      config: { access: USER_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'My Requests (made), Pending Items (requests awaiting a decision) and Completed Tasks (loans closed), each { value, thisMonth, lastMonth }',
        response: { 200: userDashboardSchema },
      },
    },
    async (req) => userDashboard(ctx, requireAccount(req).id),
  );
}
