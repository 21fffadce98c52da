import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reminderSentDetail } from '../../../core/borrowing/notices';
import { requestCode } from '../../../core/borrowing/rules';
import {
  reminderSchedule,
  approveBody,
  borrowRecordList,
  myRequestList,
  myRequestsQuery,
  newRequestBody,
  oneRequest,
  recordResult,
  recordsQuery,
  rejectBody,
  reminderResult,
  requestList,
  requestResult,
  requestsQuery,
  unreturnedList,
  unreturnedQuery,
} from '../../../core/borrowing/schemas';
import { fileQuery, fileResponse, idParams } from '../../../core/common/schemas';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES, ROLES, STAFF_ROLES, USER_ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { lastRun } from '../../lib/dailyJobs';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { borrowRecords, findRecord, findRequest, myRequests, officeRequests, proofOf, unreturnedItems } from './queries';
import * as service from './service';

const TAGS = ['borrowing'];

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

export async function borrowingRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => todayIn(ctx.config.campusTimeZone);

  // ---- the borrower ----

  r.post(
    '/api/borrow-requests',
    {
      config: { access: USER_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Submit a borrow request: { purpose, dateNeeded, dateExpectedReturn, items: [{ itemId, quantity }] }',
        body: newRequestBody,
        response: { 201: requestResult },
      },
    },
    async (req, reply) => {
      const request = await service.createRequest(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.requestSubmitted, request });
    },
  );

  r.get(
    '/api/borrow-requests/mine',
    {
      config: { access: USER_ROLES },
      schema: {
        tags: TAGS,
        summary: 'My requests, newest first; search by REQ id or purpose; status tab; tab counts, my totals and units not yet returned',
        querystring: myRequestsQuery,
        response: { 200: myRequestList },
      },
    },
    async (req) => myRequests(ctx, requireAccount(req).id, req.query),
  );

  r.post(
    '/api/borrow-requests/:id/cancel',
    {
      config: { access: USER_ROLES },
      schema: { tags: TAGS, summary: 'Cancel my pending request', params: idParams, response: { 200: requestResult } },
    },
    async (req) => ({
      message: MSG.requestCancelled,
      request: await service.cancelRequest(ctx, requireAccount(req), req.params.id),
    }),
  );

  r.post(
    '/api/borrow-requests/:id/return',
    {
      config: { access: USER_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Return my approved items: multipart with the image in field "proof" (JPEG, PNG or GIF, at most 5 MB)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: requestResult },
      },
    },
    async (req) => {
      const me = requireAccount(req);
      await service.assertReturnable(ctx, me, req.params.id); // not yours or not out on loan: answered before the upload is read
      const file = await readProof(req);
      return { message: MSG.returnSubmitted, request: await service.submitReturn(ctx, me, req.params.id, file) };
    },
  );

  // ---- one request, for its owner or the office ----

  /** Users may only see their own requests; the office sees all. Someone else's answers 404. */
  const visibleTo = (req: FastifyRequest, accountId: number | null) => {
    const me = requireAccount(req);
    return OFFICE_ROLES.includes(me.role) || accountId === me.id;
  };

  r.get(
    '/api/borrow-requests/:id',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: 'One request with its items (its owner, or the office)',
        params: idParams,
        response: { 200: oneRequest },
      },
    },
    async (req) => {
      const request = await findRequest(ctx.db, req.params.id, today());
      if (!request || !visibleTo(req, request.requesterId)) throw notFound(MSG.requestNotFound);
      return { request };
    },
  );

  r.get(
    '/api/borrow-requests/:id/proof',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: 'The current proof-of-return image of a request (its owner, or the office); ?w= scales it down',
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
      const row = await proofOf(ctx.db, req.params.id);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.proof_path ? await ctx.files.read(row.proof_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `proof_${requestCode(req.params.id)}` });
    },
  );

  // ---- the office ----

  r.get(
    '/api/borrow-requests',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'All requests: search by requester, item, REQ id or purpose; status tab with counts; All sorted pending, approved, returned, completed, rejected, others',
        querystring: requestsQuery,
        response: { 200: requestList },
      },
    },
    async (req) => officeRequests(ctx, req.query),
  );

  r.post(
    '/api/borrow-requests/:id/approve',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Approve a pending request: { items: [item ids approved] }; the others are approved at 0; stock is taken out',
        params: idParams,
        body: approveBody,
        response: { 200: requestResult },
      },
    },
    async (req) => ({
      message: MSG.requestApproved,
      request: await service.approveRequest(ctx, requireAccount(req), req.params.id, req.body.items),
    }),
  );

  r.post(
    '/api/borrow-requests/:id/reject',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Reject a pending request: { reason? } (default "Request rejected by admin")',
        params: idParams,
        body: rejectBody,
        response: { 200: requestResult },
      },
    },
    async (req) => ({
      message: MSG.requestRejected,
      request: await service.rejectRequest(ctx, requireAccount(req), req.params.id, req.body.reason),
    }),
  );

  r.post(
    '/api/borrow-requests/:id/remind',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Remind the borrower of an approved request to return it (bell and email)',
        params: idParams,
        response: { 200: reminderResult },
      },
    },
    async (req) => {
      const request = await service.remindBorrower(ctx, requireAccount(req), req.params.id);
      return {
        message: MSG.reminderSent,
        detail: reminderSentDetail(request.requesterName, request.id, request.dateExpectedReturn),
        request,
      };
    },
  );

  r.get(
    '/api/borrow-records/reminders',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'When the automatic return reminders go out, and what the last run sent',
        response: { 200: reminderSchedule },
      },
    },
    async () => {
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
              dueTomorrow: n('dueTomorrow'),
            }
          : null,
      };
    },
  );

  r.post(
    '/api/borrow-requests/:id/complete',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Confirm a returned request: completed, quantities back in stock',
        params: idParams,
        response: { 200: requestResult },
      },
    },
    async (req) => ({
      message: MSG.requestCompleted,
      request: await service.completeRequest(ctx, requireAccount(req), req.params.id),
    }),
  );

  r.post(
    '/api/borrow-requests/:id/not-returned',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Not Yet Returned: a returned request goes back to approved, the borrower is told',
        params: idParams,
        response: { 200: requestResult },
      },
    },
    async (req) => ({
      message: MSG.returnNotAccepted,
      request: await service.refuseReturn(ctx, requireAccount(req), req.params.id),
    }),
  );

  // ---- borrow records: the loan side of approved requests (docs/decisions/borrow-lifecycle.md) ----

  r.get(
    '/api/borrow-records',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Loans (BRW ids): search by id, borrower, purpose or item; tabs all, active (overdue among them), overdue, approved (to be collected), returned, completed, with the search's counts, and counters over every loan",
        querystring: recordsQuery,
        response: { 200: borrowRecordList },
      },
    },
    async (req) => borrowRecords(ctx, req.query),
  );

  r.post(
    '/api/borrow-records/:id/mark-returned',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Mark a loan not yet back (approved, active or overdue) returned: quantities back in stock, request completed',
        params: idParams,
        response: { 200: recordResult },
      },
    },
    async (req) => {
      const request = await service.markLoanReturned(ctx, requireAccount(req), req.params.id);
      return { message: MSG.itemsMarkedReturned, record: (await findRecord(ctx.db, request.id, today()))! };
    },
  );

  r.get(
    '/api/items/unreturned',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Items lent and not yet back in stock (approved, or returned awaiting verification), soonest due first, with the total units',
        querystring: unreturnedQuery,
        response: { 200: unreturnedList },
      },
    },
    async (req) => unreturnedItems(ctx, req.query),
  );
}
