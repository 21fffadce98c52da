/**
 * Recurring bookings (docs/decisions/reservations.md): the weekly pattern a borrower asks for and its limits, shared
 * by the form and the server; the server reads it with rrule (server/modules/borrowing/recurrence.ts).
 */
export const SERIES_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** At most this many dates in one series: a year of weekly bookings. */
export const MAX_SERIES_DATES = 52;

export const RECURRENCE_MSG = {
  invalid: `Give a start date, the weekdays, and either how many times (1 to ${MAX_SERIES_DATES}) or the last date, not before the start.`,
  tooMany: `A series has at most ${MAX_SERIES_DATES} dates within a year.`,
  none: 'The pattern gives no dates.',
};
