/**
 * The lists of borrow requests and loans: my requests, the office's requests and borrow records (tuned for 100,000
 * requests, `npm run bench`: ids are paged from indexes first, then the page's rows and lines are read in one
 * query each), one record, and the unreturned items.
 */
import { sql } from 'kysely';
import { OPEN_LOAN_STATUSES, overdueDays, RECORD_REQUEST_STATUSES, requestCode, type RequestStatus } from '../../../core/borrowing/rules';
import {
  borrowRecordList,
  requestList,
  type BorrowRecordDto,
  type BorrowRecordList,
  type MyRequestList,
  type MyRequestsParams,
  type RecordsParams,
  type RequestCounts,
  type RequestsParams,
  type UnreturnedItemDto,
  type UnreturnedParams,
} from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { startOfDayUtc, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { anyContainsCI } from '../../db/search';
import { writeList } from '../../lib/writtenList';
import { createKeptMatches } from '../../lib/keptMatches';
import { createListCache, keptValue } from '../../lib/listCache';
import { offsetOf, pageSegments } from '../../lib/paging';
import {
  countByStatus,
  countsAndPage,
  myRequestSearch,
  findMatches,
  matchOrder,
  requestRows,
  requestSearch,
  requestsTable,
  rowsInOrder,
  statusCounts,
  toCounts,
  toRecordDto,
  toRequestDto,
  withLines,
  type RequestFilter,
} from './requestRows';
import { departmentRequests } from './departmentRequests';
import { pageIds } from './officeOrder';
import { writtenRecords, writtenRequests } from './writtenRows';
import { unitsOutOf } from './unitsOut';

const todayOf = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

/** My requests, newest first; search by REQ id or purpose; tab counts, my totals and units not yet returned. */
export async function myRequests(ctx: Ctx, accountId: number, q: MyRequestsParams): Promise<MyRequestList> {
  const { db, dialect } = ctx;
  const mine = requestsTable(db).where('br.account_id', '=', accountId);
  const searched = q.search ? mine.where(myRequestSearch(dialect, q.search)) : mine;
  const [counts, stats, unreturned, ids] = await Promise.all([
    countByStatus(searched),
    q.search ? countByStatus(mine) : null,
    unitsOutOf(db, accountId),
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
    unreturnedItems: unreturned.notReturned,
    returnsAwaitingCheck: unreturned.awaitingCheck,
  };
}

/**
 * The office's lists, kept per process while no request, item or name they show changes (server/lib/listCache.ts):
 * the office pages, searches and switches tabs far more often than requests change, and a broad search counts
 * thousands of matches. Today is in the key: the answers count days.
 */
const officeLists = createListCache<string>(['borrow_requests', 'items', 'accounts']);
/**
 * A search's ordered matches (ids and statuses), kept across changes (server/lib/keptMatches.ts): every tab count
 * and page of the search comes from them, so a page no one has asked for yet costs the page's rows, not a count of
 * every match, and a change costs the rows it changed.
 */
const searchMatches = createKeptMatches('borrow_requests');
const recordLists = createListCache<string>(['borrow_requests', 'items', 'accounts']);
/** Every request's count per status (the kept counts of migration 003), alike on every page: kept per version. */
const everyRequest = createListCache<RequestCounts>('borrow_requests', 1);
const everyRequestCounts = (db: Db) => everyRequest(db, 'counts', () => statusCounts(db));
/** The loans' tab counts and counters over every loan, per day (they count days). */
const recordFigures = createListCache<{ whole: BorrowRecordList['counts']; returnedToday: number; completedItems: number }>(
  'borrow_requests',
  10,
);

/**
 * The office's requests, as JSON (server/lib/writtenList.ts): search, status tabs with counts (cancelled ones too, so
 * All is the sum of the tabs); All sorted pending, approved, returned, completed, rejected, cancelled. `stats`
 * counts every request, whatever the search.
 */
export const officeRequests = (ctx: Ctx, q: RequestsParams): Promise<string> =>
  officeLists(ctx.db, JSON.stringify([todayOf(ctx), q]), () => loadOfficeRequests(ctx, q));

async function loadOfficeRequests(ctx: Ctx, q: RequestsParams): Promise<string> {
  if (q.department !== undefined) return departmentRequests(ctx, q);
  const { db, dialect } = ctx;
  const all = requestsTable(db);
  let counts: RequestCounts;
  let stats: RequestCounts;
  let ids: { id: number }[];
  if (q.search) {
    const search = q.search;
    const order = matchOrder(q.sort);
    const [matches, whole] = await Promise.all([
      searchMatches(db, JSON.stringify([search, q.sort]), order, (only) =>
        findMatches(db, all.where(requestSearch(dialect, search)), order, only),
      ),
      everyRequestCounts(db),
    ]);
    ({ counts, ids } = countsAndPage(matches, { status: q.status, limit: q.pageSize, offset: offsetOf(q) }));
    stats = whole;
  } else {
    counts = stats = await everyRequestCounts(db);
    ids = await pageIds(q, all, counts);
  }
  const rows = await writtenRequests(
    db,
    ids.map((r) => r.id),
    todayOf(ctx),
  );
  return writeList(requestList, { total: counts[q.status], counts, stats }, rows);
}

/**
 * Loans (BRW ids, docs/decisions/borrow-lifecycle.md): search, tabs with counts and the counters. Tabs partition
 * the loans, so All is their sum: active (out since the date needed, overdue ones first with their badge),
 * approved (approved, to be collected on a later date needed), returned (proof sent, awaiting verification) and
 * completed. Overdue is the part of active past its expected return. The tabs count the search's matches; the
 * counters and `stats` count every loan, whatever the search.
 */
export const borrowRecords = (ctx: Ctx, q: RecordsParams): Promise<string> => {
  const day = todayOf(ctx);
  return recordLists(ctx.db, JSON.stringify([day, q]), () => loadBorrowRecords(ctx, q, day));
};

type RecordCounts = BorrowRecordList['counts'];

async function loadBorrowRecords(ctx: Ctx, q: RecordsParams, day: string): Promise<string> {
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
  const [figures, searchedCounts] = await Promise.all([
    // The whole list's figures, kept while no request changes: every page of every tab shows the same ones.
    recordFigures(db, day, async () => {
      const [whole, returnedToday, completedItems] = await Promise.all([
        wholeTally(),
        countOf(requestsTable(db).where('br.returned_at', '>=', startOfDayUtc(day, ctx.config.campusTimeZone))),
        // Units of completed loans, kept by the database (migration 011).
        keptValue(db, 'completed_units'),
      ]);
      return { whole, returnedToday, completedItems };
    }),
    q.search ? searchedTally() : null,
  ]);
  const { returnedToday, completedItems } = figures;
  const stats = figures.whole;
  const counts = searchedCounts ?? stats;

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
  return writeList(
    borrowRecordList,
    {
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
    },
    await writtenRecords(
      db,
      ids.map((r) => r.id),
      day,
    ),
  );
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
    // Not back in stock yet: lent and not checked in by the office (a partial return verified is back).
    .where(sql<boolean>`bri.quantity_approved - bri.quantity_verified > 0`);
  if (q.search) base = base.where(anyContainsCI(ctx.dialect, ['bri.item_name', 'a.full_name', 'br.purpose'], q.search));
  const [totals, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        sql<number>`coalesce(sum(bri.quantity_approved - bri.quantity_verified), 0)`.as('units'),
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
        sql<number>`bri.quantity_approved - bri.quantity_verified`.as('quantity_approved'),
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
      quantityApproved: Number(row.quantity_approved),
      dateNeeded: row.date_needed,
      dateExpectedReturn: row.date_expected_return,
      overdueDays: row.status === 'approved' ? overdueDays(row.date_expected_return, today) : 0,
    })),
    total: Number(totals.n),
    totalQuantity: Number(totals.units),
  };
}
