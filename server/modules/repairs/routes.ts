import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileQuery, fileResponse, idParams, noContent } from '../../../core/common/schemas';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { repairCode } from '../../../core/repairs/rules';
import {
  assignablePersonnel,
  assignmentBody,
  oneRepair,
  ratingBody,
  repairList,
  repairReportBody,
  repairResult,
  repairsQuery,
  workBody,
} from '../../../core/repairs/schemas';
import { ROLES, STAFF_ROLES, type Role } from '../../../core/roles';
import type { Ctx } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { assignable, assignedRepairs, findRepair, myRepairs, officeRepairs, repairAccess } from './queries';
import { repairReportPdf } from './reportPdf';
import * as service from './service';

const TAGS = ['repairs'];
/** Only faculty report repairs (docs/product.md); students are refused by the server too. */
const REPORTERS: readonly Role[] = ['faculty'];
const PERSONNEL: readonly Role[] = ['personnel'];

/** The "proof" image and the text fields of a multipart body; other files are drained. Too large answers 413. */
async function readProofForm(req: FastifyRequest): Promise<{ file: ReadFile | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(MSG.proofOfWorkRequired, 'proof_required');
  let file: ReadFile | null = null;
  const fields: Record<string, string> = {};
  await eachPart(req, async (part) => {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      return;
    }
    if (part.fieldname === 'proof' && !file) file = await readUpload(part, MSG.proofTooLarge);
    else await part.toBuffer().catch(() => undefined);
  });
  if (Object.values(fields).some((v) => v.includes('\u0000'))) throw badRequest(MSG.invalidInput);
  return { file, fields };
}

export async function repairRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- the reporter ----

  r.post(
    '/api/repairs',
    {
      config: { access: REPORTERS },
      schema: {
        tags: TAGS,
        summary: 'Report a repair (faculty): { building, room, priority, day, timeStart, timeEnd, issueDescription }',
        body: repairReportBody,
        response: { 201: repairResult },
      },
    },
    async (req, reply) => {
      const report = await service.createReport(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.repairSubmitted, report });
    },
  );

  r.get(
    '/api/repairs/mine',
    {
      config: { access: REPORTERS },
      schema: {
        tags: TAGS,
        summary: 'My repair reports, newest first; search by RPR id, building, room or issue; status tab with counts',
        querystring: repairsQuery,
        response: { 200: repairList },
      },
    },
    async (req) => myRepairs(ctx, requireAccount(req).id, req.query),
  );

  r.put(
    '/api/repairs/:id',
    {
      config: { access: REPORTERS },
      schema: {
        tags: TAGS,
        summary: 'Edit my pending repair report (same fields as the report form)',
        params: idParams,
        body: repairReportBody,
        response: { 200: repairResult },
      },
    },
    async (req) => ({
      message: MSG.repairUpdated,
      report: await service.editReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );

  r.delete(
    '/api/repairs/:id',
    {
      config: { access: REPORTERS },
      schema: { tags: TAGS, summary: 'Delete my pending repair report', params: idParams, response: { 204: noContent } },
    },
    async (req, reply) => {
      await service.deleteReport(ctx, requireAccount(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/repairs/:id/rating',
    {
      config: { access: REPORTERS },
      schema: {
        tags: TAGS,
        summary: 'Rate my completed repair once: { stars: 1-5, comment? }',
        params: idParams,
        body: ratingBody,
        response: { 200: repairResult },
      },
    },
    async (req) => ({
      message: MSG.ratingSaved,
      report: await service.rateReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );

  // ---- one report and its photos: its reporter, the person assigned, administrators ----

  const visibleTo = (req: FastifyRequest, row: { reporter_id: number | null; assigned_to: number | null }) => {
    const me = requireAccount(req);
    return STAFF_ROLES.includes(me.role) || row.reporter_id === me.id || row.assigned_to === me.id;
  };

  r.get(
    '/api/repairs/:id',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: 'One repair report (its reporter, the person assigned to it, or an administrator)',
        params: idParams,
        response: { 200: oneRepair },
      },
    },
    async (req) => {
      const row = await repairAccess(ctx.db, req.params.id);
      const report = row && visibleTo(req, row) ? await findRepair(ctx.db, req.params.id) : null;
      if (!report) throw notFound(MSG.repairNotFound);
      return { report };
    },
  );

  for (const which of ['proof', 'start-proof'] as const) {
    r.get(
      `/api/repairs/:id/${which}`,
      {
        config: { access: ROLES },
        schema: {
          tags: TAGS,
          summary:
            which === 'proof'
              ? 'The proof of work (the completion photo, else the photo taken at the start); ?w= scales it down'
              : 'The photo taken when the work started; ?w= scales it down',
          params: idParams,
          querystring: fileQuery,
          response: {
            200: fileResponse(
              'The proof image',
              PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
            ),
          },
        },
      },
      async (req, reply) => {
        const row = await repairAccess(ctx.db, req.params.id);
        if (!row || !visibleTo(req, row)) throw notFound(MSG.repairNotFound);
        const path = which === 'proof' ? (row.proof_path ?? row.start_proof_path) : row.start_proof_path;
        const file = path ? await ctx.files.read(path) : null;
        if (!file) throw notFound(MSG.noWorkProof);
        return sendUpload(reply, file, req.query.w, {
          name: `proof_${repairCode(req.params.id)}${which === 'start-proof' ? '_before' : ''}`,
        });
      },
    );
  }

  r.get(
    '/api/repairs/:id/report.pdf',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary:
          'The Maintenance Report of a completed repair as a PDF to print (its reporter, the person assigned, administrators): the letterhead, the details, the photos before and after, signature lines',
        params: idParams,
        response: { 200: fileResponse('The report', ['application/pdf']) },
      },
    },
    async (req, reply) => {
      const row = await repairAccess(ctx.db, req.params.id);
      const report = row && visibleTo(req, row) ? await findRepair(ctx.db, req.params.id) : null;
      if (!row || !report) throw notFound(MSG.repairNotFound);
      if (report.status !== 'completed') throw conflict(MSG.printOnlyCompleted, 'wrong_state');
      const photo = async (path: string | null) => (path ? ((await ctx.files.read(path))?.buffer ?? null) : null);
      const [before, after] = await Promise.all([photo(row.start_proof_path), photo(row.proof_path)]);
      const pdf = await repairReportPdf(report, { before, after }, await letterheadOf(ctx), new Date().toISOString());
      return sendPdf(reply, `maintenance_report_${report.code}.pdf`, pdf, 'inline');
    },
  );

  // ---- administrators ----

  r.get(
    '/api/repairs',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'All repair reports: search by RPR id, reporter, building, room or issue; status tab with counts; completed last, pending first, then high, medium, low',
        querystring: repairsQuery,
        response: { 200: repairList },
      },
    },
    async (req) => officeRepairs(ctx, req.query),
  );

  r.get(
    '/api/repairs/personnel',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'The personnel accounts a repair can be assigned to, with their average rating',
        response: { 200: assignablePersonnel },
      },
    },
    async () => assignable(ctx.db),
  );

  r.post(
    '/api/repairs/:id/assign',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Assign a pending report: { assignedTo (personnel id), status? (default scheduled), adminNotes, estimatedCost, day, timeStart, timeEnd }',
        params: idParams,
        body: assignmentBody,
        response: { 200: repairResult },
      },
    },
    async (req) => ({
      message: MSG.actionCompleted,
      report: await service.assignReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );

  r.put(
    '/api/repairs/:id/assignment',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Edit any report: the same fields as assign; to completed it needs workDescription and actualCost (given or already saved); refused (409) when the report changed meanwhile',
        params: idParams,
        body: assignmentBody,
        response: { 200: repairResult },
      },
    },
    async (req) => ({
      message: MSG.actionCompleted,
      report: await service.updateReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );

  // ---- the person assigned ----

  r.get(
    '/api/repairs/assigned',
    {
      config: { access: PERSONNEL },
      schema: {
        tags: TAGS,
        summary: 'The reports assigned to me: search, status tab with counts (Assigned is all)',
        querystring: repairsQuery,
        response: { 200: repairList },
      },
    },
    async (req) => assignedRepairs(ctx, requireAccount(req).id, req.query),
  );

  r.post(
    '/api/repairs/:id/start',
    {
      config: { access: PERSONNEL },
      schema: {
        tags: TAGS,
        summary:
          'Mark my pending or scheduled report in progress: multipart with the image in field "proof" (JPEG, PNG or GIF, at most 5 MB)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: repairResult },
      },
    },
    async (req) => {
      const me = requireAccount(req);
      await service.assertAssigned(ctx, me, req.params.id, 'start'); // not yours or not startable: answered before the upload is read
      const { file } = await readProofForm(req);
      return { message: MSG.markedInProgress, report: await service.startWork(ctx, me, req.params.id, file) };
    },
  );

  r.post(
    '/api/repairs/:id/complete',
    {
      config: { access: PERSONNEL },
      schema: {
        tags: TAGS,
        summary:
          'Mark my in-progress report completed: multipart with fields "workDescription" and "actualCost" (pesos; left out, the one saved with Update) and the image in field "proof" (JPEG, PNG or GIF, at most 5 MB)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: repairResult },
      },
    },
    async (req) => {
      const me = requireAccount(req);
      await service.assertAssigned(ctx, me, req.params.id, 'complete');
      const { file, fields } = await readProofForm(req);
      // The actual cost, when given, in pesos; left out or blank, the one already saved on the report.
      const cost = fields.actualCost?.trim() ? Number(fields.actualCost) : undefined;
      if (cost !== undefined && !Number.isFinite(cost)) throw badRequest(MSG.costInvalid('Actual cost'));
      return {
        message: MSG.markedCompleted,
        report: await service.completeWork(
          ctx,
          me,
          req.params.id,
          { workDescription: fields.workDescription ?? '', actualCost: cost },
          file,
        ),
      };
    },
  );

  r.put(
    '/api/repairs/:id/work',
    {
      config: { access: PERSONNEL },
      schema: {
        tags: TAGS,
        summary:
          'My notes and the actual cost of a report assigned to me, and the Date Completed of a completed one: { personnelNotes, actualCost, dateCompleted? }',
        params: idParams,
        body: workBody,
        response: { 200: repairResult },
      },
    },
    async (req) => ({
      message: MSG.reportUpdated,
      report: await service.updateWork(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );
}
