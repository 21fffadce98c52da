/**
 * Reads of borrow requests and loans: the three lists, one request, the unreturned items, and the figures
 * the dashboards and the landing page ask for. The lists are tuned for 100,000 requests (`npm run bench`):
 * ids are paged from indexes first, then the page's rows and lines are read in one query each.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  ALL_TAB_ORDER,
  OPEN_LOAN_STATUSES,
  overdueDays,
  statusRank,
  parseRequestCode,
  recordCode,
  recordStatus,
  RECORD_REQUEST_STATUSES,
  requestCode,
  type RecordStatus,
  type RequestStatus,
} from '../../../core/borrowing/rules';
import type {
  BorrowRecordDto,
  BorrowRecordList,
  BorrowRequestDto,
  MyRequestList,
  MyRequestsParams,
  RecordsParams,
  RequestCounts,
  RequestLineDto,
  RequestList,
  RequestsParams,
  UnreturnedItemDto,
  UnreturnedParams,
} from '../../../core/borrowing/schemas';
import type { MonthFigure } from '../../../core/common/schemas';
import { availabilityOf } from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import { daysBetween, startOfDayUtc, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db, Dialect } from '../../db/database';
import type { DB } from '../../db/schema';
import { anyContainsCI, containsCI, matchesWords, searchWords, type WordIndex } from '../../db/search';
import { createListCache, keptValue } from '../../lib/listCache';
import { offsetOf, pageSegments } from '../../lib/paging';
import { itemsByIds } from '../inventory/queries';

/**
 * What a request's search finds: requester name (first line; kept current by triggers, migration 003),
 * purpose and item names.
 */
export function searchTextOf(requesterName: string, purpose: string, itemNames: string[]): string {
  return [requesterName.replace(/[\r\n]+/g, ' '), purpose, ...itemNames].join('\n');
}

type RequestEb = ExpressionBuilder<DB & { br: DB['borrow_requests'] }, 'br'>;

/** The requests' word index (migration 003). */
const REQUEST_WORDS: WordIndex = { ftsTable: 'borrow_requests_fts', textColumn: 'br.search_text', idColumn: 'br.id' };

/**
 * Office search. "REQ-12"/"BRW-12" finds that request. Other text finds requests where every word typed
 * starts a word of the requester's name, the purpose or an item name ("maria lop", "projector"), through
 * the word index of migration 003 (a bare number also matches the id). Text without letters or digits
 * falls back to a case-insensitive substring scan.
 */
export function requestSearch(dialect: Dialect, term: string) {
  const id = parseRequestCode(term);
  const isCode = id !== null && /^\s*(req|brw|#)/i.test(term);
  const words = searchWords(term);
  return (eb: RequestEb): Expression<SqlBool> => {
    if (isCode) return eb('br.id', '=', id);
    const text = words.length ? matchesWords(dialect, REQUEST_WORDS, words) : containsCI(dialect, 'br.search_text', term);
    return id === null ? text : eb.or([eb('br.id', '=', id), text]);
  };
}

/** Users search their own requests by id or purpose (docs/product.md). */
export function myRequestSearch(dialect: Dialect, term: string) {
  const id = parseRequestCode(term);
  return (eb: RequestEb): Expression<SqlBool> => {
    const text = containsCI(dialect, 'br.purpose', term);
    return id === null ? text : eb.or([eb('br.id', '=', id), text]);
  };
}

/** The All-tab order in SQL (core statusRank): pending, approved, returned, completed, rejected, others last. */
const statusRankOf = (column: string) =>
  sql<number>`case ${sql.ref(column)} ${sql.join(
    ALL_TAB_ORDER.map((s, i) => sql`when ${s} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(ALL_TAB_ORDER.length)} end`;

/**
 * A searched list in one statement: the matches are found once, then counted per status and paged, so the
 * word index is read once, not twice. The page comes in the All-tab order, or newest/oldest first.
 */
export async function searchCountsAndPage(
  db: Db,
  matches: RequestFilter,
  page: {
    status: RequestStatus | 'all';
    sort: 'status' | 'newest' | 'oldest';
    limit: number;
    offset: number;
  },
): Promise<{ counts: RequestCounts; ids: { id: number }[] }> {
  const hits = matches.select(['br.id', 'br.status', 'br.created_at', 'br.date_expected_return']);
  const urgent = page.sort === 'status';
  const direction = page.sort === 'oldest' ? 'asc' : 'desc';
  const order = urgent
    ? sql`${statusRankOf('status')}, case when status = 'pending' then created_at end asc, case when status = 'approved' then date_expected_return end asc, created_at desc, id desc`
    : sql`created_at ${sql.raw(direction)}, id ${sql.raw(direction)}`;
  const { rows } = await sql<{
    status: string;
    n: number | null;
    id: number | null;
    created_at: string | null;
    date_expected_return: string | null;
  }>`
    with hits as ${hits}
    select status, count(*) as n, cast(null as integer) as id, cast(null as text) as created_at, cast(null as text) as date_expected_return
      from hits group by status
    union all
    select * from (
      select status, cast(null as bigint) as n, id, created_at, date_expected_return from hits ${page.status === 'all' ? sql`` : sql`where status = ${page.status}`}
      order by ${order} limit ${page.limit} offset ${page.offset}
    ) as page`.execute(db);
  // A union keeps no order of its own: the page's rows are put back in the order that chose them.
  const sign = direction === 'asc' ? 1 : -1;
  const pageRows = rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: Number(r.id), status: r.status, createdAt: String(r.created_at), due: String(r.date_expected_return) }));
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  pageRows.sort((a, b) =>
    urgent
      ? statusRank(a.status) - statusRank(b.status) ||
        (a.status === 'pending' ? cmp(a.createdAt, b.createdAt) : 0) ||
        (a.status === 'approved' ? cmp(a.due, b.due) : 0) ||
        -cmp(a.createdAt, b.createdAt) ||
        b.id - a.id
      : sign * (cmp(a.createdAt, b.createdAt) || a.id - b.id),
  );
  return {
    counts: toCounts(rows.filter((r) => r.id === null).map((r) => ({ status: r.status, n: r.n ?? 0 }))),
    ids: pageRows.map(({ id }) => ({ id })),
  };
}

/** Requests to filter, count and page: the page's ids are read first, from indexes alone (see rowsInOrder). */
export const requestsTable = (db: Db) => db.selectFrom('borrow_requests as br');
export type RequestFilter = ReturnType<typeof requestsTable>;

/** Requests with their requester's name (a read-only join for display, measured in the bench: no second query per page). */
export const requestRows = (db: Db) =>
  db
    .selectFrom('borrow_requests as br')
    .leftJoin('accounts as a', 'a.id', 'br.account_id')
    .select([
      'br.id',
      'br.account_id',
      'br.purpose',
      'br.date_needed',
      'br.date_expected_return',
      'br.status',
      'br.proof_path',
      'br.reject_reason',
      'br.created_at',
      'br.decided_at',
      'br.returned_at',
      'br.completed_at',
      'br.reminded_at',
      'a.full_name as requester_name',
    ]);
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirstOrThrow']>>;

/** The full rows of a page, in the page's order. */
export async function rowsInOrder(db: Db, ids: { id: number }[]): Promise<RequestRow[]> {
  if (!ids.length) return [];
  const rows = new Map(
    (
      await requestRows(db)
        .where(
          'br.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    ).map((r) => [r.id, r]),
  );
  return ids.flatMap(({ id }) => rows.get(id) ?? []);
}

/** Requests per status in a filtered set. */
export async function countByStatus(filtered: RequestFilter): Promise<RequestCounts> {
  return toCounts(
    await filtered
      .select(['br.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('br.status')
      .execute(),
  );
}

export async function linesOf(db: Db, requestIds: number[]) {
  const byRequest = new Map<number, RequestLineDto[]>();
  if (!requestIds.length) return byRequest;
  const rows = await db.selectFrom('borrow_request_items').selectAll().where('request_id', 'in', requestIds).orderBy('id').execute();
  // Stock on hand comes from the inventory module, so the approve dialog can say what can be lent now.
  const stock = await itemsByIds(db, [...new Set(rows.flatMap((r) => (r.item_id === null ? [] : [r.item_id])))]);
  for (const r of rows) {
    const item = r.item_id === null ? undefined : stock.get(r.item_id);
    const list = byRequest.get(r.request_id) ?? [];
    list.push({
      id: r.id,
      itemId: r.item_id,
      name: r.item_name,
      category: r.category,
      quantityRequested: r.quantity_requested,
      quantityApproved: r.quantity_approved,
      onHand: item ? availabilityOf(item).availableQuantity : null,
    });
    byRequest.set(r.request_id, list);
  }
  return byRequest;
}

const proofUrlOf = (row: RequestRow) => (row.proof_path ? `/api/borrow-requests/${row.id}/proof` : null);

export function toRequestDto(row: RequestRow, lines: RequestLineDto[], today: string): BorrowRequestDto {
  const out = row.status === 'approved';
  return {
    id: row.id,
    code: requestCode(row.id),
    recordCode: recordCode(row.id),
    status: row.status as RequestStatus,
    requesterId: row.account_id,
    requesterName: row.requester_name ?? MSG.deletedUser,
    purpose: row.purpose,
    dateRequested: row.created_at,
    dateNeeded: row.date_needed,
    dateExpectedReturn: row.date_expected_return,
    decidedAt: row.decided_at,
    returnedAt: row.returned_at,
    completedAt: row.completed_at,
    remindedAt: row.reminded_at,
    rejectReason: row.reject_reason,
    hasProof: row.proof_path !== null,
    proofUrl: proofUrlOf(row),
    totalItems: lines.reduce((n, l) => n + l.quantityRequested, 0),
    totalApproved: lines.reduce((n, l) => n + l.quantityApproved, 0),
    items: lines,
    recordStatus: recordStatus(row.status, row.date_needed, row.date_expected_return, today),
    daysLeft: out ? daysBetween(today, row.date_expected_return) : null,
    overdueDays: out ? overdueDays(row.date_expected_return, today) : 0,
  };
}

export function toRecordDto(row: RequestRow, lines: RequestLineDto[], today: string): BorrowRecordDto {
  const out = row.status === 'approved';
  const lent = lines.filter((l) => l.quantityApproved > 0);
  return {
    id: row.id,
    code: recordCode(row.id),
    requestCode: requestCode(row.id),
    status: recordStatus(row.status, row.date_needed, row.date_expected_return, today) as RecordStatus,
    requestStatus: row.status as RequestStatus,
    borrowerId: row.account_id,
    borrower: row.requester_name ?? MSG.deletedUser,
    purpose: row.purpose,
    dateRequested: row.created_at,
    dateNeeded: row.date_needed,
    dateExpectedReturn: row.date_expected_return,
    returnedAt: row.returned_at,
    completedAt: row.completed_at,
    daysLeft: out ? daysBetween(today, row.date_expected_return) : null,
    overdueDays: out ? overdueDays(row.date_expected_return, today) : 0,
    hasProof: row.proof_path !== null,
    proofUrl: proofUrlOf(row),
    totalItems: lent.reduce((n, l) => n + l.quantityApproved, 0),
    items: lent.map((l) => ({ itemId: l.itemId, name: l.name, category: l.category, quantity: l.quantityApproved })),
  };
}

/** Rows to DTOs, with their lines loaded in one query. */
export async function withLines<T>(
  db: Db,
  rows: RequestRow[],
  today: string,
  map: (row: RequestRow, lines: RequestLineDto[], today: string) => T,
): Promise<T[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => map(r, lines.get(r.id) ?? [], today));
}

export async function findRequest(db: Db, id: number, today: string): Promise<BorrowRequestDto | null> {
  const row = await requestRows(db).where('br.id', '=', id).executeTakeFirst();
  return row ? (await withLines(db, [row], today, toRequestDto))[0] : null;
}

export const emptyCounts = (): RequestCounts => ({ all: 0, pending: 0, approved: 0, returned: 0, completed: 0, rejected: 0, cancelled: 0 });

/** Group-by rows into tab counts; 'all' is their sum. */
export function toCounts(rows: { status: string; n: number | string | bigint }[]): RequestCounts {
  const counts = emptyCounts();
  for (const r of rows) {
    const n = Number(r.n);
    if (r.status in counts) counts[r.status as RequestStatus] += n;
    counts.all += n;
  }
  return counts;
}

/** Every request per status, from the table the database keeps current (migration 003). */
export async function statusCounts(db: Db): Promise<RequestCounts> {
  return toCounts(await db.selectFrom('borrow_status_counts').select(['status', 'n']).execute());
}

/**
 * Units an account has out on loan (approved, or returned and awaiting verification): for refusing to
 * delete an account that still has borrowed items (docs/decisions/account-deletion.md).
 */
export async function unitsOnLoan(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), sql<number>`0`).as('n'))
    .where('br.account_id', '=', accountId)
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Units of an item out on loan (approved, or returned and awaiting verification): they are not back in
 * stock yet, so the item cannot be deleted (issue 13).
 */
export async function itemUnitsOnLoan(db: Db, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), sql<number>`0`).as('n'))
    .where('bri.item_id', '=', itemId)
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- the lists ----

const todayOf = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

/** My requests, newest first; search by REQ id or purpose; tab counts, my totals and units not yet returned. */
export async function myRequests(ctx: Ctx, accountId: number, q: MyRequestsParams): Promise<MyRequestList> {
  const { db, dialect } = ctx;
  const mine = requestsTable(db).where('br.account_id', '=', accountId);
  const searched = q.search ? mine.where(myRequestSearch(dialect, q.search)) : mine;
  const [counts, stats, unreturned, ids] = await Promise.all([
    countByStatus(searched),
    q.search ? countByStatus(mine) : null,
    db
      .selectFrom('borrow_request_items as bri')
      .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), sql<number>`0`).as('n'))
      .where('br.account_id', '=', accountId)
      .where('br.status', '=', 'approved')
      .executeTakeFirstOrThrow(),
    (q.status === 'all' ? searched : searched.where('br.status', '=', q.status))
      .select('br.id')
      .orderBy('br.created_at', 'desc')
      .orderBy('br.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
  ]);
  const rows = await rowsInOrder(db, ids);
  return {
    items: await withLines(db, rows, todayOf(ctx), toRequestDto),
    total: counts[q.status],
    counts,
    stats: stats ?? counts,
    unreturnedItems: Number(unreturned.n),
  };
}

/**
 * The office's lists, kept per process while no request, item or name they show changes (server/lib/listCache.ts):
 * the office pages, searches and switches tabs far more often than requests change, and a broad search counts
 * thousands of matches. Today is in the key: the answers count days.
 */
const officeLists = createListCache<RequestList>(['borrow_requests', 'items', 'accounts']);
const recordLists = createListCache<BorrowRecordList>(['borrow_requests', 'items', 'accounts']);

/**
 * The office's requests: search, status tabs with counts (cancelled ones too, so All is the sum of the tabs); All
 * sorted pending, approved, returned, completed, rejected, cancelled. `stats` counts every request, whatever the search.
 */
export const officeRequests = (ctx: Ctx, q: RequestsParams): Promise<RequestList> =>
  officeLists(ctx.db, JSON.stringify([todayOf(ctx), q]), () => loadOfficeRequests(ctx, q));

async function loadOfficeRequests(ctx: Ctx, q: RequestsParams): Promise<RequestList> {
  const { db, dialect } = ctx;
  const all = requestsTable(db);
  let counts: RequestCounts;
  let stats: RequestCounts;
  let ids: { id: number }[];
  if (q.search) {
    const page = { status: q.status, sort: q.sort, limit: q.pageSize, offset: offsetOf(q) };
    [{ counts, ids }, stats] = await Promise.all([
      searchCountsAndPage(db, all.where(requestSearch(dialect, q.search)), page),
      statusCounts(db),
    ]);
  } else {
    counts = stats = await statusCounts(db);
    const direction = q.sort === 'oldest' ? 'asc' : 'desc';
    const newest = (f: RequestFilter) => f.orderBy('br.created_at', direction).orderBy('br.id', direction);
    // The office's own order (issue 12): the queue first come, first served; loans out most overdue, then soonest due.
    const urgent = (status: RequestStatus) => (f: RequestFilter) =>
      q.sort !== 'status'
        ? newest(f)
        : status === 'pending'
          ? f.orderBy('br.created_at', 'asc').orderBy('br.id', 'asc')
          : status === 'approved'
            ? f.orderBy('br.date_expected_return', 'asc').orderBy('br.id', 'asc')
            : f.orderBy('br.created_at', 'desc').orderBy('br.id', 'desc');
    // Each status is its own index range: a tab reads one; the All tab reads them in its order.
    const slices =
      q.status !== 'all'
        ? [{ key: q.status, offset: offsetOf(q), limit: q.pageSize }]
        : q.sort === 'status'
          ? pageSegments(
              ALL_TAB_ORDER.map((s) => ({ key: s, size: counts[s] })),
              offsetOf(q),
              q.pageSize,
            )
          : null;
    ids = slices
      ? (
          await Promise.all(
            slices.map((s) =>
              urgent(s.key)(all.where('br.status', '=', s.key))
                .select('br.id')
                .limit(s.limit)
                .offset(s.offset)
                .execute(),
            ),
          )
        ).flat()
      : await newest(all).select('br.id').limit(q.pageSize).offset(offsetOf(q)).execute();
  }
  const rows = await rowsInOrder(db, ids);
  return { items: await withLines(db, rows, todayOf(ctx), toRequestDto), total: counts[q.status], counts, stats };
}

/**
 * Loans (BRW ids, docs/decisions/borrow-lifecycle.md): search, tabs with counts and the counters. Tabs partition
 * the loans, so All is their sum: active (out since the date needed, overdue ones first with their badge),
 * approved (approved, to be collected on a later date needed), returned (proof sent, awaiting verification) and
 * completed. Overdue is the part of active past its expected return. The tabs count the search's matches; the
 * counters and `stats` count every loan, whatever the search.
 */
export const borrowRecords = (ctx: Ctx, q: RecordsParams): Promise<BorrowRecordList> => {
  const day = todayOf(ctx);
  return recordLists(ctx.db, JSON.stringify([day, q]), () => loadBorrowRecords(ctx, q, day));
};

type RecordCounts = BorrowRecordList['counts'];

async function loadBorrowRecords(ctx: Ctx, q: RecordsParams, day: string): Promise<BorrowRecordList> {
  const { db, dialect } = ctx;
  const loans = requestsTable(db).where('br.status', 'in', [...RECORD_REQUEST_STATUSES]);
  const searched = q.search ? loans.where(requestSearch(dialect, q.search)) : loans;
  // recordStatus (core/borrowing/rules.ts) in SQL: the same dates decide the badge, the tab and the counter.
  const isOut = (f: RequestFilter) => f.where('br.status', '=', 'approved').where('br.date_needed', '<=', day);
  const isUpcoming = (f: RequestFilter) => f.where('br.status', '=', 'approved').where('br.date_needed', '>', day);
  const isOverdue = (f: RequestFilter) => f.where('br.status', '=', 'approved').where('br.date_expected_return', '<', day);
  const countOf = async (f: RequestFilter) =>
    Number((await f.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const toRecordCounts = (byStatus: RequestCounts, out: number, overdue: number): RecordCounts => ({
    all: byStatus.approved + byStatus.returned + byStatus.completed,
    active: out,
    overdue,
    approved: byStatus.approved - out,
    returned: byStatus.returned,
    completed: byStatus.completed,
  });
  /** Every loan: the kept counts and the date indexes. */
  const wholeTally = async () => {
    const [byStatus, out, overdue] = await Promise.all([statusCounts(db), countOf(isOut(loans)), countOf(isOverdue(loans))]);
    return toRecordCounts(byStatus, out, overdue);
  };
  /** The search's matches: per status, out and overdue in one pass. */
  const searchedTally = async () => {
    const rows = await searched
      .select([
        'br.status',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`sum(case when br.status = 'approved' and br.date_needed <= ${day} then 1 else 0 end)`.as('out'),
        sql<number>`sum(case when br.status = 'approved' and br.date_expected_return < ${day} then 1 else 0 end)`.as('overdue'),
      ])
      .groupBy('br.status')
      .execute();
    const sum = (k: 'out' | 'overdue') => rows.reduce((n, r) => n + Number(r[k] ?? 0), 0);
    return toRecordCounts(toCounts(rows), sum('out'), sum('overdue'));
  };
  const [counts, whole, returnedToday, completedItems] = await Promise.all([
    q.search ? searchedTally() : wholeTally(),
    q.search ? wholeTally() : null,
    countOf(requestsTable(db).where('br.returned_at', '>=', startOfDayUtc(day, ctx.config.campusTimeZone))),
    // Units of completed loans, kept by the database (migration 011).
    keptValue(db, 'completed_units'),
  ]);
  const stats = whole ?? counts;

  // Loans out come most overdue first, then soonest due; approved ones by the date needed; closed ones newest first.
  const byDue = (f: RequestFilter) => f.orderBy('br.date_expected_return', 'asc').orderBy('br.id', 'asc');
  const byNeeded = (f: RequestFilter) => f.orderBy('br.date_needed', 'asc').orderBy('br.id', 'asc');
  const newest = (f: RequestFilter) => f.orderBy('br.created_at', 'desc').orderBy('br.id', 'desc');
  const tab: Record<Exclude<typeof q.status, 'all'>, (f: RequestFilter) => RequestFilter> = {
    active: (f) => byDue(isOut(f)),
    overdue: (f) => byDue(isOverdue(f)),
    approved: (f) => byNeeded(isUpcoming(f)),
    returned: (f) => newest(f.where('br.status', '=', 'returned')),
    completed: (f) => newest(f.where('br.status', '=', 'completed')),
  };
  const slices =
    q.status === 'all'
      ? pageSegments(
          (['active', 'approved', 'returned', 'completed'] as const).map((s) => ({ key: s, size: counts[s] })),
          offsetOf(q),
          q.pageSize,
        )
      : [{ key: q.status, offset: offsetOf(q), limit: q.pageSize }];
  const ids = (await Promise.all(slices.map((s) => tab[s.key](searched).select('br.id').limit(s.limit).offset(s.offset).execute()))).flat();
  return {
    items: await withLines(db, await rowsInOrder(db, ids), day, toRecordDto),
    total: counts[q.status],
    counts,
    stats,
    counters: {
      activeBorrows: stats.active,
      approvedRequests: stats.approved,
      completedItems,
      returnedToday,
      overdue: stats.overdue,
    },
  };
}

/** One loan as a borrow record. */
export async function findRecord(db: Db, id: number, today: string): Promise<BorrowRecordDto | null> {
  const row = await requestRows(db).where('br.id', '=', id).executeTakeFirst();
  return row ? (await withLines(db, [row], today, toRecordDto))[0] : null;
}

/** Whose request it is and its current proof image's stored path. */
export const proofOf = (db: Db, id: number) =>
  db.selectFrom('borrow_requests').select(['account_id', 'proof_path']).where('id', '=', id).executeTakeFirst();

/** Items lent and not yet back in stock (approved, or returned awaiting verification), soonest due first, with the total units. */
export async function unreturnedItems(
  ctx: Ctx,
  q: UnreturnedParams,
): Promise<{ items: UnreturnedItemDto[]; total: number; totalQuantity: number }> {
  let base = ctx.db
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .leftJoin('accounts as a', 'a.id', 'br.account_id')
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .where('bri.quantity_approved', '>', 0);
  if (q.search) base = base.where(anyContainsCI(ctx.dialect, ['bri.item_name', 'a.full_name', 'br.purpose'], q.search));
  const [totals, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), sql<number>`0`).as('units'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select([
        'br.id as request_id',
        'br.status',
        'br.account_id',
        'a.full_name',
        'br.purpose',
        'bri.item_id',
        'bri.item_name',
        'bri.category',
        'bri.quantity_approved',
        'br.date_needed',
        'br.date_expected_return',
      ])
      .orderBy('br.date_expected_return')
      .orderBy('br.id')
      .orderBy('bri.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
  ]);
  const today = todayOf(ctx);
  return {
    items: rows.map((row) => ({
      requestId: row.request_id,
      requestCode: requestCode(row.request_id),
      status: row.status as RequestStatus,
      userId: row.account_id,
      fullName: row.full_name ?? MSG.deletedUser,
      purpose: row.purpose,
      itemId: row.item_id,
      itemName: row.item_name,
      category: row.category,
      quantityApproved: row.quantity_approved,
      dateNeeded: row.date_needed,
      dateExpectedReturn: row.date_expected_return,
      overdueDays: row.status === 'approved' ? overdueDays(row.date_expected_return, today) : 0,
    })),
    total: Number(totals.n),
    totalQuantity: Number(totals.units),
  };
}

// ---- figures for the dashboards and the landing page ----

type Months = { lastMonth: string; thisMonth: string };

/** Admin dashboard: requests pending now, and requests made this month and last; completed loans as a share of loans approved. */
export async function requestFigures(db: Db, months: Months) {
  const countMade = async (from?: string, to?: string, status?: RequestStatus) => {
    let q = db.selectFrom('borrow_requests').select((eb) => eb.fn.countAll<number>().as('n'));
    if (from) q = q.where('created_at', '>=', from);
    if (to) q = q.where('created_at', '<', to);
    if (status) q = q.where('status', '=', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  /** Completed loans as a share of the loans approved (approved, returned or completed) in a period. */
  const completion = async (from?: string, to?: string) => {
    let q = db
      .selectFrom('borrow_requests')
      .select((eb) => [
        eb.fn.countAll<number>().as('lent'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('done'),
      ])
      .where('status', 'in', [...RECORD_REQUEST_STATUSES]);
    if (from) q = q.where('decided_at', '>=', from);
    if (to) q = q.where('decided_at', '<', to);
    const row = await q.executeTakeFirstOrThrow();
    const lent = Number(row.lent);
    return lent ? Math.round((Number(row.done ?? 0) / lent) * 100) : null;
  };
  const [pending, madeThisMonth, madeLastMonth, rate, rateThisMonth, rateLastMonth] = await Promise.all([
    countMade(undefined, undefined, 'pending'),
    countMade(months.thisMonth),
    countMade(months.lastMonth, months.thisMonth),
    completion(),
    completion(months.thisMonth),
    completion(months.lastMonth, months.thisMonth),
  ]);
  return {
    pendingRequests: { value: pending, thisMonth: madeThisMonth, lastMonth: madeLastMonth } satisfies MonthFigure,
    completionRate: { value: rate, thisMonth: rateThisMonth, lastMonth: rateLastMonth },
  };
}

/** User dashboard (docs/product.md): my requests made, pending and completed, each now, this month and last. */
export async function myFigures(db: Db, accountId: number, months: Months) {
  const countIf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const inThisMonth = (col: string) => sql`${sql.ref(col)} >= ${months.thisMonth}`;
  const inLastMonth = (col: string) => sql`${sql.ref(col)} >= ${months.lastMonth} and ${sql.ref(col)} < ${months.thisMonth}`;
  const row = await db
    .selectFrom('borrow_requests')
    .where('account_id', '=', accountId)
    .select((eb) => [
      eb.fn.countAll<number>().as('made'),
      countIf(inThisMonth('created_at')).as('madeThis'),
      countIf(inLastMonth('created_at')).as('madeLast'),
      countIf(sql`status = 'pending'`).as('pending'),
      countIf(sql`status = 'pending' and ${inThisMonth('created_at')}`).as('pendingThis'),
      countIf(sql`status = 'pending' and ${inLastMonth('created_at')}`).as('pendingLast'),
      countIf(sql`status = 'completed'`).as('completed'),
      countIf(sql`status = 'completed' and ${inThisMonth('completed_at')}`).as('completedThis'),
      countIf(sql`status = 'completed' and ${inLastMonth('completed_at')}`).as('completedLast'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    made: { value: n(row.made), thisMonth: n(row.madeThis), lastMonth: n(row.madeLast) },
    pending: { value: n(row.pending), thisMonth: n(row.pendingThis), lastMonth: n(row.pendingLast) },
    completed: { value: n(row.completed), thisMonth: n(row.completedThis), lastMonth: n(row.completedLast) },
  } satisfies Record<string, MonthFigure>;
}

/** Landing page: requests handled (decided and not cancelled) and the average hours to the first decision. */
export async function handlingFigures(db: Db, dialect: Dialect) {
  const hours =
    dialect === 'postgres'
      ? sql<number>`avg(extract(epoch from (decided_at::timestamptz - created_at::timestamptz))) / 3600`
      : sql<number>`avg((julianday(decided_at) - julianday(created_at)) * 24)`;
  const [handled, response] = await Promise.all([
    db
      .selectFrom('borrow_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['approved', 'rejected', 'returned', 'completed'])
      .executeTakeFirstOrThrow(),
    db.selectFrom('borrow_requests').select(hours.as('h')).where('decided_at', 'is not', null).executeTakeFirstOrThrow(),
  ]);
  const h = response.h === null ? null : Number(response.h);
  return { requestsHandled: Number(handled.n), averageResponseHours: h === null ? null : Math.round(h * 10) / 10 };
}
