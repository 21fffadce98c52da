import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reminderSentDetail } from '../../../core/borrowing/notices';
import { requestCode } from '../../../core/borrowing/rules';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { lastRun } from '../../lib/dailyJobs';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { UNIT_MSG } from '../../../core/inventory/units';
import { MAX_CONDITION_PHOTOS, MAX_CONDITIONS_FIELD, verifyBody } from '../../../core/borrowing/conditions';
import { borrowRecords, findRecord, findRequest, myRequests, officeRequests, proofOf, unitPageOf, unreturnedItems } from './queries';
import { conditionPhotoOf, conditionsOf } from './returnConditions';
import { assertReportable, problemPhotoOf, problemsOf, readProblem, reportProblem } from './problems';
import { PROBLEM_MSG } from '../../../core/borrowing/problems';
import * as service from './service';

const route = routesOf('borrowing');

/** The "proof" file of a multipart body; other parts are drained. Too large answers 413 with the spec's words. */
async function readProof(req: FastifyRequest): Promise<ReadFile | null> {
  if (!req.isMultipart()) throw badRequest(MSG.proofRequired, 'proof_required');
  let file: ReadFile | null = null;
  await eachPart(req, async (part) => {
    if (part.type !== 'file') return;
    if (part.fieldname === 'proof' && !file) file = await readUpload(part, MSG.proofTooLarge);
    else await part.toBuffer().catch(() => undefined);
  });
  return file;
}

/**
 * The findings of a verification (docs/decisions/return-conditions.md): a JSON body `{ entries }`, or multipart with
 * the field `conditions` (that JSON) and each photo as `photo<index>`; no body at all is everything good (null).
 */
async function readFindings(req: FastifyRequest): Promise<service.Findings | null> {
  if (!req.isMultipart()) {
    const body = req.body as { entries?: unknown } | null | undefined;
    if (body === undefined || body === null || (typeof body === 'object' && !('entries' in body))) return null;
    return { entries: parseFindings(req.body), photos: new Map() };
  }
  let conditions: string | null = null;
  const photos = new Map<number, ReadFile>();
  await eachPart(
    req,
    async (part) => {
      if (part.type === 'field') {
        if (part.fieldname === 'conditions' && typeof part.value === 'string') conditions = part.value;
        return;
      }
      const index = /^photo(\d{1,3})$/.exec(part.fieldname)?.[1];
      if (index !== undefined && !photos.has(Number(index))) photos.set(Number(index), await readUpload(part, MSG.proofTooLarge));
      else await part.toBuffer().catch(() => undefined);
    },
    { files: MAX_CONDITION_PHOTOS, fieldSize: MAX_CONDITIONS_FIELD },
  );
  if (conditions === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(conditions);
  } catch {
    throw badRequest(MSG.conditionsInvalid);
  }
  return { entries: parseFindings(json), photos };
}

function parseFindings(body: unknown) {
  const parsed = verifyBody.safeParse(body);
  if (!parsed.success) throw badRequest(MSG.conditionsInvalid);
  return parsed.data.entries;
}

export async function borrowingRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => todayIn(ctx.config.campusTimeZone);

  // ---- the borrower ----

  r.route({
    ...route(ep.submit),
    handler: async (req, reply) => {
      const request = await service.createRequest(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.requestSubmitted, request });
    },
  });

  r.route({
    ...route(ep.mine),
    handler: async (req) => myRequests(ctx, requireAccount(req).id, req.query),
  });

  r.route({
    ...route(ep.cancel),
    handler: async (req) => ({
      message: MSG.requestCancelled,
      request: await service.cancelRequest(ctx, requireAccount(req), req.params.id),
    }),
  });

  r.route({
    ...route(ep.returnItems),
    handler: async (req) => {
      const me = requireAccount(req);
      await service.assertReturnable(ctx, me, req.params.id); // not yours or not out on loan: answered before the upload is read
      const file = await readProof(req);
      return { message: MSG.returnSubmitted, request: await service.submitReturn(ctx, me, req.params.id, file) };
    },
  });

  r.route({
    // docs/decisions/loan-problems.md: a borrower's write with a photo, limited like the other uploads' endpoints.
    ...route(ep.reportProblem, { rateLimit: { max: 30, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      const me = requireAccount(req);
      await assertReportable(ctx, me, req.params.id); // not yours or not out on loan: answered before the upload is read
      const { fields, file } = await readProblem(req);
      await reportProblem(ctx, me, req.params.id, fields, file);
      const request = await findRequest(ctx.db, req.params.id, today());
      return reply.status(201).send({ message: PROBLEM_MSG.reported, request: request! });
    },
  });

  // ---- one request, for its owner or the office ----

  /** Users may only see their own requests; the office sees all. Someone else's answers 404. */
  const visibleTo = (req: FastifyRequest, accountId: number | null) => {
    const me = requireAccount(req);
    return OFFICE_ROLES.includes(me.role) || accountId === me.id;
  };

  r.route({
    ...route(ep.one),
    handler: async (req) => {
      const request = await findRequest(ctx.db, req.params.id, today());
      if (!request || !visibleTo(req, request.requesterId)) throw notFound(MSG.requestNotFound);
      return { request, conditions: await conditionsOf(ctx.db, request.id), problems: await problemsOf(ctx.db, request.id) };
    },
  });

  r.route({
    ...route(ep.proof),
    handler: async (req, reply) => {
      const row = await proofOf(ctx.db, req.params.id);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.proof_path ? await ctx.files.read(row.proof_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `proof_${requestCode(req.params.id)}` });
    },
  });

  r.route({
    ...route(ep.conditionPhoto),
    handler: async (req, reply) => {
      const row = await conditionPhotoOf(ctx.db, req.params.id, req.params.conditionId);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.photo_path ? await ctx.files.read(row.photo_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `return_${requestCode(req.params.id)}_${req.params.conditionId}` });
    },
  });

  r.route({
    ...route(ep.problemPhoto),
    handler: async (req, reply) => {
      const row = await problemPhotoOf(ctx.db, req.params.id, req.params.problemId);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(PROBLEM_MSG.problemNotFound);
      const file = row.photo_path ? await ctx.files.read(row.photo_path) : null;
      if (!file) throw notFound(PROBLEM_MSG.noPhoto);
      return sendUpload(reply, file, req.query.w, { name: `problem_${requestCode(req.params.id)}_${req.params.problemId}` });
    },
  });

  // ---- the office ----

  r.route({
    ...route(ep.list),
    handler: async (req) => officeRequests(ctx, req.query),
  });

  r.route({
    ...route(ep.approve),
    handler: async (req) => ({
      message: MSG.requestApproved,
      request: await service.approveRequest(ctx, requireAccount(req), req.params.id, req.body.items, req.body.units),
    }),
  });

  r.route({
    ...route(ep.reject),
    handler: async (req) => ({
      message: MSG.requestRejected,
      request: await service.rejectRequest(ctx, requireAccount(req), req.params.id, req.body.reason),
    }),
  });

  r.route({
    ...route(ep.remind),
    handler: async (req) => {
      const request = await service.remindBorrower(ctx, requireAccount(req), req.params.id);
      return {
        message: MSG.reminderSent,
        detail: reminderSentDetail(request.requesterName, request.id, request.dateExpectedReturn),
        request,
      };
    },
  });

  r.route({
    ...route(ep.reminders),
    handler: async () => {
      const last = await lastRun(ctx.db, service.REMINDER_JOB);
      const n = (k: string) => Number(last?.summary[k] ?? 0);
      return {
        time: ctx.config.reminderTime,
        repeatDays: ctx.config.reminderRepeatDays,
        lastRun: last
          ? {
              runOn: last.runOn,
              startedAt: last.startedAt,
              borrowers: n('borrowers'),
              loans: n('loans'),
              overdue: n('overdue'),
              dueSoon: n('dueSoon') || n('dueTomorrow'),
              officeClosed: last.summary.officeClosed === true,
            }
          : null,
      };
    },
  });

  r.route({
    ...route(ep.complete),
    handler: async (req) => {
      await service.assertVerifiable(ctx, req.params.id); // gone or not awaiting verification: answered before photos are read
      const found = await readFindings(req);
      return { message: MSG.requestCompleted, request: await service.completeRequest(ctx, requireAccount(req), req.params.id, found) };
    },
  });

  r.route({
    ...route(ep.notReturned),
    handler: async (req) => ({
      message: MSG.returnNotAccepted,
      request: await service.refuseReturn(ctx, requireAccount(req), req.params.id),
    }),
  });

  // ---- borrow records: the loan side of approved requests (docs/decisions/borrow-lifecycle.md) ----

  r.route({
    ...route(ep.records),
    handler: async (req) => borrowRecords(ctx, req.query),
  });

  r.route({
    ...route(ep.markReturned),
    handler: async (req) => {
      const request = await service.markLoanReturned(ctx, requireAccount(req), req.params.id);
      return { message: MSG.itemsMarkedReturned, record: (await findRecord(ctx.db, request.id, today()))! };
    },
  });

  r.route({
    ...route(ep.unreturned),
    handler: async (req) => unreturnedItems(ctx, req.query),
  });

  // ---- a tracked unit's page: the inventory's unit and changes, with its loans from here ----

  r.route({
    ...route(ep.unitPage),
    handler: async (req) => {
      const page = await unitPageOf(ctx, req.params.tag);
      if (!page) throw notFound(UNIT_MSG.unitNotFound);
      return page;
    },
  });
}
