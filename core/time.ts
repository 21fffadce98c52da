import { plural } from './format';

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

/** Today's calendar date (YYYY-MM-DD) in the campus time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatterFor('day', timeZone).format(now);
}

/** Building an Intl.DateTimeFormat costs far more than using one; the server asks for "today" on every request. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(kind: 'day' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    formatters.set(key, f);
  }
  return f;
}

/** Whole days from calendar date a to calendar date b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

export const isCalendarDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** Exact time for hover titles. */
export const formatExact = (iso: string) => new Date(iso).toLocaleString();

/** Milliseconds the zone is ahead of UTC at the given instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor('clock', timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO) at which a calendar date begins in the zone. */
export function startOfDayUtc(date: string, timeZone: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  return new Date(guess - zoneOffsetMs(guess, timeZone)).toISOString();
}

/** Starts of last month, this month and next month in the zone, as UTC ISO instants, for month-over-month figures. */
export function monthBounds(timeZone: string, now: Date = new Date()) {
  const [y, m] = todayIn(timeZone, now).split('-').map(Number);
  const first = (year: number, month: number) => {
    const d = new Date(Date.UTC(year, month - 1, 1));
    return startOfDayUtc(d.toISOString().slice(0, 10), timeZone);
  };
  return { lastMonth: first(y, m - 1), thisMonth: first(y, m), nextMonth: first(y, m + 1) };
}

/** The calendar date n days after (or before, for negative n) a calendar date. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}
