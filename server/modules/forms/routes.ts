/** The preventive-maintenance forms (docs/product.md, docs/decisions/form-checks.md): each filled form as a PDF, built on the server from the posted values. Office only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse, idParams } from '../../../core/common/schemas';
import { checklistFileName, checklistForm } from '../../../core/forms/checklist';
import { WORK_ORDER_FILE_NAME, workOrderForm } from '../../../core/forms/workOrder';
import { inspectionList, inspectionListQuery, inspectionResult, saveInspectionBody } from '../../../core/inspections/schemas';
import { MSG } from '../../../core/messages';
import { STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { checklistPdf } from './checklistPdf';
import { findInspection, listInspections } from './queries';
import { saveInspection } from './service';
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
      return sendPdf(reply, checklistFileName(req.body.building, req.body.monthYear), pdf);
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
      return sendPdf(reply, WORK_ORDER_FILE_NAME, pdf);
    },
  );

  // ---- saved inspections (issue 13) ----

  r.post(
    '/api/inspections',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Save Inspection: the filled checklist and a priority; building, room and month are required. Each particular marked x becomes a pending repair report for that building and room, in the same transaction',
        body: saveInspectionBody,
        response: { 201: inspectionResult },
      },
    },
    async (req, reply) => {
      const { inspection, reports } = await saveInspection(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.inspectionSaved(reports), inspection });
    },
  );

  r.get(
    '/api/inspections',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'The inspection history, newest first, of one building (and room) or all; paged',
        querystring: inspectionListQuery,
        response: { 200: inspectionList },
      },
    },
    async (req) => listInspections(ctx, req.query),
  );

  r.get(
    '/api/inspections/:id/pdf',
    {
      config: { access: STAFF_ROLES },
      schema: { tags: TAGS, summary: 'A saved inspection as the checklist PDF again', params: idParams, response: PDF },
    },
    async (req, reply) => {
      const ins = await findInspection(ctx.db, req.params.id);
      if (!ins) throw notFound(MSG.inspectionNotFound);
      const form = { ...ins, particulars: ins.particulars };
      const pdf = await checklistPdf(form, await letterheadOf(ctx), {
        at: ins.createdAt,
        inspection: { id: ins.id, priority: ins.priority, savedBy: ins.savedBy },
      });
      return sendPdf(reply, checklistFileName(ins.building, ins.monthYear), pdf);
    },
  );
}
