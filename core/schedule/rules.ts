/**
 * The weekly schedule's rules (docs/product.md; docs/decisions/weekly-schedule.md). Pure: no I/O, shared by the server and the
 * browser. A week starts on Monday in the campus time zone; manual entries and scheduled repair work share it.
 */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { MSG } from '../messages';
import { PRIORITIES } from '../repairs/rules';
import { isCalendarDate, isTimeOfDay, minutesOfDay, weekdayOf, weekOf, WEEKDAYS } from '../time';

/** Schedule item statuses (docs/product.md): the same words as repair reports. */
export const SCHEDULE_STATUSES = ['pending', 'scheduled', 'in-progress', 'completed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** A manual entry is on the week once it is added. */
export const NEW_ENTRY_STATUS: ScheduleStatus = 'scheduled';

/**
 * The week's tasks per status, each counted under its own name: Pending Tasks counts pending work only, never
 * work scheduled or in progress (docs/decisions/schedule-summary.md).
 */
export function countByStatus(items: readonly { status: ScheduleStatus }[]): Record<ScheduleStatus, number> {
  const counts = Object.fromEntries(SCHEDULE_STATUSES.map((s) => [s, 0])) as Record<ScheduleStatus, number>;
  for (const it of items) counts[it.status] += 1;
  return counts;
}

/** Where each item of the week comes from: an entry added on the schedule, or a repair report's assigned work. */
export const SCHEDULE_KINDS = ['entry', 'repair'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/**
 * Items a day card shows at most: a week with hundreds of open jobs stays a light page, and the day's Show all
 * pages through the rest.
 */
export const SCHEDULE_DAY_SHOWN = 8;

/** A slot of a day: a start and an end time, HH:MM, or none (repair work without a time). */
type Slot = { startTime: string | null; endTime: string | null };

/** Whether two slots of one day overlap; touching ends do not, and a slot without times overlaps nothing. */
export function slotsOverlap(a: Slot, b: Slot): boolean {
  if (!a.startTime || !a.endTime || !b.startTime || !b.endTime) return false;
  return minutesOfDay(a.startTime) < minutesOfDay(b.endTime) && minutesOfDay(b.startTime) < minutesOfDay(a.endTime);
}

// ---- weeks ----

/** Whether a text names a week by the date of its Monday. */
export const isWeekStart = (s: string) => isCalendarDate(s) && weekdayOf(s) === 'Monday';

/** The Monday of the week holding a calendar date (any day of it names the week). */
export const weekStartOf = (date: string) => weekOf(date).start;

// ---- the Add Schedule form (docs/product.md): the fields in the dialog's order ----

const WORK_TYPE_MAX = 100;
const LOCATION_MAX = 100;
export const BUILDING_MAX = 100;
const DESCRIPTION_MAX = 2000;

const filled = z.string({ error: MSG.scheduleMissingInformation }).check(z.trim(), z.minLength(1, MSG.scheduleMissingInformation));
const timeField = z.string().check(z.refine(isTimeOfDay, MSG.repairInvalidTime));
const tooLong = (field: string, max: number) => z.string().check(z.maxLength(max, MSG.scheduleFieldTooLong(field, max)));
/** The end after the start; times that are not HH:MM are their own field's problem. */
const endAfterStart = (r: { startTime?: unknown; endTime?: unknown }) =>
  typeof r.startTime !== 'string' ||
  typeof r.endTime !== 'string' ||
  !isTimeOfDay(r.startTime) ||
  !isTimeOfDay(r.endTime) ||
  minutesOfDay(r.endTime) > minutesOfDay(r.startTime);

/**
 * Add Schedule: everything filled in first (day, start and end time, work type, personnel, location, building),
 * then the values: a day from Monday to Sunday, HH:MM times with the end after the start, lengths. Only the
 * first failure is told (firstError), in this order.
 */
export const scheduleEntryForm = z.pipe(
  z.looseObject({
    day: filled,
    startTime: filled,
    endTime: filled,
    workType: filled,
    personnelId: z.number(MSG.schedulePersonnelRequired),
    location: filled,
    building: filled,
  }),
  z
    .looseObject({
      day: z.enum(WEEKDAYS, MSG.repairInvalidDay),
      startTime: timeField,
      endTime: timeField,
      workType: tooLong('Work type', WORK_TYPE_MAX),
      personnelId: z.number(),
      location: tooLong('Location', LOCATION_MAX),
      building: tooLong('Building', BUILDING_MAX),
      priority: z.enum(PRIORITIES),
      issueDescription: tooLong('Issue description', DESCRIPTION_MAX),
    })
    .check(z.refine(endAfterStart, { message: MSG.repairEndBeforeStart, path: ['endTime'], ...always })),
);
