/**
 * Availability by date (docs/decisions/reservations.md). Pure: the server feeds it what the database holds, the
 * browser shows what it answers. Calendar dates in the campus time zone, inclusive at both ends: a loan due back
 * on a day holds that day, so a day's last loan and the next day's first never share a unit.
 */
import { plural } from '../format';
import { addDays, daysBetween, formatCalendarDate } from '../time';
import { DAY_MINUTES } from './timesOfDay';

/**
 * Something that holds some of an item over a span of days (both ends included), from a time of its first day to
 * a time of its last (minutes after midnight, campus time; absent: the whole day).
 */
export interface Hold extends Span {
  quantity: number;
}

/** A span of days, and where it starts in its first day and ends in its last (docs/decisions/reservations.md). */
export interface Span {
  from: string;
  to: string;
  /** Minutes into `from` (0 when absent). */
  fromMin?: number;
  /** Minutes into `to` (the end of the day when absent). */
  toMin?: number;
}

/** The longest span one availability question may cover: a year, a semester and some. */
export const MAX_AVAILABILITY_DAYS = 366;

/** Each date of a span, first to last. */
export function datesOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/**
 * How much is free on each day of a span: the item's capacity (on the shelf now, plus what open loans will bring
 * back) less the most held at once during the span's part of that day, never below zero.
 */
export function freeByDay(capacity: number, holds: readonly Hold[], span: Span): { date: string; free: number }[] {
  return leftByDay(capacity, holds, span).map((d) => ({ date: d.date, free: Math.max(0, d.free) }));
}

/** The same, unclamped: below zero on a day more is held than there is (what a decision must never leave). */
export function leftByDay(capacity: number, holds: readonly Hold[], span: Span): { date: string; free: number }[] {
  return datesOf(span.from, span.to).map((date) => ({
    date,
    free:
      capacity -
      heldAtOnce(holds, date, date === span.from ? (span.fromMin ?? 0) : 0, date === span.to ? (span.toMin ?? DAY_MINUTES) : DAY_MINUTES),
  }));
}

/**
 * The most held at the same moment between minutes `lo` and `hi` of a day. Holds are half-open: one brought back
 * at 12:00 and one collected at 12:00 never meet, so a unit back at noon lends again in the afternoon.
 */
function heldAtOnce(holds: readonly Hold[], date: string, lo: number, hi: number): number {
  let throughout = 0;
  const parts: [number, number][] = [];
  for (const h of holds) {
    if (date < h.from || h.to < date) continue;
    const start = Math.max(date === h.from ? (h.fromMin ?? 0) : 0, lo);
    const end = Math.min(date === h.to ? (h.toMin ?? DAY_MINUTES) : DAY_MINUTES, hi);
    if (start >= end) continue;
    if (start === lo && end === hi) throughout += h.quantity;
    else parts.push([start, h.quantity], [end, -h.quantity]);
  }
  // Ends sort before starts at the same minute (a negative change first).
  parts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, change] of parts) most = Math.max(most, (now += change));
  return throughout + most;
}

/** The days of a span on which fewer than `wanted` are free. */
export const shortDays = (days: readonly { date: string; free: number }[], wanted: number) => days.filter((d) => d.free < wanted);

/** One item's shortfall on a request's dates, as the 409 `dates_unavailable` names it. */
export interface DateConflict {
  itemId: number;
  itemName: string;
  wanted: number;
  days: { date: string; free: number }[];
  /** The booking's hours, when it names them: "between 13:00 and 16:00" (see hoursPhrase). */
  hours?: string;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** How a conflict names a span's hours: none for whole days. */
export function hoursPhrase(span: Span): string | undefined {
  if (span.fromMin === undefined && span.toMin === undefined) return undefined;
  const from = hhmm(span.fromMin ?? 0);
  const to = hhmm(span.toMin ?? DAY_MINUTES);
  return span.from === span.to ? `between ${from} and ${to}` : `from ${from} on the first day to ${to} on the last`;
}

export const AVAILABILITY_MSG = {
  datesUnavailable: (c: DateConflict) => {
    const shown = c.days.slice(0, 5).map((d) => `${formatCalendarDate(d.date)} (${d.free} free)`);
    const more = c.days.length > 5 ? ` and ${plural(c.days.length - 5, 'more day')}` : '';
    const hours = c.hours ? `, ${c.hours}` : '';
    return `${c.itemName}: ${plural(c.wanted, 'unit')} wanted, not free on ${shown.join(', ')}${more}${hours}. Choose other ${c.hours ? 'dates, times' : 'dates'} or fewer.`;
  },
  handedOut: 'Handed out: the reservation is now a loan.',
  itemsInvalid: 'Name up to 100 items by their ids, comma-separated.',
  rangeTooLong: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`,
  rangeInvalid: 'Give the first and last dates as YYYY-MM-DD, the last not before the first.',
  bookAheadFuture: 'Only a request for a later day can be booked ahead; today’s things are handed over at once.',
  notHandedOut: 'This reservation has not been handed out: hand it out, or let it lapse at the end of its day.',
  handOutDay: (date: string) => `This reservation is handed out on its day, ${formatCalendarDate(date)}.`,
  notReservation: 'Only an approved reservation not yet handed out can be handed out.',
};
