import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityEndpoints as ep } from '../../../core/activity/endpoints';
import { OFFICE_ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { attachment } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { activityFeed, auditCsv, auditLog, notificationsOf, officeBellOf, officeEmailsOn } from './queries';

const route = routesOf('activity');

export async function activityRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.notifications),
    handler: async (req) => {
      const me = requireAccount(req);
      return OFFICE_ROLES.includes(me.role) ? officeBellOf(ctx.db, me) : notificationsOf(ctx.db, me);
    },
  });

  r.route({
    ...route(ep.preferences),
    handler: async (req) => ({ emailOfficeEvents: await officeEmailsOn(ctx.db, requireAccount(req).id) }),
  });

  r.route({
    ...route(ep.savePreferences),
    handler: async (req) => {
      await ctx.activity.setOfficeEmails(requireAccount(req).id, req.body.emailOfficeEvents);
      return req.body;
    },
  });

  r.route({
    ...route(ep.markRead),
    handler: async (req) => {
      const me = requireAccount(req);
      if (OFFICE_ROLES.includes(me.role)) await ctx.activity.markOfficeSeen(me.id);
      else await ctx.activity.markAllRead(me.id);
      return { unread: 0 };
    },
  });

  r.route({ ...route(ep.feed), handler: async (req) => activityFeed(ctx.db, requireAccount(req), req.query) });

  r.route({ ...route(ep.audit), handler: async (req) => auditLog(ctx, req.query) });

  r.route({
    ...route(ep.auditCsv),
    handler: async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`activity_log_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await auditCsv(ctx, req.query)),
  });
}
