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
import { MAX_CONDITION_PHOTOS, MAX_CONDITIONS_FIELD } from '../../../core/borrowing/conditions';
import { verifyBody } from '../../../core/borrowing/conditionSchemas';
import { sendWritten } from '../../lib/writtenList';
import { borrowRecords, findRecord, findRequest, myRequests, officeRequests, proofOf, unitPageOf, unreturnedItems } from './queries';
import { conditionPhotoOf, conditionsOf } from './returnConditions';
import { assertReportable, problemPhotoOf, problemsOf, readProblem, reportProblem } from './problems';
import { PROBLEM_MSG } from '../../../core/borrowing/problems';
import { batchProofOf } from './returns';
import { returnSelection, type ReturnSelection } from '../../../core/borrowing/schemas';
import * as service from './service';
import * as series from './series';
import { availability } from './availability';
import { officeCalendar, OVERDUE_SHOWN, WEEK_SHOWN } from './officeCalendar';
import { pickListPdf } from './pickList';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { addDays as plusDays, weekOf } from '../../../core/time';
import { AVAILABILITY_MSG, MAX_AVAILABILITY_DAYS } from '../../../core/borrowing/availability';
import { hoursProblem } from '../../../core/borrowing/timesOfDay';
import { daysBetween, isCalendarDate, minutesOfDay } from '../../../core/time';

const route = routesOf('borrowing');

const seriesMessage = (booked: number, skipped: number) =>
  `${booked === 1 ? '1 date' : `${booked} dates`} requested${skipped ? `; ${skipped === 1 ? '1 date' : `${skipped} dates`} could not be booked` : ''}.`;

/** A return's selection (docs/decisions/partial-returns.md) from its JSON text or object; none is everything out. */
function parseSelection(value: unknown): ReturnSelection | null {
  if (value === undefined || value === null || value === '') return null;
  let json = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      throw badRequest(MSG.returnSelectionInvalid);
    }
  }
  const parsed = returnSelection.safeParse(json);
  if (!parsed.success) throw badRequest(MSG.returnSelectionInvalid);
  return parsed.data;
}

/**
 * A return's multipart body: the "proof" file, the "return" field (what comes back) and, at the counter, the
 * findings ("conditions", "photo<index>") and "verify"; other parts are drained. Too large answers 413.
 */
async function readReturnParts(req: FastifyRequest, findings = false) {
  let file: ReadFile | null = null;
  let selection: string | null = null;
  let conditions: string | null = null;
  let verify = false;
  const photos = new Map<number, ReadFile>();
  await eachPart(
    req,
    async (part) => {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') return;
        if (part.fieldname === 'return') selection = part.value;
        else if (findings && part.fieldname === 'conditions') conditions = part.value;
        else if (findings && part.fieldname === 'verify') verify = part.value === 'true';
        return;
      }
      const index = findings ? /^photo(\d{1,3})$/.exec(part.fieldname)?.[1] : undefined;
      if (part.fieldname === 'proof' && !file) file = await readUpload(part, MSG.proofTooLarge);
      else if (index !== undefined && !photos.has(Number(index))) photos.set(Number(index), await readUpload(part, MSG.proofTooLarge));
      else await part.toBuffer().catch(() => undefined);
    },
    findings ? { files: MAX_CONDITION_PHOTOS + 1, fieldSize: MAX_CONDITIONS_FIELD } : undefined,
  );
  return { file: file as ReadFile | null, selection: parseSelection(selection), conditions: conditions as string | null, verify, photos };
}

/** The "proof" file of a multipart body, and what the return names. */
async function readProof(req: FastifyRequest): Promise<{ file: ReadFile | null; selection: ReturnSelection | null }> {
  if (!req.isMultipart()) throw badRequest(MSG.proofRequired, 'proof_required');
  const { file, selection } = await readReturnParts(req);
  return { file, selection };
}

/** A counter return's body (JSON or multipart). */
async function readCounterReturn(req: FastifyRequest) {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as { items?: unknown; units?: unknown; verify?: unknown; entries?: unknown };
    if (typeof body !== 'object') throw badRequest(MSG.returnSelectionInvalid);
    const selection = parseSelection({ items: body.items, units: body.units });
    const found =
      body.entries === undefined ? null : { entries: parseFindings({ entries: body.entries }), photos: new Map<number, ReadFile>() };
    return { selection, proof: null, verify: body.verify === true, found };
  }
  const parts = await readReturnParts(req, true);
  let found: service.Findings | null = null;
  if (parts.conditions !== null) {
    let json: unknown;
    try {
      json = JSON.parse(parts.conditions);
    } catch {
      throw badRequest(MSG.conditionsInvalid);
    }
    found = { entries: parseFindings(json), photos: parts.photos };
  }
  return { selection: parts.selection, proof: parts.file, verify: parts.verify, found };
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
    ...route(ep.availability),
    handler: async (req) => {
      const { from, to } = req.query;
      if (!isCalendarDate(from) || !isCalendarDate(to) || to < from) throw badRequest(AVAILABILITY_MSG.rangeInvalid);
      if (daysBetween(from, to) >= MAX_AVAILABILITY_DAYS) throw badRequest(AVAILABILITY_MSG.rangeTooLong);
      const ids = req.query.items.split(',').map((s) => s.trim());
      if (!ids.length || ids.some((s) => !/^\d{1,9}$/.test(s)) || ids.length > 100) throw badRequest(AVAILABILITY_MSG.itemsInvalid);
      const { fromTime, toTime } = req.query;
      const hours = hoursProblem(fromTime, toTime, from === to);
      if (hours) throw badRequest(hours.message, 'times_invalid');
      const span = fromTime ? { from, to, fromMin: minutesOfDay(fromTime), toMin: minutesOfDay(toTime) } : { from, to };
      const on = today();
      const items = await availability(ctx.db, [...new Set(ids.map(Number))], span, on);
      return { from: from < on ? on : from, to, items };
    },
  });

  /** The span of the office's calendar asked: the day, or its Monday-to-Sunday week. */
  const calendarSpan = (q: { date: string; view: 'day' | 'week' }) => {
    if (!isCalendarDate(q.date)) throw badRequest(AVAILABILITY_MSG.rangeInvalid);
    const from = q.view === 'week' ? weekOf(q.date).start : q.date;
    return { from, to: q.view === 'week' ? plusDays(from, 6) : from };
  };

  r.route({
    ...route(ep.officeCalendar),
    handler: async (req) => {
      const { from, to } = calendarSpan(req.query);
      return officeCalendar(ctx.db, from, to, today(), {
        overdue: OVERDUE_SHOWN,
        moves: req.query.view === 'week' ? WEEK_SHOWN : Number.POSITIVE_INFINITY,
      });
    },
  });

  r.route({
    ...route(ep.pickList),
    handler: async (req, reply) => {
      const { from } = calendarSpan({ ...req.query, view: 'day' });
      const cal = await officeCalendar(ctx.db, from, from, today(), { overdue: Number.POSITIVE_INFINITY, moves: Number.POSITIVE_INFINITY });
      const pdf = await pickListPdf(cal.days[0], new Map(cal.requests.map((r) => [r.id, r])), await letterheadOf(ctx));
      return sendPdf(reply, `pick-list-${from}.pdf`, pdf);
    },
  });

  r.route({
    ...route(ep.seriesPreview),
    handler: async (req) => series.previewSeries(ctx, requireAccount(req), req.body),
  });

  r.route({
    ...route(ep.series),
    handler: async (req, reply) => {
      const made = await series.createSeries(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: seriesMessage(made.requests.length, made.skipped.length), ...made });
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
      const { file, selection } = await readProof(req);
      const request = await service.submitReturn(ctx, me, req.params.id, file, selection);
      return { message: request.status === 'returned' ? MSG.returnSubmitted : MSG.partReturnSubmitted, request };
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

  r.route({
    ...route(ep.batchProof),
    handler: async (req, reply) => {
      const row = await batchProofOf(ctx.db, req.params.id, req.params.batchId);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.proof_path ? await ctx.files.read(row.proof_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `proof_${requestCode(req.params.id)}_${req.params.batchId}` });
    },
  });

  // ---- the office ----

  r.route({
    ...route(ep.list),
    handler: async (req, reply) => sendWritten(reply, await officeRequests(ctx, req.query)),
  });

  r.route({
    ...route(ep.approve),
    handler: async (req) => ({
      message: MSG.requestApproved,
      request: await service.approveRequest(ctx, requireAccount(req), req.params.id, req.body.items, req.body.units),
    }),
  });

  r.route({
    ...route(ep.seriesDates),
    handler: async (req) => series.seriesDatesOf(ctx, req.params.id),
  });

  r.route({
    ...route(ep.approveSeries),
    handler: async (req) => series.approveSeries(ctx, requireAccount(req), req.params.id, req.body.requests, req.body.all),
  });

  r.route({
    ...route(ep.handOut),
    handler: async (req) => ({
      message: AVAILABILITY_MSG.handedOut,
      request: await service.handOutReservation(ctx, requireAccount(req), req.params.id, req.body.units),
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

  r.route({
    ...route(ep.verifyReturn),
    handler: async (req) => {
      await service.assertBatchOpen(ctx.db, req.params.id, req.params.batchId); // answered before photos are read
      const found = await readFindings(req);
      const request = await service.verifyReturnBatch(ctx, requireAccount(req), req.params.id, req.params.batchId, found);
      return { message: request.status === 'completed' ? MSG.requestCompleted : MSG.returnVerified, request };
    },
  });

  r.route({
    ...route(ep.refuseReturn),
    handler: async (req) => ({
      message: MSG.returnNotAccepted,
      request: await service.refuseReturnBatch(ctx, requireAccount(req), req.params.id, req.params.batchId),
    }),
  });

  r.route({
    ...route(ep.counterReturn),
    handler: async (req) => {
      const input = await readCounterReturn(req);
      const request = await service.counterReturn(ctx, requireAccount(req), req.params.id, input);
      return { message: request.status === 'completed' ? MSG.itemsMarkedReturned : MSG.counterReturnRecorded, request };
    },
  });

  // ---- borrow records: the loan side of approved requests (docs/decisions/borrow-lifecycle.md) ----

  r.route({
    ...route(ep.records),
    handler: async (req, reply) => sendWritten(reply, await borrowRecords(ctx, req.query)),
  });

  r.route({
    ...route(ep.markReturned),
    handler: async (req) => {
      const found = await readFindings(req);
      const request = await service.markLoanReturned(ctx, requireAccount(req), req.params.id, found);
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
