/**
 * Recurring bookings (docs/decisions/reservations.md): the weekly pattern a borrower asks for and its limits, shared
 * by the form and the server; the server reads it with rrule (server/modules/borrowing/recurrence.ts).
 */
export const SERIES_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** At most this many dates in one series: a year of weekly bookings. */
export const MAX_SERIES_DATES = 52;

import { formatCalendarDate } from '../time';
import { plural } from '../format';

/** What a weekly series sent for approval is called: its count, its first and last request, dates and hours. */
export const seriesSent = (
  dates: { code: string; dateNeeded: string; timeFrom: string | null; timeTo: string | null }[],
  skipped: number,
) => {
  const first = dates[0];
  const last = dates[dates.length - 1];
  const hours = first.timeFrom && first.timeTo ? `, ${first.timeFrom}-${first.timeTo}` : '';
  const span =
    dates.length === 1
      ? formatCalendarDate(first.dateNeeded)
      : `${formatCalendarDate(first.dateNeeded)} to ${formatCalendarDate(last.dateNeeded)}`;
  const codes = dates.length === 1 ? first.code : `${first.code} to ${last.code}`;
  return (
    `Your weekly booking of ${plural(dates.length, 'date')} (${codes}: ${span}${hours}) has been sent to the General Services Office.` +
    (skipped ? ` ${plural(skipped, 'date')} could not be booked.` : '')
  );
};

export const RECURRENCE_MSG = {
  invalid: `Give a start date, the weekdays, and either how many times (1 to ${MAX_SERIES_DATES}) or the last date, not before the start.`,
  tooMany: `A series has at most ${MAX_SERIES_DATES} dates within a year.`,
  none: 'The pattern gives no dates.',
};
