/**
 * How a repair list is answered, whichever list it is: searched, filtered, counted and paged by the database
 * (docs/decisions/scale.md) over the reports table alone; names come from read-only joins on the page's rows only,
 * so counting and ordering 50,000 reports never touches the accounts. Answers are kept while nothing they show
 * changes.
 */
import { OFFICE_PLACE, OFFICE_REPAIR_ROOM } from '../../../core/repairs/damage';
import { REPAIR_STATUSES, type RepairStatus } from '../../../core/repairs/rules';
import { repairList, repairReportSchema, type RepairCounts, type RepairsParams } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { sortMatches } from '../../lib/keptMatches';
import { writeList, writeRow } from '../../lib/writtenList';
import { createListCache } from '../../lib/listCache';
import { pagedList } from '../../lib/lists';
import { roomIdsIn } from '../locations';
import { dueFilter, newestFirst } from './listOrder';
import { countsAndPage, findMatches, keptMatches, matchOrder, repairSearch } from './listSearch';
import { namedRows, toRepairDto, type ReportFilter } from './reportRows';

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
export async function listOf(
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
export const repairLists = (db: Db, q: RepairsParams, key: string, load: (at: string) => Promise<string>) => {
  const at = new Date(Math.floor(Date.now() / MINUTE) * MINUTE).toISOString();
  if (q.building) return load(at);
  return q.due ? keptLists(db, `${key}\n${at}`, () => load(at)) : keptLists(db, key, () => load(at));
};
