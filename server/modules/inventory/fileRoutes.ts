/** The inventory's CSV export and import. Office only. (The inventory report is the dashboard module's.) */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../../core/common/schemas';
import { csvExportQuery, csvImportBody, csvImportResult, csvPreview } from '../../../core/inventory/csv';
import { STAFF_ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { attachment } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { exportCsv, importCsv, previewCsv } from './csv';

const TAGS = ['inventory'];

export async function inventoryFileRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/inventory/export.csv',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Export CSV: the items the search and category match, one row each (Item Name, Description, Category, Quantity, Min Stock, Item Status)',
        querystring: csvExportQuery,
        response: { 200: fileResponse('The CSV file', ['text/csv']) },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`inventory_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await exportCsv(ctx, req.query)),
  );

  r.post(
    '/api/inventory/import/preview',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Import CSV, step one: { csv } read and every row checked by the item rules; answers each row's action and error. Writes nothing",
        body: csvImportBody,
        response: { 200: csvPreview },
      },
    },
    async (req) => previewCsv(ctx, req.body.csv),
  );

  r.post(
    '/api/inventory/import',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Import CSV, step two: { csv } checked again and imported in one transaction: items matched by name within their category are updated, others added; with any wrong row nothing is imported (400, invalid_csv)',
        body: csvImportBody,
        response: { 200: csvImportResult },
      },
    },
    async (req) => importCsv(ctx, requireAccount(req), req.body.csv),
  );
}
