import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ALL_TAB_ORDER, RECORD_REQUEST_STATUSES, RECORD_TABS, REQUEST_STATUSES } from '../../../core/borrowing';
import type { BorrowRecordList, MyRequestList, RequestCounts, RequestList } from '../../../core/borrowingTypes';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES, ROLES, STAFF_ROLES, USER_ROLES } from '../../../core/roles';
import { startOfDayUtc, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { offsetOf, pageSegments, pagingQuery } from '../../lib/paging';
import { readUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import {
  countByStatus, findRequest, myRequestSearch, requestRows, requestSearch, requestsTable, rowsInOrder, searchCountsAndPage, statusCounts,
  toCounts, toRecordDto, toRequestDto, withLines, type RequestFilter,
} from './queries';
import * as service from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const statusFilter = z.enum(['all', ...REQUEST_STATUSES]).default('all');
const TAGS = ['borrowing'];

/** The form's fields; the form's own rules and messages are checked by the service, in the form's order. */
const newRequestBody = z.object({
  purpose: z.string().max(1000).default(''),
  dateNeeded: z.string().max(20).default(''),
  dateExpectedReturn: z.string().max(20).default(''),
  items: z.array(z.object({ itemId: z.coerce.number().int().positive(), quantity: z.coerce.number().max(100_000) })).max(100).default([]),
});

export async function borrowingRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = ctx;
  const today = () => todayIn(ctx.config.campusTimeZone);

  // ---- the borrower ----

  r.post('/api/borrow-requests', {
    config: { access: USER_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Submit a borrow request: { purpose, dateNeeded, dateExpectedReturn, items: [{ itemId, quantity }] } → 201 { message, request }',
      body: newRequestBody,
    },
  }, async (req, reply) => {
    const request = await service.createRequest(ctx, requireAccount(req), req.body);
    return reply.status(201).send({ message: MSG.requestSubmitted, request });
  });

  r.get('/api/borrow-requests/mine', {
    config: { access: USER_ROLES },
    schema: {
      tags: TAGS,
      summary: 'My requests, newest first; search by REQ id or purpose; status tab; tab counts, my totals and units not yet returned',
      querystring: z.object({ ...pagingQuery, status: statusFilter }),
    },
  }, async (req): Promise<MyRequestList> => {
    const me = requireAccount(req);
    const q = req.query;
    const mine = requestsTable(db).where('br.account_id', '=', me.id);
    const searched = q.search ? mine.where(myRequestSearch(dialect, q.search)) : mine;
    const [counts, stats, unreturned, ids] = await Promise.all([
      countByStatus(searched),
      q.search ? countByStatus(mine) : null,
      db.selectFrom('borrow_request_items as bri').innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), sql<number>`0`).as('n'))
        .where('br.account_id', '=', me.id).where('br.status', '=', 'approved').executeTakeFirstOrThrow(),
      (q.status === 'all' ? searched : searched.where('br.status', '=', q.status)).select('br.id')
        .orderBy('br.created_at', 'desc').orderBy('br.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    ]);
    const rows = await rowsInOrder(db, ids);
    return {
      items: await withLines(db, rows, today(), toRequestDto),
      total: counts[q.status],
      counts,
      stats: stats ?? counts,
      unreturnedItems: Number(unreturned.n),
    };
  });

  r.post('/api/borrow-requests/:id/cancel', {
    config: { access: USER_ROLES },
    schema: { tags: TAGS, summary: 'Cancel my pending request → { message, request }', params: idParams },
  }, async (req) => ({
    message: MSG.requestCancelled,
    request: await service.cancelRequest(ctx, requireAccount(req), req.params.id),
  }));

  r.post('/api/borrow-requests/:id/return', {
    config: { access: USER_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Return my approved items: multipart with the image in field "proof" (JPEG, PNG or GIF, at most 5 MB) → { message, request }',
      params: idParams,
      consumes: ['multipart/form-data'],
    },
  }, async (req) => {
    const me = requireAccount(req);
    await service.assertReturnable(ctx, me, req.params.id); // not yours or not out on loan: answered before the upload is read
    const file = await readProof(req);
    return { message: MSG.returnSubmitted, request: await service.submitReturn(ctx, me, req.params.id, file) };
  });

  // ---- one request, for its owner or the office ----

  /** Users may only see their own requests; the office sees all. Someone else's answers 404. */
  const visibleTo = (req: FastifyRequest, accountId: number | null) => {
    const me = requireAccount(req);
    return OFFICE_ROLES.includes(me.role) || accountId === me.id;
  };

  r.get('/api/borrow-requests/:id', {
    config: { access: ROLES },
    schema: { tags: TAGS, summary: 'One request with its items (its owner, or the office)', params: idParams },
  }, async (req) => {
    const request = await findRequest(db, req.params.id, today());
    if (!request || !visibleTo(req, request.requesterId)) throw notFound(MSG.requestNotFound);
    return { request };
  });

  r.get('/api/borrow-requests/:id/proof', {
    config: { access: ROLES },
    schema: { tags: TAGS, summary: 'The current proof-of-return image of a request (its owner, or the office)', params: idParams },
  }, async (req, reply) => {
    const row = await db.selectFrom('borrow_requests').select(['account_id', 'proof_path']).where('id', '=', req.params.id).executeTakeFirst();
    if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
    const file = row.proof_path ? await ctx.files.read(row.proof_path) : null;
    if (!file) throw notFound(MSG.noProof);
    return reply.header('content-type', file.mime).header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline').send(file.buffer);
  });

  // ---- the office ----

  r.get('/api/borrow-requests', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: TAGS,
      summary: 'All requests: search by requester, item, REQ id or purpose; status tab with counts; All sorted pending, approved, returned, completed, rejected, others',
      querystring: z.object({ ...pagingQuery, status: statusFilter, sort: z.enum(['status', 'newest', 'oldest']).default('status') }),
    },
  }, async (req): Promise<RequestList> => {
    const q = req.query;
    const all = requestsTable(db);
    let counts: RequestCounts;
    let ids: { id: number }[];
    if (q.search) {
      ({ counts, ids } = await searchCountsAndPage(db, all.where(requestSearch(dialect, q.search)),
        { status: q.status, sort: q.sort, limit: q.pageSize, offset: offsetOf(q) }));
    } else {
      counts = await statusCounts(db);
      const direction = q.sort === 'oldest' ? 'asc' : 'desc';
      const newest = (f: RequestFilter) => f.orderBy('br.created_at', direction).orderBy('br.id', direction);
      // Each status is its own index range: a tab reads one; the All tab reads them in its order.
      const slices = q.status !== 'all' ? [{ key: q.status, offset: offsetOf(q), limit: q.pageSize }]
        : q.sort === 'status' ? pageSegments(ALL_TAB_ORDER.map((s) => ({ key: s, size: counts[s] })), offsetOf(q), q.pageSize)
          : null;
      ids = slices
        ? (await Promise.all(slices.map((s) => newest(all.where('br.status', '=', s.key)).select('br.id').limit(s.limit).offset(s.offset).execute()))).flat()
        : await newest(all).select('br.id').limit(q.pageSize).offset(offsetOf(q)).execute();
    }
    const rows = await rowsInOrder(db, ids);
    return { items: await withLines(db, rows, today(), toRequestDto), total: counts[q.status], counts };
  });

  r.post('/api/borrow-requests/:id/approve', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Approve a pending request: { items: [item ids approved] }; the others are approved at 0; stock is taken out → { message, request }',
      params: idParams,
      body: z.object({ items: z.array(z.coerce.number().int().positive()).max(100).default([]) }),
    },
  }, async (req) => ({
    message: MSG.requestApproved,
    request: await service.approveRequest(ctx, requireAccount(req), req.params.id, req.body.items),
  }));

  r.post('/api/borrow-requests/:id/reject', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Reject a pending request: { reason? } (default "Request rejected by admin") → { message, request }',
      params: idParams,
      body: z.object({ reason: z.string().max(1000).optional() }).default({}),
    },
  }, async (req) => ({
    message: MSG.requestRejected,
    request: await service.rejectRequest(ctx, requireAccount(req), req.params.id, req.body.reason),
  }));

  r.post('/api/borrow-requests/:id/remind', {
    config: { access: STAFF_ROLES },
    schema: { tags: TAGS, summary: 'Remind the borrower of an approved request to return it (bell and email) → { message, detail, request }', params: idParams },
  }, async (req) => {
    const request = await service.remindBorrower(ctx, requireAccount(req), req.params.id);
    return {
      message: MSG.reminderSent,
      detail: `${request.requesterName} has been reminded to return ${request.code} by ${request.dateExpectedReturn}.`,
      request,
    };
  });

  r.post('/api/borrow-requests/:id/complete', {
    config: { access: OFFICE_ROLES },
    schema: { tags: TAGS, summary: 'Confirm a returned request: completed, quantities back in stock → { message, request }', params: idParams },
  }, async (req) => ({
    message: MSG.requestCompleted,
    request: await service.completeRequest(ctx, requireAccount(req), req.params.id),
  }));

  r.post('/api/borrow-requests/:id/not-returned', {
    config: { access: OFFICE_ROLES },
    schema: { tags: TAGS, summary: 'Not Yet Returned: a returned request goes back to approved, the borrower is told → { message, request }', params: idParams },
  }, async (req) => ({
    message: MSG.returnNotAccepted,
    request: await service.refuseReturn(ctx, requireAccount(req), req.params.id),
  }));

  // ---- borrow records: the loan side of approved requests (DECISIONS 12) ----

  r.get('/api/borrow-records', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Loans (BRW ids): search by id, borrower, purpose or item; tabs all, active, overdue, approved (all out), returned, completed, with counts and counters',
      querystring: z.object({ ...pagingQuery, status: z.enum(RECORD_TABS).default('all') }),
    },
  }, async (req): Promise<BorrowRecordList> => {
    const q = req.query;
    const day = today();
    const loans = requestsTable(db).where('br.status', 'in', [...RECORD_REQUEST_STATUSES]);
    const searched = q.search ? loans.where(requestSearch(dialect, q.search)) : loans;
    const isOverdue = (f: RequestFilter) => f.where('br.status', '=', 'approved').where('br.date_expected_return', '<', day);
    const countOf = async (f: RequestFilter) => Number((await f.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    /** Searched: per status and overdue in one pass over the matches. Not searched: the kept counts and the due-date index. */
    const tally = async (): Promise<[RequestCounts, number]> => {
      if (!q.search) return Promise.all([statusCounts(db), countOf(isOverdue(loans))]);
      const rows = await searched.select(['br.status', (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`sum(case when br.status = 'approved' and br.date_expected_return < ${day} then 1 else 0 end)`.as('overdue')])
        .groupBy('br.status').execute();
      return [toCounts(rows), rows.reduce((n, r) => n + Number(r.overdue ?? 0), 0)];
    };
    const [[byStatus, overdue], returnedToday] = await Promise.all([
      tally(),
      countOf(requestsTable(db).where('br.returned_at', '>=', startOfDayUtc(day, ctx.config.campusTimeZone))),
    ]);
    const counts = {
      all: byStatus.approved + byStatus.returned + byStatus.completed,
      active: byStatus.approved - overdue,
      overdue,
      approved: byStatus.approved,
      returned: byStatus.returned,
      completed: byStatus.completed,
    };

    // Loans still out come by due date, most urgent first; closed ones newest first.
    const byDue = (f: RequestFilter) => f.orderBy('br.date_expected_return', 'asc').orderBy('br.id', 'asc');
    const newest = (f: RequestFilter) => f.orderBy('br.created_at', 'desc').orderBy('br.id', 'desc');
    const tab: Record<Exclude<typeof q.status, 'all'>, (f: RequestFilter) => RequestFilter> = {
      active: (f) => byDue(f.where('br.status', '=', 'approved').where('br.date_expected_return', '>=', day)),
      overdue: (f) => byDue(isOverdue(f)),
      approved: (f) => byDue(f.where('br.status', '=', 'approved')),
      returned: (f) => newest(f.where('br.status', '=', 'returned')),
      completed: (f) => newest(f.where('br.status', '=', 'completed')),
    };
    const slices = q.status === 'all'
      ? pageSegments((['approved', 'returned', 'completed'] as const).map((s) => ({ key: s, size: counts[s] })), offsetOf(q), q.pageSize)
      : [{ key: q.status, offset: offsetOf(q), limit: q.pageSize }];
    const ids = (await Promise.all(slices.map((s) => tab[s.key](searched).select('br.id').limit(s.limit).offset(s.offset).execute()))).flat();
    return {
      items: await withLines(db, await rowsInOrder(db, ids), day, toRecordDto),
      total: counts[q.status],
      counts,
      counters: { activeBorrows: counts.active, approvedRequests: counts.approved, completedItems: counts.completed, returnedToday, overdue },
    };
  });

  r.post('/api/borrow-records/:id/mark-returned', {
    config: { access: OFFICE_ROLES },
    schema: { tags: TAGS, summary: 'Mark an active or overdue loan returned: quantities back in stock, request completed → { message, record }', params: idParams },
  }, async (req) => {
    const request = await service.markLoanReturned(ctx, requireAccount(req), req.params.id);
    const [row] = await requestRows(db).where('br.id', '=', request.id).execute();
    const [record] = await withLines(db, [row], today(), toRecordDto);
    return { message: MSG.itemsMarkedReturned, record };
  });

  /** The "proof" file of a multipart body; other parts are drained. Too large answers 413 with the spec's words. */
  async function readProof(req: FastifyRequest): Promise<ReadFile | null> {
    if (!req.isMultipart()) throw badRequest(MSG.proofRequired, 'proof_required');
    let file: ReadFile | null = null;
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'proof' && !file) file = await readUpload(part, MSG.proofTooLarge);
      else await part.toBuffer().catch(() => undefined);
    }
    return file;
  }
}
