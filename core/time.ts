import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { plural } from './format';

// Campus-zone dates and times through a maintained library, not hand-written offset arithmetic.
dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR = 3600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

const ago = (n: number, unit: string) => `${plural(n, unit)} ago`;

/** User feed and borrow screens: under 1 hour 'Just now', then hours up to 23, then days. */
export function relativeTimeCoarse(iso: string, now: Date = new Date()): string {
  const diff = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (diff < HOUR) return 'Just now';
  if (diff < DAY) return ago(Math.floor(diff / HOUR), 'hour');
  return ago(Math.floor(diff / DAY), 'day');
}

/** Admin activity feed: under 1 minute 'Just now', then minutes, hours, days. */
export function relativeTimeFine(iso: string, now: Date = new Date()): string {
  const diff = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (diff < MINUTE) return 'Just now';
  if (diff < HOUR) return ago(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return ago(Math.floor(diff / HOUR), 'hour');
  return ago(Math.floor(diff / DAY), 'day');
}

const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in the campus time zone (asked on every list request: one kept formatter per zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATS.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${part.year.padStart(4, '0')}-${part.month}-${part.day}`;
}

/** Whole days from calendar date a to calendar date b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return dayjs.utc(b).diff(dayjs.utc(a), 'day');
}

export const isCalendarDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

const CALENDAR = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/**
 * A plain calendar date (YYYY-MM-DD) as "Nov 20, 2026", the one way dates are written on cards, in dialogs,
 * notices and mails. Read as UTC so no browser or server time zone can move it a day (docs/decisions/calendar-dates.md).
 */
export const formatCalendarDate = (date: string) => (isCalendarDate(date) ? CALENDAR.format(new Date(`${date}T00:00:00Z`)) : date);

/** The UTC instant (ISO) at which a calendar date begins in the zone. */
export function startOfDayUtc(date: string, timeZone: string): string {
  return dayjs.tz(date, timeZone).toISOString();
}

/** Starts of last month, this month and next month in the zone, as UTC ISO instants, for month-over-month figures. */
export function monthBounds(timeZone: string, now: Date = new Date()) {
  const thisMonth = `${todayIn(timeZone, now).slice(0, 8)}01`;
  const at = (months: number) => startOfDayUtc(dayjs.utc(thisMonth).add(months, 'month').format('YYYY-MM-DD'), timeZone);
  return { lastMonth: at(-1), thisMonth: at(0), nextMonth: at(1) };
}

/** The calendar date n days after (or before, for negative n) a calendar date. */
export function addDays(date: string, n: number): string {
  // Plain UTC arithmetic: a calendar date has no time zone, and the week's screens ask for dozens per request.
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

// ---- the week (the weekly schedule): Monday to Sunday, as the spec lists the days ----

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
}

/** The Monday that starts the week holding a calendar date, and the week's seven dates. */
export function weekOf(date: string): { start: string; days: string[] } {
  const start = addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
  return { start, days: WEEKDAYS.map((_, i) => addDays(start, i)) };
}

/** A time of day as the forms write it: HH:MM, 24-hour. */
export const isTimeOfDay = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
export const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** A time of day (HH:MM, 24-hour) as people read it: "8:00 AM", "12:30 PM". */
export function formatTimeOfDay(hhmm: string): string {
  if (!isTimeOfDay(hhmm)) return hhmm;
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 || 12}:${hhmm.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The UTC instant (ISO) of a time of day on a calendar date in the zone (across DST changes too). */
export function instantAt(date: string, hhmm: string, timeZone: string): string {
  return dayjs.tz(`${date} ${hhmm}`, 'YYYY-MM-DD HH:mm', timeZone).toISOString();
}

/** The campus time zone when none is configured (CAMPUS_TZ), and in the browser until the site's status says. */
export const DEFAULT_CAMPUS_TZ = 'Asia/Manila';

/**
 * An instant (ISO) as the campus reads it, in the product's one date style and never in the reader's zone or
 * locale: "Nov 20, 2026, 3:05 PM" (printed documents, hover titles, logs), or its campus day "Nov 20, 2026"
 * (cards), the same style as a calendar date (formatCalendarDate). See docs/decisions/calendar-dates.md.
 */
export function formatDateTimeIn(iso: string, timeZone: string): string {
  const p = instantParts(iso, timeZone);
  return p ? `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}` : 'Invalid Date';
}
export function formatDayIn(iso: string, timeZone: string): string {
  const p = instantParts(iso, timeZone);
  return p ? `${p.month} ${p.day}, ${p.year}` : 'Invalid Date';
}

const INSTANT_FORMATS = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant's parts in the zone, by one kept formatter per zone: a list of a hundred dates costs a phone a
 * millisecond, where converting each through dayjs's zone plugin (a new formatter each time) cost it tens.
 */
function instantParts(iso: string, timeZone: string): Record<string, string> | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  let format = INSTANT_FORMATS.get(timeZone);
  if (!format) {
    const fields = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true } as const;
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...fields });
    INSTANT_FORMATS.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/**
 * A date or date-and-time as the campus wrote it (YYYY-MM-DD, or YYYY-MM-DDTHH:MM from a form), for a printed
 * form: "Nov 20, 2026" or "Nov 20, 2026, 3:05 PM". Already campus wall time, so never shifted; other text as is.
 */
export function formatWallTime(value: string): string {
  if (isCalendarDate(value)) return formatCalendarDate(value);
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m || !isCalendarDate(m[1]!)) return value;
  return dayjs.utc(`${m[1]}T${m[2]}:${m[3]}:00Z`).format('MMM D, YYYY, h:mm A');
}
