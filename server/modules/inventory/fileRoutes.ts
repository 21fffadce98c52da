/** The inventory's CSV export and import. Office only. (The inventory report is the dashboard module's.) */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryEndpoints as ep } from '../../../core/inventory/endpoints';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { attachment } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { exportCsv, importCsv, previewCsv } from './csv';
import { reorderCsv, reorderList } from './reorder';
import { exportUnitsCsv, importUnitsCsv, previewUnitsCsv } from './units/csv';

const route = routesOf('inventory');

export async function inventoryFileRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.reorder), handler: async () => reorderList(ctx.db) });

  r.route({
    ...route(ep.reorderCsv),
    handler: async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`to-reorder_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await reorderCsv(ctx)),
  });

  r.route({
    ...route(ep.exportCsv),
    handler: async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`inventory_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await exportCsv(ctx, req.query)),
  });

  r.route({
    ...route(ep.importPreview),
    handler: async (req) => previewCsv(ctx, req.body.csv),
  });

  r.route({
    ...route(ep.importCsv),
    handler: async (req) => importCsv(ctx, requireAccount(req), req.body.csv),
  });

  // ---- tracked units (docs/decisions/units.md) ----

  r.route({
    ...route(ep.exportUnitsCsv),
    handler: async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`units_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await exportUnitsCsv(ctx, req.query.item)),
  });

  r.route({
    ...route(ep.importUnitsPreview),
    handler: async (req) => previewUnitsCsv(ctx, req.body.csv),
  });

  r.route({
    ...route(ep.importUnits),
    handler: async (req) => importUnitsCsv(ctx, requireAccount(req), req.body.csv),
  });
}
