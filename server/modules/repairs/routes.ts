import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../core/messages';
import { repairEndpoints as ep } from '../../../core/repairs/endpoints';
import { repairCode } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { sendWritten } from '../../lib/writtenList';
import { assignable } from './assignable';
import { assignedRepairs, myRepairs, officeRepairs } from './lists';
import { findRepair, repairAccess } from './reportRows';
import { roomOpenReports, roomReports } from './roomLists';
import { findRoom } from '../locations';
import { repairReportPdf } from './reportPdf';
import { assignReport, updateReport } from './assign';
import { completeWork } from './complete';
import { followReport, unfollowReport } from './followers';
import { assertAssigned } from './proof';
import { rateReport } from './rating';
import { createReport, deleteReport, editReport } from './report';
import { retireDamage } from './retire';
import { startWork } from './start';
import { updateWork } from './work';
import { repairTargets, setRepairTargets } from './deadlines';
import { holdReport, resumeReport } from './hold';
import { repairTimeline } from './timeline';
import { repairPhotoRoutes, seesReport } from './photoRoutes';
import { keptPromisesFigures } from './keptPromises';

const route = routesOf('repairs');

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

  // ---- the office's promises (docs/decisions/repair-deadlines.md) ----

  r.route({ ...route(ep.targets), handler: async () => repairTargets(ctx) });
  r.route({
    ...route(ep.setTargets),
    handler: async (req) => ({ message: MSG.repairTargetsSaved, targets: await setRepairTargets(ctx, requireAccount(req), req.body) }),
  });

  // ---- on hold: the office, or the person assigned ----

  r.route({
    ...route(ep.hold),
    handler: async (req) => {
      await holdReport(ctx, requireAccount(req), req.params.id, req.body);
      return { message: MSG.repairPutOnHold, report: (await findRepair(ctx.db, req.params.id))! };
    },
  });
  r.route({
    ...route(ep.resume),
    handler: async (req) => {
      await resumeReport(ctx, requireAccount(req), req.params.id);
      return { message: MSG.repairResumed, report: (await findRepair(ctx.db, req.params.id))! };
    },
  });

  r.route({ ...route(ep.keptPromises), handler: async (req) => keptPromisesFigures(ctx.db, Number(req.query.days) as 30 | 90) });

  // ---- the reporter ----

  r.route({
    ...route(ep.report),
    handler: async (req, reply) => {
      const report = await createReport(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.repairSubmitted, report });
    },
  });

  r.route({
    ...route(ep.mine),
    handler: async (req, reply) => sendWritten(reply, await myRepairs(ctx, requireAccount(req).id, req.query)),
  });

  r.route({
    ...route(ep.edit),
    handler: async (req) => ({
      message: MSG.repairUpdated,
      report: await editReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.remove),
    handler: async (req, reply) => {
      await deleteReport(ctx, requireAccount(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...route(ep.rate),
    handler: async (req) => ({
      message: MSG.ratingSaved,
      report: await rateReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  // ---- one report and its photos: its reporter, the person assigned, administrators ----

  // Its reporter, the person assigned, the office, and its followers (photoRoutes.ts).
  const visibleTo = (req: FastifyRequest<{ Params: { id: number } }>, row: { reporter_id: number | null; assigned_to: number | null }) =>
    seesReport(ctx, req, req.params.id, row);
  repairPhotoRoutes(app, ctx);

  r.route({
    ...route(ep.one),
    handler: async (req) => {
      const row = await repairAccess(ctx.db, req.params.id);
      const report = row && (await visibleTo(req, row)) ? await findRepair(ctx.db, req.params.id) : null;
      if (!report) throw notFound(MSG.repairNotFound);
      return { report };
    },
  });

  r.route({
    ...route(ep.timeline),
    handler: async (req) => {
      const row = await repairAccess(ctx.db, req.params.id);
      if (!row || !(await visibleTo(req, row))) throw notFound(MSG.repairNotFound);
      return { items: await repairTimeline(ctx.db, req.params.id, row) };
    },
  });

  for (const which of ['proof', 'start-proof'] as const) {
    r.route({
      ...route(which === 'proof' ? ep.proof : ep.startProof),
      handler: async (req, reply) => {
        const row = await repairAccess(ctx.db, req.params.id);
        if (!row || !(await visibleTo(req, row))) throw notFound(MSG.repairNotFound);
        const path = which === 'proof' ? (row.proof_path ?? row.start_proof_path) : row.start_proof_path;
        const file = path ? await ctx.files.read(path) : null;
        if (!file) throw notFound(MSG.noWorkProof);
        return sendUpload(reply, file, req.query.w, {
          name: `proof_${repairCode(req.params.id)}${which === 'start-proof' ? '_before' : ''}`,
        });
      },
    });
  }

  r.route({
    ...route(ep.damagePhoto),
    handler: async (req, reply) => {
      const row = await repairAccess(ctx.db, req.params.id);
      if (!row || !(await visibleTo(req, row))) throw notFound(MSG.repairNotFound);
      const file = row.damage_photo_path ? await ctx.files.read(row.damage_photo_path) : null;
      if (!file) throw notFound(MSG.noWorkProof);
      return sendUpload(reply, file, req.query.w, { name: `damage_${repairCode(req.params.id)}` });
    },
  });

  r.route({
    ...route(ep.reportPdf),
    handler: async (req, reply) => {
      const row = await repairAccess(ctx.db, req.params.id);
      const report = row && (await visibleTo(req, row)) ? await findRepair(ctx.db, req.params.id) : null;
      if (!row || !report) throw notFound(MSG.repairNotFound);
      if (report.status !== 'completed') throw conflict(MSG.printOnlyCompleted, 'wrong_state');
      const photo = async (path: string | null) => (path ? ((await ctx.files.read(path))?.buffer ?? null) : null);
      const [before, after, damage] = await Promise.all([photo(row.start_proof_path), photo(row.proof_path), photo(row.damage_photo_path)]);
      const pdf = await repairReportPdf(report, { before, after, damage }, await letterheadOf(ctx), new Date().toISOString());
      return sendPdf(reply, `maintenance_report_${report.code}.pdf`, pdf, 'inline');
    },
  });

  // ---- administrators ----

  r.route({ ...route(ep.office), handler: async (req, reply) => sendWritten(reply, await officeRepairs(ctx, req.query)) });

  // ---- a room's reports and following (docs/decisions/rooms-and-followers.md) ----

  const knownRoom = async (id: number) => {
    if (!(await findRoom(ctx.db, id))) throw notFound(MSG.roomNotFound);
    return id;
  };

  r.route({ ...route(ep.roomReports), handler: async (req) => roomReports(ctx, await knownRoom(req.params.id), req.query) });

  r.route({
    ...route(ep.roomOpen),
    handler: async (req) => roomOpenReports(ctx.db, await knownRoom(req.params.id), requireAccount(req).id),
  });

  r.route({
    ...route(ep.follow),
    handler: async (req) => ({ message: MSG.repairFollowed, ...(await followReport(ctx, requireAccount(req), req.params.id)) }),
  });

  r.route({
    ...route(ep.unfollow),
    handler: async (req) => ({ message: MSG.repairUnfollowed, ...(await unfollowReport(ctx, requireAccount(req), req.params.id)) }),
  });

  r.route({ ...route(ep.personnel), handler: async () => assignable(ctx.db) });

  r.route({
    ...route(ep.assign),
    handler: async (req) => ({
      message: MSG.actionCompleted,
      report: await assignReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.retire),
    handler: async (req) => ({
      message: MSG.repairRetired,
      report: await retireDamage(ctx, requireAccount(req), req.params.id, req.body.reason),
    }),
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => ({
      message: MSG.actionCompleted,
      report: await updateReport(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  // ---- the person assigned ----

  r.route({
    ...route(ep.assigned),
    handler: async (req, reply) => sendWritten(reply, await assignedRepairs(ctx, requireAccount(req).id, req.query)),
  });

  r.route({
    ...route(ep.start),
    handler: async (req) => {
      const me = requireAccount(req);
      await assertAssigned(ctx, me, req.params.id, 'start'); // not yours or not startable: answered before the upload is read
      const { file } = await readProofForm(req);
      return { message: MSG.markedInProgress, report: await startWork(ctx, me, req.params.id, file) };
    },
  });

  r.route({
    ...route(ep.complete),
    handler: async (req) => {
      const me = requireAccount(req);
      await assertAssigned(ctx, me, req.params.id, 'complete');
      const { file, fields } = await readProofForm(req);
      // The actual cost in pesos, optional: left out, the one already saved on the report; blank, none (not 0).
      const given = fields.actualCost?.trim();
      const cost = given === undefined ? undefined : given === '' ? null : Number(given);
      if (typeof cost === 'number' && !Number.isFinite(cost)) throw badRequest(MSG.costInvalid('Actual cost'));
      return {
        message: MSG.markedCompleted,
        report: await completeWork(ctx, me, req.params.id, { workDescription: fields.workDescription ?? '', actualCost: cost }, file),
      };
    },
  });

  r.route({
    ...route(ep.work),
    handler: async (req) => ({
      message: MSG.reportUpdated,
      report: await updateWork(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });
}
