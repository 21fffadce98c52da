/**
 * The office calendar (docs/decisions/office-calendar.md): the hours the office keeps on each weekday, and its
 * closures (holidays, semester breaks), each a named range of calendar dates. Borrowing refuses a closed day,
 * the reminders wait for an open one, and the landing page writes the hours from it.
 */
import * as z from 'zod/mini';
import { MSG } from '../messages';
import {
  addDays,
  formatCalendarDate,
  formatTimeOfDay,
  isCalendarDate,
  isTimeOfDay,
  minutesOfDay,
  WEEKDAYS,
  weekdayOf,
  type Weekday,
} from '../time';

/** One weekday's hours: when the office opens and closes (HH:MM, 24-hour), or null when it stays closed. */
export type DayHours = { open: string; close: string } | null;
export type WeekHours = Record<Weekday, DayHours>;

export interface Closure {
  id: number;
  name: string;
  /** The first and last closed dates, both included. */
  from: string;
  to: string;
}

export interface OfficeCalendar {
  week: WeekHours;
  /** The closures that have not ended, earliest first. */
  closures: Closure[];
}

const WORKDAY: DayHours = { open: '08:00', close: '17:00' };
/** Until an administrator says otherwise: Monday to Friday, 8:00 AM to 5:00 PM. */
export const DEFAULT_WEEK: WeekHours = {
  Monday: WORKDAY,
  Tuesday: WORKDAY,
  Wednesday: WORKDAY,
  Thursday: WORKDAY,
  Friday: WORKDAY,
  Saturday: null,
  Sunday: null,
};

export const CLOSURE_NAME_MAX = 80;
/** A closure longer than a year is a mistake in the dates, not a break. */
export const CLOSURE_MAX_DAYS = 366;

const time = z.string().check(z.refine(isTimeOfDay, MSG.officeTimeInvalid));
const dayHours = z.nullable(
  z.object({ open: time, close: time }).check(z.refine((h) => minutesOfDay(h.close) > minutesOfDay(h.open), MSG.officeClosesBeforeOpening)),
);

/** The week as an administrator saves it: every weekday, each open with its hours or closed (null). */
export const weekHoursForm = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>);

const closureDate = z.string().check(z.refine(isCalendarDate, MSG.closureDateInvalid));

/** A closure as an administrator adds it, checked in the form's order on both sides. */
export const closureForm = z.pipe(
  z.object({
    name: z
      .string()
      .check(z.trim(), z.minLength(1, MSG.closureNameRequired), z.maxLength(CLOSURE_NAME_MAX, MSG.closureNameTooLong(CLOSURE_NAME_MAX))),
    from: closureDate,
    to: closureDate,
  }),
  z.object({ name: z.string(), from: z.string(), to: z.string() }).check(
    z.refine((c) => c.to >= c.from, { message: MSG.closureEndsBeforeStart, path: ['to'] }),
    z.refine((c) => c.to <= addDays(c.from, CLOSURE_MAX_DAYS - 1), { message: MSG.closureTooLong(CLOSURE_MAX_DAYS), path: ['to'] }),
  ),
);

/** The closure a date falls in, if any. */
export const closureOn = (date: string, closures: readonly Closure[]) => closures.find((c) => c.from <= date && date <= c.to);

/** Why the office is closed on a date ("... closed on Dec 25, 2026 (Christmas Day)"), or null when it is open. */
export function closedReason(date: string, calendar: OfficeCalendar): string | null {
  const closure = closureOn(date, calendar.closures);
  if (closure) return MSG.officeClosedFor(formatCalendarDate(date), closure.name);
  const weekday = weekdayOf(date);
  if (!calendar.week[weekday]) return MSG.officeClosedOnWeekday(formatCalendarDate(date), weekday);
  return null;
}

export const isOpenDay = (date: string, calendar: OfficeCalendar) => closedReason(date, calendar) === null;

/**
 * The first open day after a date. A calendar closed on every weekday has none: then the day after (a search
 * that could never end is worse than a reminder on a closed day).
 */
export function nextOpenDay(date: string, calendar: OfficeCalendar): string {
  if (WEEKDAYS.every((d) => !calendar.week[d])) return addDays(date, 1);
  for (let day = addDays(date, 1), i = 0; i < 2 * CLOSURE_MAX_DAYS; day = addDays(day, 1), i++) if (isOpenDay(day, calendar)) return day;
  return addDays(date, 1);
}

const same = (a: DayHours, b: DayHours) => a?.open === b?.open && a?.close === b?.close;

/**
 * The week's hours in words, consecutive weekdays with the same hours together, as the landing page shows them:
 * "Monday to Friday, 8:00 AM - 5:00 PM; Saturday, 8:00 AM - 12:00 PM".
 */
export function hoursText(week: WeekHours): string {
  const runs: { first: Weekday; last: Weekday; hours: NonNullable<DayHours> }[] = [];
  for (const day of WEEKDAYS) {
    const hours = week[day];
    if (!hours) continue;
    const run = runs.at(-1);
    if (run && same(run.hours, hours) && WEEKDAYS.indexOf(run.last) === WEEKDAYS.indexOf(day) - 1) run.last = day;
    else runs.push({ first: day, last: day, hours });
  }
  if (!runs.length) return MSG.officeClosedEveryDay;
  return runs
    .map((r) => {
      const days =
        r.first === r.last ? r.first : `${r.first} ${WEEKDAYS.indexOf(r.last) - WEEKDAYS.indexOf(r.first) === 1 ? 'and' : 'to'} ${r.last}`;
      return `${days}, ${formatTimeOfDay(r.hours.open)} - ${formatTimeOfDay(r.hours.close)}`;
    })
    .join('; ');
}

/** A stored week (settings JSON), or the default when it is missing or unreadable. */
export function readWeek(json: string | null | undefined): WeekHours {
  if (!json) return DEFAULT_WEEK;
  try {
    const parsed = weekHoursForm.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_WEEK;
  } catch {
    return DEFAULT_WEEK;
  }
}

/**
 * The closed days in words for the date fields, which cannot grey them out: the weekdays the office keeps closed
 * and the next closures ("Closed on Saturdays and Sundays; Christmas Break, Dec 24, 2026 to Jan 1, 2027").
 */
export function closedDaysText(calendar: OfficeCalendar, today: string, shown = 3): string | null {
  const weekdays = WEEKDAYS.filter((d) => !calendar.week[d]).map((d) => `${d}s`);
  const upcoming = calendar.closures.filter((c) => c.to >= today).slice(0, shown);
  const parts = [
    ...(weekdays.length ? [`${weekdays.length > 1 ? `${weekdays.slice(0, -1).join(', ')} and ${weekdays.at(-1)}` : weekdays[0]}`] : []),
    ...upcoming.map(
      (c) => `${c.name}, ${c.from === c.to ? formatCalendarDate(c.from) : `${formatCalendarDate(c.from)} to ${formatCalendarDate(c.to)}`}`,
    ),
  ];
  return parts.length ? `The office is closed on ${parts.join('; ')}.` : null;
}
