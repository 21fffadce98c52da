/**
 * When a scheduled report is sent, and what it covers (docs/decisions/reports.md): weekly on Mondays, monthly on
 * the 1st, at 07:00 campus time; each send covers the period just ended (the 7 days before that Monday, or the
 * month before that 1st), whatever dates the saved filters name.
 */
import { addDays, instantAt, todayIn, weekdayOf } from '../time';
import type { Schedule } from './rules';

export const SEND_TIME = '07:00';

/** The calendar date of the first send day strictly after `date`'s send time (or on `date` itself, before it). */
function sendDayFrom(schedule: Exclude<Schedule, 'none'>, date: string): string {
  if (schedule === 'weekly') {
    let d = date;
    while (weekdayOf(d) !== 'Monday') d = addDays(d, 1);
    return d;
  }
  if (date.slice(8) === '01') return date;
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The next send instant (ISO) strictly after `now`, or null for a report not scheduled. */
export function nextRunAfter(schedule: Schedule, now: Date, timeZone: string): string | null {
  if (schedule === 'none') return null;
  let day = sendDayFrom(schedule, todayIn(timeZone, now));
  let at = instantAt(day, SEND_TIME, timeZone);
  if (Date.parse(at) <= now.getTime()) {
    day = sendDayFrom(schedule, addDays(day, 1));
    at = instantAt(day, SEND_TIME, timeZone);
  }
  return at;
}

/** The dates a send due at `runAt` covers: the week or the month just ended. */
export function periodOfRun(schedule: Exclude<Schedule, 'none'>, runAt: string, timeZone: string): { from: string; to: string } {
  const day = todayIn(timeZone, new Date(runAt));
  const to = addDays(day, -1);
  if (schedule === 'weekly') return { from: addDays(day, -7), to };
  return { from: `${to.slice(0, 8)}01`, to };
}
