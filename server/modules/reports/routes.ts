/** Reports for administrators, their downloads, and saved and scheduled reports (docs/decisions/reports.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportEndpoints as ep } from '../../../core/reports/endpoints';
import { REPORT_TITLES, reportFileName, unusedFilter, type ReportKind } from '../../../core/reports/rules';
import type { ReportFilters } from '../../../core/reports/schemas';
import type { Ctx } from '../../context';
import { badRequest } from '../../errors';
import { letterheadOf } from '../../lib/letterhead';
import { attachment, sendPdf } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { reportCsv, reportPdf } from './files';
import { buildReport, savedReports } from './queries';
import { removeReport, saveReport, sendDueReports, updateReport } from './service';

const route = routesOf('reports');
const devRoute = routesOf('development');

export async function reportRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const report = (kind: ReportKind, f: ReportFilters) => {
    const unused = unusedFilter(kind, f);
    if (unused) throw badRequest(`${REPORT_TITLES[kind]} has no ${unused} filter.`);
    return buildReport(ctx, kind, f);
  };

  r.route({ ...route(ep.report), handler: async (req) => report(req.params.kind, req.query) });

  r.route({
    ...route(ep.csv),
    handler: async (req, reply) => {
      const rep = await report(req.params.kind, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(reportFileName(rep.kind, rep.from, rep.to, 'csv')))
        .header('cache-control', 'no-store')
        .send(reportCsv(rep));
    },
  });

  r.route({
    ...route(ep.pdf),
    handler: async (req, reply) => {
      const rep = await report(req.params.kind, req.query);
      return sendPdf(reply, reportFileName(rep.kind, rep.from, rep.to, 'pdf'), await reportPdf(rep, await letterheadOf(ctx)));
    },
  });

  r.route({ ...route(ep.savedList), handler: async () => savedReports(ctx.db) });

  r.route({
    ...route(ep.save),
    handler: async (req, reply) => {
      const saved = await saveReport(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: `Saved "${saved.name}".`, report: saved });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => {
      const saved = await updateReport(ctx, req.params.id, req.body);
      return { message: `Saved "${saved.name}".`, report: saved };
    },
  });

  r.route({
    ...route(ep.remove),
    handler: async (req) => {
      await removeReport(ctx, req.params.id);
      return { message: 'Saved report deleted.' };
    },
  });

  // The journeys' clock: development mode only, as the outbox is.
  if (ctx.config.dev) {
    r.route({
      ...devRoute(ep.runScheduled),
      handler: async (req) => ({ sent: await sendDueReports(ctx, req.body.now ? new Date(req.body.now) : new Date()) }),
    });
  }
}
