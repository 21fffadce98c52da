/**
 * The week of the schedule (docs/decisions/weekly-schedule.md): manual entries and the repair work of the week together, grouped by
 * weekday, Monday first, in the campus time zone. Repair work is read through the repairs module's query.
 */
import { PRIORITIES, repairCode, type Priority } from '../../../core/repairs/rules';
import {
  countByStatus,
  SCHEDULE_DAY_SHOWN,
  slotsOverlap,
  SCHEDULE_STATUSES,
  weekStartOf,
  type ScheduleStatus,
} from '../../../core/schedule/rules';
import type { ScheduleDayItems, ScheduleDayQuery, ScheduleItem, ScheduleWeek } from '../../../core/schedule/schemas';
import { addDays, startOfDayUtc, todayIn, weekdayOf, WEEKDAYS, type Weekday } from '../../../core/time';
import type { Account } from '../../db/schema';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { createListCache } from '../../lib/listCache';
import { offsetOf } from '../../lib/paging';
import { personnelAccounts } from '../accounts';
import { repairWorkForWeek } from '../repairs';

const entriesTable = (db: Db) => db.selectFrom('schedule_entries as se').leftJoin('accounts as p', 'p.id', 'se.personnel_id');

const entryRows = (db: Db) => entriesTable(db).selectAll('se').select('p.full_name as personnel_name');
type EntryRow = Awaited<ReturnType<ReturnType<typeof entryRows>['executeTakeFirstOrThrow']>>;

const asPriority = (p: string): Priority => ((PRIORITIES as readonly string[]).includes(p) ? (p as Priority) : 'medium');
const asStatus = (s: string): ScheduleStatus =>
  (SCHEDULE_STATUSES as readonly string[]).includes(s) ? (s as ScheduleStatus) : 'scheduled';

function toEntryItem(r: EntryRow, viewerId: number | null): ScheduleItem {
  return {
    key: `entry-${r.id}`,
    kind: 'entry',
    id: r.id,
    code: null,
    date: r.date,
    day: weekdayOf(r.date),
    startTime: r.start_time,
    endTime: r.end_time,
    workType: r.work_type,
    issueDescription: r.issue_description,
    priority: asPriority(r.priority),
    personnelId: r.personnel_id,
    personnelName: r.personnel_id === null ? null : (r.personnel_name ?? null),
    location: r.location,
    building: r.building,
    room: null,
    status: asStatus(r.status),
    mine: viewerId !== null && r.personnel_id === viewerId,
    fixBy: null,
  };
}

export async function findEntry(db: Db, id: number, viewerId: number | null): Promise<ScheduleItem | null> {
  const row = await entryRows(db).where('se.id', '=', id).executeTakeFirst();
  return row ? toEntryItem(row, viewerId) : null;
}

const byStart = (a: ScheduleItem, b: ScheduleItem) =>
  (a.startTime ?? '99:99').localeCompare(b.startTime ?? '99:99') || a.kind.localeCompare(b.kind) || a.id - b.id;

/** What the week shows: its entries, repair work and the names of the people on them (server/lib/listCache.ts). */
const WEEK_LISTS = ['schedule_entries', 'repair_reports', 'accounts'] as const;
const weekItems = createListCache<ScheduleItem[]>(WEEK_LISTS, 100);
/** The weeks as answered, per viewer: a week with hundreds of items is summarized once per change. */
const weeks = createListCache<ScheduleWeek>(WEEK_LISTS, 100);

/** The week's items, every one of them, by day and start time, as a viewer sees them (their own flagged). */
function loadWeekItems(ctx: Ctx, start: string, isCurrentWeek: boolean, viewerId: number | null): Promise<ScheduleItem[]> {
  const dates = WEEKDAYS.map((_, i) => addDays(start, i));
  return weekItems(ctx.db, JSON.stringify([start, isCurrentWeek, viewerId]), async () => {
    const [entries, repairs] = await Promise.all([
      entryRows(ctx.db).where('se.date', '>=', start).where('se.date', '<=', dates[6]).execute(),
      repairWorkForWeek(ctx.db, {
        from: startOfDayUtc(start, ctx.config.campusTimeZone),
        to: startOfDayUtc(addDays(start, 7), ctx.config.campusTimeZone),
        carryOver: isCurrentWeek,
      }),
    ]);
    const items: ScheduleItem[] = [
      ...entries.map((r) => toEntryItem(r, viewerId)),
      ...repairs.flatMap((r): ScheduleItem[] => {
        const i = WEEKDAYS.indexOf(r.day as Weekday);
        if (i < 0) return [];
        return [
          {
            key: `repair-${r.id}`,
            kind: 'repair',
            id: r.id,
            code: repairCode(r.id),
            date: dates[i],
            day: WEEKDAYS[i],
            startTime: r.time_start,
            endTime: r.time_end,
            workType: `Repair ${repairCode(r.id)}`,
            issueDescription: r.issue_description,
            priority: asPriority(r.priority),
            personnelId: r.assigned_to,
            personnelName: r.assigned_to === null ? null : (r.assigned_name ?? null),
            location: r.room,
            building: r.building,
            room: r.room_id !== null && r.room_code !== null ? { id: r.room_id, code: r.room_code, name: r.room_name ?? r.room } : null,
            status: asStatus(r.status),
            mine: viewerId !== null && r.assigned_to === viewerId,
            fixBy: r.fix_by,
          },
        ];
      }),
    ];
    return items.sort((a, b) => a.date.localeCompare(b.date) || byStart(a, b));
  });
}

/** The week a date is in, and whether it is this week in the campus time zone. */
function weekAround(ctx: Ctx, date?: string) {
  const today = todayIn(ctx.config.campusTimeZone);
  const start = weekStartOf(date ?? today);
  return { today, start, isCurrentWeek: start === weekStartOf(today) };
}

const viewerOf = (viewer: Account) => (viewer.role === 'personnel' ? viewer.id : null);

/**
 * The week holding `week` (this week when left out), as the viewer sees it: their own tasks flagged, the summary
 * counted over every item, and each day's first SCHEDULE_DAY_SHOWN items by start time, the viewer's own first
 * chosen, with the day's count.
 */
export function weekSchedule(ctx: Ctx, viewer: Account, week?: string): Promise<ScheduleWeek> {
  const { today, start, isCurrentWeek } = weekAround(ctx, week);
  const viewerId = viewerOf(viewer);
  return weeks(ctx.db, JSON.stringify([today, start, viewerId]), async () =>
    summarize(await loadWeekItems(ctx, start, isCurrentWeek, viewerId), { today, start, isCurrentWeek, viewerId }),
  );
}

function summarize(
  items: ScheduleItem[],
  { today, start, isCurrentWeek, viewerId }: { today: string; start: string; isCurrentWeek: boolean; viewerId: number | null },
): ScheduleWeek {
  const days = WEEKDAYS.map((day, i) => {
    const date = addDays(start, i);
    const all = items.filter((it) => it.date === date);
    const shown = [...all.filter((it) => it.mine), ...all.filter((it) => !it.mine)].slice(0, SCHEDULE_DAY_SHOWN).sort(byStart);
    return { day, date, isToday: date === today, items: shown, count: all.length };
  });
  const mine = items.filter((it) => it.mine);
  return {
    weekStart: start,
    weekEnd: addDays(start, 6),
    today,
    isCurrentWeek,
    previousWeek: addDays(start, -7),
    nextWeek: addDays(start, 7),
    days,
    total: items.length,
    summary: {
      totalTasks: items.length,
      activePersonnel: new Set(items.flatMap((it) => (it.personnelId === null ? [] : [it.personnelId]))).size,
      locations: new Set(items.map((it) => `${it.building.trim().toLowerCase()}\u0000${it.location.trim().toLowerCase()}`)).size,
      byStatus: countByStatus(items),
    },
    mine: viewerId === null ? null : { tasks: mine.length, byStatus: countByStatus(mine) },
  };
}

/** One day's items by start time, a page of them: the day card's Show all. */
export async function daySchedule(ctx: Ctx, viewer: Account, q: ScheduleDayQuery): Promise<ScheduleDayItems> {
  const { start, isCurrentWeek } = weekAround(ctx, q.date);
  const all = (await loadWeekItems(ctx, start, isCurrentWeek, viewerOf(viewer))).filter((it) => it.date === q.date);
  return { day: weekdayOf(q.date), date: q.date, items: all.slice(offsetOf(q), offsetOf(q) + q.pageSize), total: all.length };
}

/**
 * The person's other open work on that day whose time overlaps the slot, entries and repair work alike
 * (docs/decisions/schedule-clashes.md); `exceptKey` leaves out the entry being edited.
 */
export async function clashesOf(
  ctx: Ctx,
  slot: { date: string; startTime: string; endTime: string; personnelId: number; exceptKey?: string },
): Promise<ScheduleItem[]> {
  const { start, isCurrentWeek } = weekAround(ctx, slot.date);
  const items = await loadWeekItems(ctx, start, isCurrentWeek, null);
  return items.filter(
    (it) =>
      it.date === slot.date &&
      it.personnelId === slot.personnelId &&
      it.key !== slot.exceptKey &&
      it.status !== 'completed' &&
      slotsOverlap(it, slot),
  );
}

/** The personnel an entry can be tied to. */
export async function schedulePersonnel(db: Db) {
  const people = await personnelAccounts(db);
  return { items: people.map((p) => ({ id: p.id, fullName: p.full_name, jobType: p.job_type })) };
}

/**
 * A person's tasks (their entries and the repair work assigned to them) in the weeks starting on the given Mondays,
 * as the week shows them: their calendar feed (docs/decisions/calendar-feeds.md).
 */
export async function tasksOf(ctx: Ctx, personId: number, weekStarts: string[]): Promise<ScheduleItem[]> {
  const { start: thisWeek } = weekAround(ctx);
  const weeks = await Promise.all(weekStarts.map((start) => loadWeekItems(ctx, start, start === thisWeek, personId)));
  return weeks.flat().filter((it) => it.mine);
}
