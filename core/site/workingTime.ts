/**
 * Working time on the office calendar (docs/decisions/office-calendar.md, Working time): the repair deadlines
 * count only the hours the office is open, skipping closed weekdays and closures, in the campus's time zone.
 * Instants are Date objects; the calendar's days and hours are campus wall time.
 */
import { addDays, instantAt, todayIn, weekdayOf } from '../time';
import { isOpenDay, type OfficeCalendar } from './calendar';

const MINUTE = 60_000;
/** How far a search for open hours looks ahead before giving up (a calendar closed for good). */
const HORIZON_DAYS = 3 * 366;

/** The office's open interval on a calendar date, as instants, or null when it is closed that day. */
export function openInterval(date: string, calendar: OfficeCalendar, timeZone: string): { from: Date; to: Date } | null {
  if (!isOpenDay(date, calendar)) return null;
  const hours = calendar.week[weekdayOf(date)]!;
  return { from: new Date(instantAt(date, hours.open, timeZone)), to: new Date(instantAt(date, hours.close, timeZone)) };
}

/** The open intervals from the day holding `start` onwards, cut to begin at `start`. */
function* openFrom(start: Date, calendar: OfficeCalendar, timeZone: string) {
  let date = todayIn(timeZone, start);
  for (let i = 0; i < HORIZON_DAYS; i++, date = addDays(date, 1)) {
    const open = openInterval(date, calendar, timeZone);
    if (!open || open.to <= start) continue;
    yield { from: open.from < start ? start : open.from, to: open.to, date };
  }
}

/**
 * The instant `minutes` of working time after `start` (a response target of 4 working hours). Time before the
 * office opens, after it closes and on closed days does not count; a start outside the hours counts from the next
 * opening. A calendar with no open hours ahead answers null.
 */
export function addWorkingMinutes(start: Date, minutes: number, calendar: OfficeCalendar, timeZone: string): Date | null {
  let left = Math.max(0, minutes);
  for (const open of openFrom(start, calendar, timeZone)) {
    const span = (open.to.getTime() - open.from.getTime()) / MINUTE;
    if (left <= span) return new Date(open.from.getTime() + left * MINUTE);
    left -= span;
  }
  return null;
}

/**
 * The same time of day `days` open days after work can start (a fix target of 5 working days): a report made at
 * 9:00 on a Monday with 1 working day is due at 9:00 on the next open day. A start outside the hours starts at the
 * next opening; a due time past a shorter day's closing is that closing.
 */
export function addWorkingDays(start: Date, days: number, calendar: OfficeCalendar, timeZone: string): Date | null {
  const intervals = openFrom(start, calendar, timeZone);
  const first = intervals.next();
  if (first.done) return null;
  const opening = openInterval(first.value.date, calendar, timeZone)!.from;
  const offset = first.value.from.getTime() - opening.getTime();
  let left = Math.max(0, Math.floor(days));
  if (left === 0) return first.value.from;
  for (const open of intervals) {
    if (--left > 0) continue;
    const due = new Date(open.from.getTime() + offset);
    return due < open.to ? due : open.to;
  }
  return null;
}

/** Working minutes between two instants (how long a report waited, the clock stopped while on hold by the caller). */
export function workingMinutesBetween(from: Date, to: Date, calendar: OfficeCalendar, timeZone: string): number {
  if (to <= from) return 0;
  let total = 0;
  for (const open of openFrom(from, calendar, timeZone)) {
    if (open.from >= to) break;
    const end = open.to < to ? open.to : to;
    total += (end.getTime() - open.from.getTime()) / MINUTE;
  }
  return Math.round(total);
}
