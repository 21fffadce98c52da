import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardEndpoints as ep } from '../../../core/dashboard/endpoints';
import { officeReportFileName } from '../../../core/dashboard/report';
import { todayIn } from '../../../core/time';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { adminDashboard, officeReport, userDashboard } from './queries';
import { inventoryReportRoutes } from './inventoryReportRoutes';
import { damageByCategory } from '../borrowing';
import { officeReportPdf } from './reportPdf';
import { officeCharts, personnelCharts, userCharts } from './charts';

const route = routesOf('dashboard');

/**
 * The dashboards and the office's reports read other modules' figures and write nothing: this module has no
 * service. It sits above inventory and borrowing, so the inventory report (items and the loans not yet back) is
 * composed here.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await inventoryReportRoutes(app, ctx);

  r.route({ ...route(ep.admin), handler: async () => adminDashboard(ctx) });

  r.route({ ...route(ep.report), handler: async () => officeReport(ctx) });

  r.route({
    ...route(ep.damageLoss),
    handler: async () => {
      const days = 30;
      const since = new Date(Date.now() - days * 86_400_000).toISOString();
      const categories = await damageByCategory(ctx.db, since);
      const total = { damaged: 0, missingParts: 0, lost: 0 };
      for (const c of categories) {
        total.damaged += c.damaged;
        total.missingParts += c.missingParts;
        total.lost += c.lost;
      }
      return { since, days, categories, total };
    },
  });

  r.route({
    ...route(ep.reportPdf),
    handler: async (_req, reply) => {
      const pdf = await officeReportPdf(await officeReport(ctx), await letterheadOf(ctx));
      return sendPdf(reply, officeReportFileName(todayIn(ctx.config.campusTimeZone)), pdf);
    },
  });

  r.route({ ...route(ep.user), handler: async (req) => userDashboard(ctx, requireAccount(req).id) });

  r.route({ ...route(ep.officeCharts), handler: async (req) => officeCharts(ctx, req.query.period) });
  r.route({ ...route(ep.personnelCharts), handler: async (req) => personnelCharts(ctx, requireAccount(req).id, req.query.period) });
  r.route({ ...route(ep.userCharts), handler: async (req) => userCharts(ctx, requireAccount(req).id, req.query.period) });
}
