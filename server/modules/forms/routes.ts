/** The preventive-maintenance forms (spec 001 s5): each filled form as a PDF, built on the server from the posted values. Office only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../../core/common/schemas';
import { checklistFileName, checklistForm } from '../../../core/forms/checklist';
import { WORK_ORDER_FILE_NAME, workOrderForm } from '../../../core/forms/workOrder';
import { STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { letterheadOf } from '../../lib/letterhead';
import { attachment } from '../../lib/pdfDocument';
import { checklistPdf } from './checklistPdf';
import { workOrderPdf } from './workOrderPdf';

const TAGS = ['forms'];
const PDF = { 200: fileResponse('The filled form', ['application/pdf']) };

export async function formRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/forms/checklist.pdf',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Download Form: the Preventive Maintenance Checklist filled with { campus, building, designation, roomOffice, monthYear, particulars { "1.1": { status: check | x | na, remarks } } } as a PDF with signature space',
        body: checklistForm,
        response: PDF,
      },
    },
    async (req, reply) => {
      const pdf = await checklistPdf(req.body, await letterheadOf(ctx), { at: new Date().toISOString() });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(checklistFileName(req.body.building, req.body.monthYear)))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/forms/work-order.pdf',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Download Form: the Work Order Request Form filled with the posted fields, two copies on the page, as a PDF',
        body: workOrderForm,
        response: PDF,
      },
    },
    async (req, reply) => {
      const pdf = await workOrderPdf(req.body, await letterheadOf(ctx), new Date().toISOString());
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(WORK_ORDER_FILE_NAME))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
