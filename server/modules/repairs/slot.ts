/**
 * When a repair's work is done (docs/decisions/repairs-lifecycle.md): the slot the office scheduled, kept apart from
 * the day and times the reporter preferred, so assigning never writes over the reporter's wish. Until the office
 * chooses a slot, the preference stands in for it.
 */
import { sql } from 'kysely';
import { datedWhenText, whenText } from '../../../core/repairs/notices';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import type { Weekday } from '../../../core/time';

interface SlotColumns {
  day: string | null;
  time_start: string | null;
  time_end: string | null;
  scheduled_day: string | null;
  scheduled_time_start: string | null;
  scheduled_time_end: string | null;
}

/** The slot the office scheduled, or null while it has chosen none. */
export const scheduledSlot = (r: SlotColumns): RepairReportDto['scheduled'] =>
  r.scheduled_day === null ? null : { day: r.scheduled_day as Weekday, timeStart: r.scheduled_time_start, timeEnd: r.scheduled_time_end };

/** Where the work goes: the scheduled slot, else the reporter's preference. */
function workSlot(r: SlotColumns) {
  return r.scheduled_day !== null
    ? { day: r.scheduled_day, start: r.scheduled_time_start, end: r.scheduled_time_end }
    : { day: r.day, start: r.time_start, end: r.time_end };
}

/** "Wednesday 09:00-11:00": the work's slot in the notices' words; empty when there is none. */
export const workSlotText = (r: SlotColumns) => {
  const s = workSlot(r);
  return whenText(s.day, s.start, s.end);
};

/** "Monday, Nov 30, 2026, 09:00-11:00": the work's slot with its next date from `today` (a campus day). */
export const workSlotDatedText = (r: SlotColumns, today: string) => {
  const s = workSlot(r);
  return datedWhenText(s.day, s.start, s.end, today);
};

/**
 * The slot an assignment writes: the day and the times the office gave (times only as a pair), else those of the
 * slot so far (scheduled before, or the preference). The preference itself is never written here.
 */
export function slotChanges(row: SlotColumns, given: { day: string | null; timeStart: string | null; timeEnd: string | null }) {
  const before = workSlot(row);
  const timesGiven = !!given.timeStart && !!given.timeEnd;
  return {
    scheduled_day: given.day ?? before.day,
    scheduled_time_start: timesGiven ? given.timeStart : before.start,
    scheduled_time_end: timesGiven ? given.timeEnd : before.end,
  };
}

/** The work's slot in SQL over `rr` (the weekly schedule, a room's history): scheduled, else preferred. */
const either = (scheduled: string, preferred: string) =>
  sql<string | null>`case when rr.scheduled_day is null then ${sql.ref(`rr.${preferred}`)} else ${sql.ref(`rr.${scheduled}`)} end`;
export const SLOT_SQL = {
  day: either('scheduled_day', 'day'),
  start: either('scheduled_time_start', 'time_start'),
  end: either('scheduled_time_end', 'time_end'),
};
/** The same, as the `day`, `time_start` and `time_end` columns of a select. */
export const SLOT_COLUMNS = [SLOT_SQL.day.as('day'), SLOT_SQL.start.as('time_start'), SLOT_SQL.end.as('time_end')] as const;
