/**
 * Availability by date (docs/decisions/reservations.md). Pure: the server feeds it what the database holds, the
 * browser shows what it answers. Calendar dates in the campus time zone, inclusive at both ends: a loan due back
 * on a day holds that day, so a day's last loan and the next day's first never share a unit.
 */
import { plural } from '../format';
import { addDays, daysBetween, formatCalendarDate } from '../time';

/** Something that holds some of an item over a span of days (both ends included). */
export interface Hold {
  from: string;
  to: string;
  quantity: number;
}

/** The longest span one availability question may cover: a year, a semester and some. */
export const MAX_AVAILABILITY_DAYS = 366;

/** Each date of a span, first to last. */
export function datesOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/**
 * How much is free on each day of [from, to]: the item's capacity (on the shelf now, plus what open loans will
 * bring back) less every hold covering the day, never below zero.
 */
export function freeByDay(capacity: number, holds: readonly Hold[], from: string, to: string): { date: string; free: number }[] {
  return leftByDay(capacity, holds, from, to).map((d) => ({ date: d.date, free: Math.max(0, d.free) }));
}

/** The same, unclamped: below zero on a day more is held than there is (what a decision must never leave). */
export function leftByDay(capacity: number, holds: readonly Hold[], from: string, to: string): { date: string; free: number }[] {
  return datesOf(from, to).map((date) => ({
    date,
    free: capacity - holds.reduce((n, h) => (h.from <= date && date <= h.to ? n + h.quantity : n), 0),
  }));
}

/** The days of a span on which fewer than `wanted` are free. */
export const shortDays = (days: readonly { date: string; free: number }[], wanted: number) => days.filter((d) => d.free < wanted);

/** One item's shortfall on a request's dates, as the 409 `dates_unavailable` names it. */
export interface DateConflict {
  itemId: number;
  itemName: string;
  wanted: number;
  days: { date: string; free: number }[];
}

export const AVAILABILITY_MSG = {
  datesUnavailable: (c: DateConflict) => {
    const shown = c.days.slice(0, 5).map((d) => `${formatCalendarDate(d.date)} (${d.free} free)`);
    const more = c.days.length > 5 ? ` and ${plural(c.days.length - 5, 'more day')}` : '';
    return `${c.itemName}: ${plural(c.wanted, 'unit')} wanted, not free on ${shown.join(', ')}${more}. Choose other dates or fewer.`;
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
