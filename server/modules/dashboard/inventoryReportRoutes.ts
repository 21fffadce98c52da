/** Generate Inventory Report: the inventory report as JSON and as a PDF. Office only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardEndpoints as ep } from '../../../core/dashboard/endpoints';
import { inventoryReportFileName } from '../../../core/inventory/reportLayout';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { routesOf } from '../../plugins/endpoint';
import { inventoryReport as buildReport } from './inventoryReport';
import { inventoryReportPdf } from './inventoryReportPdf';
import { badRequest } from '../../errors';
import { stockFigures } from '../borrowing';

const route = routesOf('inventory');

export async function inventoryReportRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.inventoryReport), handler: async () => buildReport(ctx) });

  r.route({
    ...route(ep.stockFigures),
    handler: async (req) => {
      const ids = [...new Set(req.query.ids)];
      if (ids.length > 100) throw badRequest('Ask for the figures of at most 100 items at once.');
      const figures = await stockFigures(ctx.db, ids);
      return { items: [...figures].map(([itemId, f]) => ({ itemId, ...f })) };
    },
  });

  r.route({
    ...route(ep.inventoryReportPdf),
    handler: async (_req, reply) => {
      const pdf = await inventoryReportPdf(await buildReport(ctx), await letterheadOf(ctx));
      return sendPdf(reply, inventoryReportFileName(todayIn(ctx.config.campusTimeZone)), pdf);
    },
  });
}
