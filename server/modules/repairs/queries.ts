/**
 * Reads of repair reports: the three lists (the reporter's, the office's, the assigned person's), one report,
 * and the ratings per personnel member. Lists are searched, filtered, counted and paged by the database
 * (docs/decisions/scale.md) over the reports table alone; names come from read-only joins on the page's rows only, so
 * counting and ordering 50,000 reports never touches the accounts.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Weekday } from '../../../core/time';
import { MSG, type OpenRepairs } from '../../../core/messages';
import {
  fromCentavos,
  parseRepairCode,
  PRIORITY_ORDER,
  REPAIR_STATUSES,
  repairCode,
  STATUS_ORDER,
  type Priority,
  type RepairStatus,
} from '../../../core/repairs/rules';
import { requestCode } from '../../../core/borrowing/rules';
import {
  repairList,
  repairReportSchema,
  type AssignablePersonnel,
  type DamageDto,
  type RepairCounts,
  type RepairList,
  type RepairReportDto,
  type RepairsParams,
  type RoomOpenReports,
  type RoomReportList,
  type RoomReportsParams,
} from '../../../core/repairs/schemas';
import { whenText } from '../../../core/repairs/notices';
import { OFFICE_PLACE, OFFICE_REPAIR_ROOM } from '../../../core/repairs/damage';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { containsCI, matchesWords, searchWords, type WordIndex } from '../../db/search';
import { createKeptMatches, readMatches, sortMatches, type MatchOrder, type OrderedMatches } from '../../lib/keptMatches';
import { writeList, writeRow } from '../../lib/writtenList';
import { createListCache } from '../../lib/listCache';
import { pagedList } from '../../lib/lists';
import { offsetOf } from '../../lib/paging';
import { personnelAccounts } from '../accounts/queries';
import { roomIdsIn } from '../locations/queries';
import type { AccountHold } from '../accounts/service';
import { scheduledSlot, SLOT_COLUMNS, SLOT_SQL } from './slot';
import { officeNameColumn, reporterNameOf } from './reporter';

/** Reports with the reporter's and the assignee's names and the room's code and name (read-only joins for display). */
const reportsTable = (db: Db) =>
  db
    .selectFrom('repair_reports as rr')
    .leftJoin('accounts as rep', 'rep.id', 'rr.reporter_id')
    .leftJoin('accounts as asg', 'asg.id', 'rr.assigned_to')
    .leftJoin('rooms as rm', 'rm.id', 'rr.room_id')
    .leftJoin('accounts as bor', 'bor.id', 'rr.damage_borrower_id');
type NamedReports = ReturnType<typeof reportsTable>;
/** The reports alone: what lists filter, count and order. */
const reports = (db: Db) => db.selectFrom('repair_reports as rr');
type ReportFilter = ReturnType<typeof reports>;
type ReportEb = ExpressionBuilder<DB & { rr: DB['repair_reports'] }, 'rr'>;

const reportRows = (q: NamedReports) =>
  q
    .selectAll('rr')
    .select([
      'rep.full_name as reporter_name',
      'asg.full_name as assigned_name',
      'asg.job_type as assigned_job_type',
      'rm.code as room_code',
      'bor.full_name as borrower_name',
      officeNameColumn,
      (eb) =>
        eb
          .selectFrom('repair_followers as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.report_id', '=', 'rr.id')
          .as('followers'),
    ]);
type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>;

const proofUrl = (id: number, which: 'proof' | 'start-proof', path: string | null) => (path ? `/api/repairs/${id}/${which}` : null);

function toRepairDto(r: ReportRow): RepairReportDto {
  return {
    id: r.id,
    code: repairCode(r.id),
    status: r.status as RepairStatus,
    priority: r.priority as Priority,
    building: r.building,
    room: r.room,
    issueDescription: r.issue_description,
    reporterId: r.reporter_id,
    reporterName: reporterNameOf(r),
    day: r.day as Weekday | null,
    timeStart: r.time_start,
    timeEnd: r.time_end,
    scheduled: scheduledSlot(r),
    dateReported: r.created_at,
    assignedTo: r.assigned_to,
    assignedName: r.assigned_to === null ? null : (r.assigned_name ?? MSG.deletedUser),
    assignedJobType: r.assigned_job_type ?? null,
    dateScheduled: r.assigned_at,
    startedAt: r.started_at,
    completedAt: r.completed_at,
    dateCompleted: r.date_completed,
    adminNotes: r.admin_notes,
    personnelNotes: r.personnel_notes,
    workDescription: r.work_description,
    estimatedCost: fromCentavos(r.estimated_cost_cents),
    actualCost: fromCentavos(r.actual_cost_cents),
    proofUrl: proofUrl(r.id, 'proof', r.proof_path ?? r.start_proof_path),
    startProofUrl: proofUrl(r.id, 'start-proof', r.start_proof_path),
    completionProofUrl: proofUrl(r.id, 'proof', r.proof_path),
    issuePhotoUrl: r.issue_photo_path ? `/api/repairs/${r.id}/photo` : null,
    rating: r.rating,
    ratingComment: r.rating_comment,
    ratedAt: r.rated_at,
    roomId: r.room_id,
    roomCode: r.room_id === null ? null : (r.room_code ?? null),
    followers: Number(r.followers ?? 0),
    respondBy: r.respond_by,
    respondSoon: r.respond_soon,
    fixBy: r.fix_by,
    fixSoon: r.fix_soon,
    onHold: r.held_at ? { since: r.held_at, reason: r.hold_reason ?? '' } : null,
    damage: damageOf(r),
  };
}

function damageOf(r: ReportRow): DamageDto | null {
  if (r.damage_item_name === null) return null;
  return {
    requestId: r.damage_request_id,
    requestCode: r.damage_request_id === null ? null : requestCode(r.damage_request_id),
    itemId: r.damage_item_id,
    itemName: r.damage_item_name,
    unitTag: r.damage_tag,
    quantity: r.damage_quantity ?? 1,
    borrowerId: r.damage_borrower_id,
    borrowerName: r.borrower_name ?? MSG.deletedUser,
    photoUrl: r.damage_photo_path ? `/api/repairs/${r.id}/damage-photo` : null,
    suggestedTrade: r.suggested_trade,
    outcome: (r.damage_outcome as DamageDto['outcome']) ?? null,
  };
}

/** The reports' word index over reporter name, building, room and issue (migration 021). */
const REPAIR_WORDS: WordIndex = { ftsTable: 'repair_reports_fts', textColumn: 'rr.search_text', idColumn: 'rr.id' };

/**
 * Search over report id ("RPR-12", "12") and, by the starts of words, reporter name, building, room and issue
 * (docs/product.md: "zamora", "teresa gom"). Text without letters or digits is a substring scan.
 */
function repairSearch(ctx: Ctx, term: string) {
  const id = parseRepairCode(term);
  const isCode = id !== null && /^\s*(rpr|#)/i.test(term);
  const words = searchWords(term);
  return (eb: ReportEb): Expression<SqlBool> => {
    if (isCode) return eb('rr.id', '=', id);
    const text = words.length ? matchesWords(ctx.dialect, REPAIR_WORDS, words) : containsCI(ctx.dialect, 'rr.search_text', term);
    return id === null ? text : eb.or([eb('rr.id', '=', id), text]);
  };
}

/** A rank by a list of values; literals, not parameters, so it matches the expression indexes of 017_repair_lists. */
const rankOf = <T extends string>(column: string, order: readonly T[]) =>
  sql<number>`(case ${sql.ref(column)} ${sql.join(
    order.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(order.length)} end)`;

/**
 * Completed last; pending, scheduled, then in progress; ties high, medium, low; the latest completed first; then
 * oldest first (first come, first served). Within one status tab the status rank is left out, so the tab's index
 * serves the order.
 */
const officeOrder =
  (tab: RepairsParams['status']) =>
  (q: ReportFilter): ReportFilter =>
    (tab === 'all' ? q.orderBy(rankOf('rr.status', STATUS_ORDER)) : q)
      .orderBy(rankOf('rr.priority', PRIORITY_ORDER))
      .orderBy(sql`(case when ${sql.ref('rr.status')} = ${sql.lit('completed')} then ${sql.ref('rr.completed_at')} end)`, 'desc')
      .orderBy('rr.created_at', 'asc')
      .orderBy('rr.id', 'asc');

/**
 * The deadline that runs now (docs/decisions/repair-deadlines.md): the response until the first assignment, then
 * the fix; none once completed or while on hold, sorted last. Written exactly as the index of migration 030.
 */
export const RUNNING_DUE = sql<string>`coalesce(case when status = 'completed' or held_at is not null then null when assigned_to is null then respond_by else fix_by end, '9999')`;
export const RUNNING_SOON = sql<string>`coalesce(case when status = 'completed' or held_at is not null then null when assigned_to is null then respond_soon else fix_soon end, '9999')`;

/** The deadline that runs now first, then the office's order within a tie. */
const dueOrder = (q: ReportFilter): ReportFilter => q.orderBy(RUNNING_DUE).orderBy('rr.id', 'asc');

/** Reports whose running deadline has passed (overdue), or has not but is due soon, at `now`. */
function dueFilter(base: ReportFilter, due: RepairsParams['due'], now: string): ReportFilter {
  if (due === 'overdue') return base.where(RUNNING_DUE, '<=', now);
  if (due === 'soon') return base.where(RUNNING_SOON, '<=', now).where(RUNNING_DUE, '>', now);
  return base;
}

/** The page's reports in the list's order, with their names. */
async function namedPage(db: Db, page: ReportFilter): Promise<ReportRow[]> {
  return namedRows(
    db,
    (await page.select('rr.id').execute()).map((r) => r.id),
  );
}

/** Reports by id, in the order given, with their names. */
async function namedRows(db: Db, ids: number[]): Promise<ReportRow[]> {
  if (!ids.length) return [];
  const rows = new Map((await reportRows(reportsTable(db).where('rr.id', 'in', ids)).execute()).map((r) => [r.id, r]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/**
 * A search's matches in the list's order (newest first, the running deadline, or the office's order). A status
 * tab's order is the same one narrowed to the tab, so every tab count and page of the search is taken from them
 * (server/lib/keptMatches.ts).
 */
const matchOrder = (q: RepairsParams, newest: boolean): MatchOrder =>
  newest
    ? { values: [sql`created_at`, sql`id`], directions: ['desc', 'desc'] }
    : q.sort === 'due'
      ? { values: [RUNNING_DUE, sql`id`], directions: ['asc', 'asc'] }
      : {
          values: [
            rankOf('status', STATUS_ORDER),
            rankOf('priority', PRIORITY_ORDER),
            sql`case when status = 'completed' then completed_at end`,
            sql`created_at`,
            sql`id`,
          ],
          directions: ['asc', 'asc', 'desc', 'asc', 'asc'],
        };

/** The matches of a search (among the reports `only`, when given) with the values of `order`. */
const findMatches = (db: Db, matches: ReportFilter, order: MatchOrder, only: number[] | null) =>
  readMatches(
    db,
    (only ? matches.where('rr.id', 'in', only) : matches).select([
      'rr.id',
      'rr.status',
      'rr.priority',
      'rr.completed_at',
      'rr.created_at',
      'rr.assigned_to',
      'rr.respond_by',
      'rr.fix_by',
      'rr.held_at',
    ]),
    order,
  );

/** A search's tab counts and one page of its ids, from its ordered matches. */
function countsAndPage(matches: OrderedMatches, q: RepairsParams) {
  const counts = Object.fromEntries([['all', 0], ...REPAIR_STATUSES.map((st) => [st, 0])]) as RepairCounts;
  for (const st of matches.statuses) {
    if (st in counts) counts[st as RepairStatus] += 1;
    counts.all += 1;
  }
  const inTab = q.status === 'all' ? matches.ids : matches.ids.filter((_, i) => matches.statuses[i] === q.status);
  return { counts, ids: inTab.slice(offsetOf(q), offsetOf(q) + q.pageSize) };
}

/**
 * The office's search matches, kept across changes (server/lib/keptMatches.ts): a broad search (a building,
 * thousands of reports) is found and ordered once, then each of its pages costs its rows only, and a change the
 * reports it changed.
 */
const keptMatches = createKeptMatches('repair_reports');

const newestFirst = (q: ReportFilter) => q.orderBy('rr.created_at', 'desc').orderBy('rr.id', 'desc');

/** Reports per status tab ('all' their sum) from rows of statuses and their numbers. */
function countsOf(rows: readonly { status: string; n: number | string }[]): RepairCounts {
  const counts = Object.fromEntries([['all', 0], ...REPAIR_STATUSES.map((s) => [s, 0])]) as RepairCounts;
  for (const { status, n } of rows) {
    if (status in counts) counts[status as RepairStatus] += Number(n);
    counts.all += Number(n);
  }
  return counts;
}

/** Open high-priority reports among `base`. */
const highPriority = async (base: ReportFilter) =>
  Number(
    (
      await base
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('rr.priority', '=', 'high')
        .where(
          'rr.status',
          'in',
          REPAIR_STATUSES.filter((s) => s !== 'completed'),
        )
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * The figures over every report that each page and search of the office's list shows alike (its tab counts from
 * the kept counts of migration 017, and the open high-priority ones), kept while no report changes: a page not
 * read before then costs its own rows only.
 */
const everyReport = createListCache<{ tabs: { status: string; n: number }[]; high: number }>('repair_reports', 1);
const everyReportFigures = (ctx: Ctx, base: ReportFilter) =>
  everyReport(ctx.db, 'office', async () => {
    const [tabs, high] = await Promise.all([
      ctx.db.selectFrom('repair_status_counts').select(['status', 'n']).execute(),
      highPriority(base),
    ]);
    return { tabs: tabs.map((t) => ({ status: t.status, n: Number(t.n) })), high };
  });

/** A building of the list (its rooms' reports), or the office's counter, where damage found at a return is mended. */
const byBuilding = (db: Db, base: ReportFilter, building: number | typeof OFFICE_PLACE) =>
  building === OFFICE_PLACE
    ? base.where('rr.room_id', 'is', null).where('rr.room', '=', OFFICE_REPAIR_ROOM).where('rr.damage_item_name', 'is not', null)
    : base.where('rr.room_id', 'in', roomIdsIn(db, building));

/**
 * `whole`: the base is every report, so an unsearched list reads the kept counts (migration 017). The tabs count
 * the search's matches; `stats` and the high-priority figure count the whole list, whatever the search.
 */
async function listOf(
  ctx: Ctx,
  base: ReportFilter,
  q: RepairsParams,
  order: (f: ReportFilter) => ReportFilter,
  at: string,
  whole = false,
): Promise<string> {
  const newest = order === newestFirst;
  // A building or room narrows the list and its tab counts; the stats and High Priority stay the whole list's.
  const inPlace = q.room ? base.where('rr.room_id', '=', q.room) : q.building ? byBuilding(ctx.db, base, q.building) : base;
  const placed = dueFilter(inPlace, q.due, at);
  const narrowed = placed !== base;
  const search = q.search;
  // Only the whole office list's matches are kept: the others are narrowed to a person, a place or the clock.
  const byOrder = matchOrder(q, newest);
  const figures = whole ? everyReportFigures(ctx, base) : null;
  const matchesOf = async (filter: ReportFilter) =>
    whole && !narrowed
      ? keptMatches(ctx.db, JSON.stringify([search, q.sort, newest]), byOrder, (only) => findMatches(ctx.db, filter, byOrder, only))
      : sortMatches(await findMatches(ctx.db, filter, byOrder, null), byOrder);
  const page = search
    ? matchesOf(placed.where(repairSearch(ctx, search))).then(async (matches) => {
        const { counts, ids } = countsAndPage(matches, q);
        return { rows: await writtenRepairs(ctx.db, ids), total: counts[q.status], counts };
      })
    : pagedList(placed, {
        tabColumn: 'rr.status',
        tabs: REPAIR_STATUSES,
        tab: q.status,
        page: q,
        order,
        rows: async (b) =>
          writtenRepairs(
            ctx.db,
            (await b.select('rr.id').execute()).map((r) => r.id),
          ),
        keptCounts: figures && !narrowed ? async () => (await figures).tabs.map(({ status, n }) => ({ tab: status, n })) : undefined,
      });
  const [{ rows, total, counts }, stats, high] = await Promise.all([
    page,
    q.search || narrowed
      ? figures
        ? figures.then((f) => countsOf(f.tabs))
        : base
            .select(['rr.status as status', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy('rr.status')
            .execute()
            .then(countsOf)
      : null,
    figures ? figures.then((f) => f.high) : highPriority(base),
  ]);
  return writeList(repairList, { total, counts, stats: stats ?? counts, highPriority: high }, rows);
}

/** The page's reports as JSON, in the order of `ids`. */
async function writtenRepairs(db: Db, ids: readonly number[]): Promise<string[]> {
  return (await namedRows(db, [...ids])).map((row) => writeRow(repairReportSchema, toRepairDto(row)));
}

/**
 * The lists' answers, kept per process while no report or name they show changes (server/lib/listCache.ts). A
 * list narrowed to a building is not kept: a room moved to another building changes it without touching a report.
 * One narrowed to what is due changes with the clock too: it is counted at the start of the minute and kept for
 * that minute (the cards' badges are worked out from the deadlines themselves, to the second).
 */
const keptLists = createListCache<string>(['repair_reports', 'accounts']);
const MINUTE = 60_000;
const repairLists = (db: Db, q: RepairsParams, key: string, load: (at: string) => Promise<string>) => {
  const at = new Date(Math.floor(Date.now() / MINUTE) * MINUTE).toISOString();
  if (q.building) return load(at);
  return q.due ? keptLists(db, `${key}\n${at}`, () => load(at)) : keptLists(db, key, () => load(at));
};

/** The office's list (docs/product.md): every report. */
export const officeRepairs = (ctx: Ctx, q: RepairsParams) =>
  repairLists(ctx.db, q, JSON.stringify(['office', q]), (at) =>
    listOf(ctx, reports(ctx.db), q, q.sort === 'due' ? dueOrder : officeOrder(q.status), at, true),
  );

/** The assigned person's list (docs/product.md): only reports assigned to this account, decided by the server. */
export const assignedRepairs = (ctx: Ctx, accountId: number, q: RepairsParams) =>
  repairLists(ctx.db, q, JSON.stringify(['assigned', accountId, q]), (at) =>
    listOf(ctx, reports(ctx.db).where('rr.assigned_to', '=', accountId), q, q.sort === 'due' ? dueOrder : officeOrder(q.status), at),
  );

/** The ids of the reports an account follows, as a subquery (docs/decisions/rooms-and-followers.md). */
const followedBy = (db: Db, accountId: number) => db.selectFrom('repair_followers').select('report_id').where('account_id', '=', accountId);

/**
 * The reporter's My Reports, newest first: the reports they filed and those they follow (each marked followed by
 * its reporter not being them; docs/decisions/rooms-and-followers.md).
 */
export const myRepairs = (ctx: Ctx, accountId: number, q: RepairsParams) =>
  repairLists(ctx.db, q, JSON.stringify(['reported', accountId, q]), (at) =>
    listOf(
      ctx,
      reports(ctx.db).where((eb) => eb.or([eb('rr.reporter_id', '=', accountId), eb('rr.id', 'in', followedBy(ctx.db, accountId))])),
      q,
      newestFirst,
      at,
    ),
  );

const OPEN_STATUSES = REPAIR_STATUSES.filter((s) => s !== 'completed');

/** A room's reports for the office (docs/decisions/rooms-and-followers.md): open or past, newest first, both counted. */
export async function roomReports(ctx: Ctx, roomId: number, q: RoomReportsParams): Promise<RoomReportList> {
  const base = reports(ctx.db).where('rr.room_id', '=', roomId);
  const shown = q.show === 'open' ? base.where('rr.status', 'in', OPEN_STATUSES) : base.where('rr.status', '=', 'completed');
  const [counts, page] = await Promise.all([
    base
      .select([
        sql<number>`coalesce(sum(case when rr.status = 'completed' then 0 else 1 end), 0)`.as('open'),
        sql<number>`coalesce(sum(case when rr.status = 'completed' then 1 else 0 end), 0)`.as('past'),
      ])
      .executeTakeFirstOrThrow(),
    namedPage(ctx.db, newestFirst(shown).limit(q.pageSize).offset(offsetOf(q))),
  ]);
  const c = { open: Number(counts.open), past: Number(counts.past) };
  return { items: page.map(toRepairDto), total: c[q.show], counts: c };
}

/**
 * A room's open reports as a faculty member sees them before filing (docs/decisions/rooms-and-followers.md): the
 * issue, status, date and followers, never the reporter; whether the reader follows each or filed it.
 */
export async function roomOpenReports(db: Db, roomId: number, readerId: number): Promise<RoomOpenReports> {
  const open = db.selectFrom('repair_reports as rr').where('rr.room_id', '=', roomId).where('rr.status', 'in', OPEN_STATUSES);
  const [total, rows] = await Promise.all([
    open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    open
      .select((eb) => [
        'rr.id',
        'rr.status',
        'rr.issue_description',
        'rr.created_at',
        'rr.reporter_id',
        eb
          .selectFrom('repair_followers as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.report_id', '=', 'rr.id')
          .as('followers'),
        eb
          .selectFrom('repair_followers as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.report_id', '=', 'rr.id')
          .where('f.account_id', '=', readerId)
          .as('mine_follow'),
      ])
      .orderBy('rr.created_at', 'desc')
      .orderBy('rr.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    total: Number(total.n),
    items: rows.map((r) => ({
      id: r.id,
      code: repairCode(r.id),
      status: r.status as RepairStatus,
      issueDescription: r.issue_description,
      dateReported: r.created_at,
      followers: Number(r.followers ?? 0),
      following: Number(r.mine_follow ?? 0) > 0,
      mine: r.reporter_id === readerId,
    })),
  };
}

/** The accounts that follow a report, but its reporter: told of its updates (server/modules/repairs/service.ts). */
export async function followersOf(db: Db, reportId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('repair_followers')
    .select('account_id')
    .where('report_id', '=', reportId)
    .orderBy('account_id')
    .execute();
  return rows.map((r) => r.account_id);
}

export async function followerCount(db: Db, reportId: number): Promise<number> {
  const row = await db
    .selectFrom('repair_followers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('report_id', '=', reportId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One event of a room's history from its reports (docs/decisions/rooms-and-followers.md). Events at the same
 * instant go by their step (completed before started, scheduled, reported), then the report's id, highest first.
 */
export interface RoomReportEvent {
  rank: number;
  kind: 'reported' | 'scheduled' | 'started' | 'completed';
  at: string;
  reportId: number;
  summary: string;
  who: string | null;
  when: string;
}

/**
 * The newest `limit` events of a room's reports: each report filed, scheduled (assigned, with its day and times:
 * its place on the weekly schedule), started and completed; with how many there are in all.
 */
export async function roomReportEvents(db: Db, roomId: number, limit: number): Promise<{ items: RoomReportEvent[]; total: number }> {
  const mine = reportsTable(db).where('rr.room_id', '=', roomId);
  const cols = ['rr.id', 'rr.issue_description', ...SLOT_COLUMNS] as const;
  const filed = mine.select([
    ...cols,
    sql<string>`'reported'`.as('kind'),
    sql<number>`0`.as('rank'),
    sql<string>`rr.created_at`.as('at'),
    'rep.full_name as who',
  ]);
  const scheduled = mine
    .where('rr.assigned_at', 'is not', null)
    .select([
      ...cols,
      sql<string>`'scheduled'`.as('kind'),
      sql<number>`1`.as('rank'),
      sql<string>`rr.assigned_at`.as('at'),
      'asg.full_name as who',
    ]);
  const started = mine
    .where('rr.started_at', 'is not', null)
    .select([
      ...cols,
      sql<string>`'started'`.as('kind'),
      sql<number>`2`.as('rank'),
      sql<string>`rr.started_at`.as('at'),
      'asg.full_name as who',
    ]);
  const completed = mine
    .where('rr.completed_at', 'is not', null)
    .select([
      ...cols,
      sql<string>`'completed'`.as('kind'),
      sql<number>`3`.as('rank'),
      sql<string>`rr.completed_at`.as('at'),
      'asg.full_name as who',
    ]);
  const all = filed.unionAll(scheduled).unionAll(started).unionAll(completed);
  const [rows, counted] = await Promise.all([
    db.selectFrom(all.as('e')).selectAll().orderBy('e.at', 'desc').orderBy('e.rank', 'desc').orderBy('e.id', 'desc').limit(limit).execute(),
    db
      .selectFrom('repair_reports')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.count<number>('assigned_at').as('a'),
        (eb) => eb.fn.count<number>('started_at').as('s'),
        (eb) => eb.fn.count<number>('completed_at').as('c'),
      ])
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(counted.n) + Number(counted.a) + Number(counted.s) + Number(counted.c),
    items: rows.map((r) => ({
      kind: r.kind as RoomReportEvent['kind'],
      rank: Number(r.rank),
      at: r.at!,
      reportId: r.id,
      summary: r.issue_description,
      who: r.who ?? null,
      when: r.kind === 'scheduled' ? whenText(r.day, r.time_start, r.time_end) : '',
    })),
  };
}

export async function findRepair(db: Db, id: number): Promise<RepairReportDto | null> {
  const row = await reportRows(reportsTable(db).where('rr.id', '=', id)).executeTakeFirst();
  return row ? toRepairDto(row) : null;
}

/** Who may see a report and its photos: its reporter, the person assigned to it, and administrators. */
export const repairAccess = (db: Db, id: number) =>
  db
    .selectFrom('repair_reports')
    .select(['reporter_id', 'assigned_to', 'proof_path', 'start_proof_path', 'damage_photo_path', 'work_description'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The personnel accounts an administrator can assign, with the ratings their completed work received. */
export async function assignable(db: Db): Promise<AssignablePersonnel> {
  const [people, ratings] = await Promise.all([
    personnelAccounts(db),
    db
      .selectFrom('repair_reports')
      .select((eb) => ['assigned_to', eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('rating').as('avg')])
      .where('rating', 'is not', null)
      .where('assigned_to', 'is not', null)
      .groupBy('assigned_to')
      .execute(),
  ]);
  const byPerson = new Map(ratings.map((r) => [r.assigned_to, r]));
  return {
    items: people.map((p) => {
      const r = byPerson.get(p.id);
      return {
        id: p.id,
        fullName: p.full_name,
        jobType: p.job_type,
        ratings: r ? Number(r.n) : 0,
        averageRating: r ? Math.round(Number(r.avg) * 10) / 10 : null,
      };
    }),
  };
}

/** The scheduled and in-progress repairs an account reported or is assigned to: deleting it waits for them. */
async function openRepairsOf(db: Db, accountId: number): Promise<OpenRepairs> {
  const rows = await db
    .selectFrom('repair_reports')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['scheduled', 'in-progress'])
    .where((eb) => eb.or([eb('reporter_id', '=', accountId), eb('assigned_to', '=', accountId)]))
    .groupBy('status')
    .execute();
  const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { scheduled: n('scheduled'), inProgress: n('in-progress') };
}

/** An account is not removed while repairs it reported or was assigned are scheduled or in progress (accounts/service.ts). */
export const repairsHold: AccountHold = {
  async holding(trx, accountId) {
    const open = await openRepairsOf(trx, accountId);
    return open.scheduled + open.inProgress > 0 ? { repairs: open } : null;
  },
};

/**
 * The repair reports about a room, asked before the room is deleted (ctx.roomHolds, docs/decisions/locations.md):
 * a room that reports name stays, so no report loses its place.
 */
export const repairsRoomHold = {
  async rowsNaming(trx: Db, roomId: number): Promise<number> {
    const row = await trx
      .selectFrom('repair_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

/** Landing page (docs/decisions/real-figures.md): repairs completed. */
export async function repairsCompleted(db: Db): Promise<number> {
  const row = await db
    .selectFrom('repair_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Repair work for the weekly schedule (docs/decisions/weekly-schedule.md): reports with a slot that are scheduled, in progress or
 * completed, placed in the week in which they were assigned (`from` to `to`, UTC instants). With `carryOver`
 * (the current week), scheduled and in-progress work assigned in an earlier week shows too: it is still to do.
 */
export function repairWorkForWeek(db: Db, range: { from: string; to: string; carryOver: boolean }) {
  return reportsTable(db)
    .select([
      'rr.id',
      ...SLOT_COLUMNS,
      'rr.building',
      'rr.room',
      'rr.issue_description',
      'rr.priority',
      'rr.status',
      'rr.assigned_to',
      'asg.full_name as assigned_name',
      'asg.job_type as assigned_job_type',
      'rr.room_id',
      'rm.code as room_code',
      'rm.name as room_name',
      'rr.fix_by',
    ])
    .where(SLOT_SQL.day, 'is not', null)
    .where('rr.status', 'in', ['scheduled', 'in-progress', 'completed'])
    .where((eb) => {
      const at = eb.fn.coalesce('rr.assigned_at', 'rr.created_at');
      const inWeek = eb.and([eb(at, '>=', range.from), eb(at, '<', range.to)]);
      return range.carryOver
        ? eb.or([inWeek, eb.and([eb(at, '<', range.from), eb('rr.status', 'in', ['scheduled', 'in-progress'])])])
        : inWeek;
    })
    .orderBy('rr.id')
    .execute();
}

/** Reports per status, from the counts the database keeps (migration 017): the office report's figures. */
export async function repairStatusCounts(db: Db): Promise<RepairList['counts']> {
  const counts = Object.fromEntries([...REPAIR_STATUSES, 'all'].map((s) => [s, 0])) as RepairList['counts'];
  for (const r of await db.selectFrom('repair_status_counts').select(['status', 'n']).execute()) {
    if (r.status in counts) counts[r.status as RepairStatus] += Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

export { ratingFigures, repairFigures } from './reportFigures';
export { openRepairOfUnit } from './unitRepair';
export {
  fixHoursByPriority,
  jobsPerWeekOf,
  ratingsByTrade,
  repairsClosedPerWeek,
  repairsOpenedPerWeek,
  reportsPerWeekOf,
} from './chartFigures';
