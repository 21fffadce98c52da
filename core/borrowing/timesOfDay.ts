/**
 * Times of day on a booking (docs/decisions/reservations.md): a booking ahead may say when it is collected on its
 * first day and brought back on its last ("every Tuesday 13:00-16:00"), in the campus's wall-clock time, within the
 * office's hours of those days. Without times it holds whole days, as before. Shared by the form and the server.
 */
import { formatCalendarDate, isTimeOfDay, weekdayOf } from '../time';
import type { OfficeCalendar } from '../site/calendar';

/** Minutes in a day: a hold's end at the end of its last day. */
export const DAY_MINUTES = 1440;

/** A booking's hours as its cards show them: "13:00-16:00". */
export const hoursText = (timeFrom: string, timeTo: string) => `${timeFrom}-${timeTo}`;
/** A day and, when a booking names one, its hour: "Dec 1, 2026, 13:00". */
export const dateAndTime = (date: string, time: string | null) =>
  time ? `${formatCalendarDate(date)}, ${time}` : formatCalendarDate(date);

/** A booking's dates and hours (null hours: whole days). */
export interface BookingSpan {
  from: string;
  to: string;
  timeFrom: string | null;
  timeTo: string | null;
}

/** A stored request's span. */
export const bookingSpanOf = (r: {
  date_needed: string;
  date_expected_return: string;
  time_from: string | null;
  time_to: string | null;
}): BookingSpan => ({ from: r.date_needed, to: r.date_expected_return, timeFrom: r.time_from, timeTo: r.time_to });

/**
 * A booking's span in a sentence: "on Dec 15, 2026, 13:00-16:00" (one day, its hours), "on Dec 15, 2026" (one
 * whole day), "from Dec 15, 2026, 15:00 to Dec 17, 2026, 10:00" (several days).
 */
export function spanText(s: BookingSpan): string {
  if (s.from !== s.to) return `from ${dateAndTime(s.from, s.timeFrom)} to ${dateAndTime(s.to, s.timeTo)}`;
  return `on ${formatCalendarDate(s.from)}${s.timeFrom && s.timeTo ? `, ${hoursText(s.timeFrom, s.timeTo)}` : ''}`;
}

export const TIMES_MSG = {
  both: 'Give both a pick-up time and a return time (HH:MM), or neither to book whole days.',
  bookAheadOnly: 'Times of day are for bookings ahead; a request taken today holds whole days.',
  order: 'On a one-day booking the return time must be after the pick-up time.',
  outsideHours: (what: 'pick-up' | 'return', date: string, open: string, close: string) =>
    `The ${what} time must be within the office hours on ${formatCalendarDate(date)}: ${open} to ${close}.`,
};

export interface BookingTimes {
  bookAhead: boolean;
  dateNeeded: string;
  dateExpectedReturn: string;
  /** HH:MM, or '' for the whole day. */
  timeFrom: string;
  timeTo: string;
}

/**
 * Hours that cannot be used whatever the day: one without the other, not HH:MM, or on one day a second not after the
 * first. Null when both are fine or both absent (whole days).
 */
export function hoursProblem(timeFrom: string, timeTo: string, oneDay: boolean): { field: 'timeFrom' | 'timeTo'; message: string } | null {
  if (!timeFrom && !timeTo) return null;
  if (!isTimeOfDay(timeFrom)) return { field: 'timeFrom', message: TIMES_MSG.both };
  if (!isTimeOfDay(timeTo)) return { field: 'timeTo', message: TIMES_MSG.both };
  if (oneDay && timeTo <= timeFrom) return { field: 'timeTo', message: TIMES_MSG.order };
  return null;
}

/**
 * What is wrong with a booking's times, and in which field; null when they are fine (or absent). The dates are
 * checked before (the form's rules, the office calendar): a closed day never gets here.
 */
export function timesProblem(b: BookingTimes, calendar: OfficeCalendar): { field: 'timeFrom' | 'timeTo'; message: string } | null {
  if (!b.timeFrom && !b.timeTo) return null;
  if (!b.bookAhead) return { field: 'timeFrom', message: TIMES_MSG.bookAheadOnly };
  const unreadable = hoursProblem(b.timeFrom, b.timeTo, b.dateNeeded === b.dateExpectedReturn);
  if (unreadable) return unreadable;
  const pickUp = calendar.week[weekdayOf(b.dateNeeded)];
  if (pickUp && (b.timeFrom < pickUp.open || b.timeFrom >= pickUp.close))
    return { field: 'timeFrom', message: TIMES_MSG.outsideHours('pick-up', b.dateNeeded, pickUp.open, pickUp.close) };
  const back = calendar.week[weekdayOf(b.dateExpectedReturn)];
  if (back && (b.timeTo <= back.open || b.timeTo > back.close))
    return { field: 'timeTo', message: TIMES_MSG.outsideHours('return', b.dateExpectedReturn, back.open, back.close) };
  return null;
}
