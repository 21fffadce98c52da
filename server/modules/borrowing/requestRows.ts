/**
 * The building blocks of reading borrow requests: search, the rows of a page read from indexes first, their lines,
 * the DTOs, the counts per status and the units an item has on loan.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  ALL_TAB_ORDER,
  OPEN_LOAN_STATUSES,
  overdueDays,
  parseRequestCode,
  recordCode,
  recordStatus,
  requestCode,
  type RecordStatus,
  type RequestStatus,
} from '../../../core/borrowing/rules';
import type { BorrowRecordDto, BorrowRequestDto, RequestCounts, RequestLineDto, ReturnBatchDto } from '../../../core/borrowing/schemas';
import { availabilityOf } from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import { daysBetween } from '../../../core/time';
import type { Db, Dialect } from '../../db/database';
import { readMatches, type MatchOrder, type OrderedMatches } from '../../lib/keptMatches';
import type { DB } from '../../db/schema';
import { containsCI, matchesWords, searchWords, type WordIndex } from '../../db/search';
import { stockByIds, type ItemStock } from '../inventory';
import { batchesOf } from './returns';

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
 * A search's matches in the list's order: the All-tab order (status, then the queue oldest first, loans out
 * soonest due, the rest newest first), or newest/oldest first. A status tab's order is the same one narrowed to
 * that status, so a tab's page is its matches taken in this order (server/lib/keptMatches.ts).
 */
export const matchOrder = (sort: 'status' | 'newest' | 'oldest'): MatchOrder =>
  sort === 'status'
    ? {
        values: [
          statusRankOf('status'),
          sql`case when status = 'pending' then created_at end`,
          sql`case when status = 'approved' then date_expected_return end`,
          sql`created_at`,
          sql`id`,
        ],
        directions: ['asc', 'asc', 'asc', 'desc', 'desc'],
      }
    : { values: [sql`created_at`, sql`id`], directions: sort === 'oldest' ? ['asc', 'asc'] : ['desc', 'desc'] };

/** The matches of a search (among the rows `only`, when given) with the values of `order`. */
export const findMatches = (db: Db, matches: RequestFilter, order: MatchOrder, only: number[] | null) =>
  readMatches(
    db,
    (only ? matches.where('br.id', 'in', only) : matches).select(['br.id', 'br.status', 'br.created_at', 'br.date_expected_return']),
    order,
  );

/** A search's tab counts and one page of its ids, from its ordered matches. */
export function countsAndPage(
  matches: OrderedMatches,
  page: { status: RequestStatus | 'all'; limit: number; offset: number },
): { counts: RequestCounts; ids: { id: number }[] } {
  const byStatus = new Map<string, number>();
  for (const st of matches.statuses) byStatus.set(st, (byStatus.get(st) ?? 0) + 1);
  const counts = toCounts([...byStatus].map(([status, n]) => ({ status, n })));
  const inTab = page.status === 'all' ? matches.ids : matches.ids.filter((_, i) => matches.statuses[i] === page.status);
  return { counts, ids: inTab.slice(page.offset, page.offset + page.limit).map((id) => ({ id })) };
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
      'br.book_ahead',
      'br.handed_out_at',
      'br.series_id',
      'br.department_id',
      'br.time_from',
      'br.time_to',
      'a.full_name as requester_name',
      // Problems reported during the loan and not yet taken up by a verification (docs/decisions/loan-problems.md).
      (eb) =>
        eb
          .selectFrom('loan_problems as lp')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('lp.request_id', '=', 'br.id')
          .where('lp.resolved_at', 'is', null)
          .as('open_problems'),
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

/** What a request's line shows of its item's stock now (null: the item is gone). */
export const lineStock = (item: ItemStock | undefined): Pick<RequestLineDto, 'onHand' | 'tracked'> => ({
  onHand: item ? availabilityOf(item).availableQuantity : null,
  tracked: item?.tracking === 'tracked',
});

export async function linesOf(db: Db, requestIds: number[]) {
  const byRequest = new Map<number, RequestLineDto[]>();
  if (!requestIds.length) return byRequest;
  const rows = await db.selectFrom('borrow_request_items').selectAll().where('request_id', 'in', requestIds).orderBy('id').execute();
  // Stock on hand comes from the inventory module, so the approve dialog can say what can be lent now.
  const stock = await stockByIds(db, [...new Set(rows.flatMap((r) => (r.item_id === null ? [] : [r.item_id])))]);
  const unitsByLine = new Map<number, string[]>();
  const outByLine = new Map<number, string[]>();
  for (let i = 0; i < rows.length; i += 500) {
    const lent = await db
      .selectFrom('borrow_line_units')
      .select(['line_id', 'tag', 'batch_id', 'returned_at'])
      .where(
        'line_id',
        'in',
        rows.slice(i, i + 500).map((r) => r.id),
      )
      .orderBy('tag')
      .execute();
    for (const u of lent) {
      unitsByLine.set(u.line_id, [...(unitsByLine.get(u.line_id) ?? []), u.tag]);
      if (u.batch_id === null && u.returned_at === null) outByLine.set(u.line_id, [...(outByLine.get(u.line_id) ?? []), u.tag]);
    }
  }
  for (const r of rows) {
    const list = byRequest.get(r.request_id) ?? [];
    list.push({
      id: r.id,
      itemId: r.item_id,
      name: r.item_name,
      category: r.category,
      quantityRequested: r.quantity_requested,
      quantityApproved: r.quantity_approved,
      quantityReserved: r.quantity_reserved,
      supply: r.supply === 1,
      ...lineStock(r.item_id === null ? undefined : stock.get(r.item_id)),
      units: unitsByLine.get(r.id) ?? [],
      quantityBack: r.quantity_back,
      quantityVerified: r.quantity_verified,
      unitsOut: outByLine.get(r.id) ?? [],
    });
    byRequest.set(r.request_id, list);
  }
  return byRequest;
}

const proofUrlOf = (row: RequestRow) => (row.proof_path ? `/api/borrow-requests/${row.id}/proof` : null);

const backOf = (lines: RequestLineDto[]) => lines.reduce((n, l) => n + l.quantityBack, 0);
const outOf = (lines: RequestLineDto[]) => lines.reduce((n, l) => n + Math.max(0, l.quantityApproved - l.quantityBack), 0);

export function toRequestDto(row: RequestRow, lines: RequestLineDto[], today: string, returns: ReturnBatchDto[] = []): BorrowRequestDto {
  const supplies = lines.filter((l) => l.supply);
  const lentLines = lines.filter((l) => !l.supply);
  const suppliesOnly = supplies.length > 0 && lentLines.length === 0;
  const out = row.status === 'approved' && !suppliesOnly;
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
    timeFrom: row.time_from,
    timeTo: row.time_to,
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
    openProblems: Number(row.open_problems ?? 0),
    totalIssued: supplies.reduce((n, l) => n + l.quantityApproved, 0),
    hasSupplies: supplies.length > 0,
    suppliesOnly,
    itemsBack: backOf(lentLines),
    itemsOut: row.status === 'approved' ? outOf(lentLines) : 0,
    returns,
    bookAhead: Number(row.book_ahead) === 1,
    handedOutAt: row.handed_out_at,
    seriesId: row.series_id,
    departmentId: row.department_id,
  };
}

export function toRecordDto(row: RequestRow, lines: RequestLineDto[], today: string, returns: ReturnBatchDto[] = []): BorrowRecordDto {
  const out = row.status === 'approved';
  const lent = lines.filter((l) => l.quantityApproved > 0 && !l.supply);
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
    openProblems: Number(row.open_problems ?? 0),
    items: lent.map((l) => ({
      itemId: l.itemId,
      name: l.name,
      category: l.category,
      quantity: l.quantityApproved,
      units: l.units,
      back: l.quantityBack,
      unitsOut: l.unitsOut,
    })),
    itemsBack: backOf(lent),
    itemsOut: row.status === 'approved' ? outOf(lent) : 0,
    returnsAwaiting: returns.filter((b) => b.status === 'awaiting').length,
  };
}

/** Rows to DTOs, with their lines loaded in one query. */
export async function withLines<T>(
  db: Db,
  rows: RequestRow[],
  today: string,
  map: (row: RequestRow, lines: RequestLineDto[], today: string, returns: ReturnBatchDto[]) => T,
): Promise<T[]> {
  const ids = rows.map((r) => r.id);
  const [lines, batches] = await Promise.all([linesOf(db, ids), batchesOf(db, ids)]);
  return rows.map((r) => map(r, lines.get(r.id) ?? [], today, batches.get(r.id) ?? []));
}

export async function findRequest(db: Db, id: number, today: string): Promise<BorrowRequestDto | null> {
  const row = await requestRows(db).where('br.id', '=', id).executeTakeFirst();
  return row ? (await withLines(db, [row], today, toRequestDto))[0] : null;
}

const emptyCounts = (): RequestCounts => ({ all: 0, pending: 0, approved: 0, returned: 0, completed: 0, rejected: 0, cancelled: 0 });

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
 * Units of an item out on loan (approved, or returned and awaiting verification): they are not back in
 * stock yet, so the item cannot be deleted.
 */
export async function itemUnitsOnLoan(db: Db, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .select(sql<number>`coalesce(sum(bri.quantity_approved - bri.quantity_verified), 0)`.as('n'))
    .where('bri.item_id', '=', itemId)
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
