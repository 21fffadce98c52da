/** The preventive-maintenance forms (docs/product.md, docs/decisions/form-checks.md): each filled form as a PDF, built on the server from the posted values. Office only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checklistFileName } from '../../../core/forms/checklist';
import { formEndpoints as ep } from '../../../core/forms/endpoints';
import { WORK_ORDER_FILE_NAME } from '../../../core/forms/workOrder';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { checklistPdf } from './checklistPdf';
import { findRoom } from '../locations';
import { findInspection, listInspections, roomHistory } from './queries';
import { saveInspection } from './service';
import { workOrderPdf } from './workOrderPdf';

const route = routesOf('forms');

export async function formRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.checklistPdf),
    handler: async (req, reply) => {
      const pdf = await checklistPdf(req.body, await letterheadOf(ctx), { at: new Date().toISOString() });
      return sendPdf(reply, checklistFileName(req.body.building, req.body.monthYear), pdf);
    },
  });

  r.route({
    ...route(ep.workOrderPdf),
    handler: async (req, reply) => {
      const pdf = await workOrderPdf(req.body, await letterheadOf(ctx), new Date().toISOString());
      return sendPdf(reply, WORK_ORDER_FILE_NAME, pdf);
    },
  });

  // ---- saved inspections ----

  r.route({
    ...route(ep.saveInspection),
    handler: async (req, reply) => {
      const { inspection, reports } = await saveInspection(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.inspectionSaved(reports), inspection });
    },
  });

  r.route({
    ...route(ep.inspections),
    handler: async (req) => listInspections(ctx, req.query),
  });

  r.route({
    ...route(ep.inspectionPdf),
    handler: async (req, reply) => {
      const ins = await findInspection(ctx.db, req.params.id);
      if (!ins) throw notFound(MSG.inspectionNotFound);
      const form = { ...ins, particulars: ins.particulars };
      const pdf = await checklistPdf(form, await letterheadOf(ctx), {
        at: ins.createdAt,
        inspection: { id: ins.id, priority: ins.priority, savedBy: ins.savedBy },
      });
      return sendPdf(reply, checklistFileName(ins.building, ins.monthYear), pdf);
    },
  });

  r.route({
    ...route(ep.roomHistory),
    handler: async (req) => {
      const room = await findRoom(ctx.db, req.params.id);
      if (!room) throw notFound(MSG.roomNotFound);
      return roomHistory(ctx, room, req.query);
    },
  });
}
