/** Generate Inventory Report: the inventory report as JSON and as a PDF. Office only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../../core/common/schemas';
import { inventoryReport, inventoryReportFileName } from '../../../core/inventory/report';
import { STAFF_ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { inventoryReport as buildReport } from './inventoryReport';
import { inventoryReportPdf } from './inventoryReportPdf';

const TAGS = ['inventory'];

export async function inventoryReportRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/inventory/report',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Generate Inventory Report: counts of available, damaged, unavailable and unreturned, the items of each group and the loans not yet back',
        response: { 200: inventoryReport },
      },
    },
    async () => buildReport(ctx),
  );

  r.get(
    '/api/inventory/report.pdf',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Download Report: the inventory report as a PDF with the office header, the counts, a table per group and page numbers',
        response: { 200: fileResponse('The report', ['application/pdf']) },
      },
    },
    async (_req, reply) => {
      const pdf = await inventoryReportPdf(await buildReport(ctx), await letterheadOf(ctx));
      return sendPdf(reply, inventoryReportFileName(todayIn(ctx.config.campusTimeZone)), pdf);
    },
  );
}
