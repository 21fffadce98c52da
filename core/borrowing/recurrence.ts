/**
 * Recurring bookings (docs/decisions/reservations.md): a weekly pattern read by rrule (RFC 5545), on calendar dates
 * only. Dates are handled as UTC midnights, so no time zone can move a day; the campus zone only says which day
 * is today.
 */
import { z } from 'zod';
import * as rrule from 'rrule';
import type { Weekday as RRuleWeekday } from 'rrule';
import { daysBetween, isCalendarDate } from '../time';

export const SERIES_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** At most this many dates in one series: a year of weekly bookings. */
export const MAX_SERIES_DATES = 52;

export const seriesPattern = z.object({
  startDate: z.string().max(20),
  weekdays: z.array(z.enum(SERIES_WEEKDAYS)).min(1).max(7),
  /** Every N weeks (1: every week). */
  interval: z.number().int().min(1).max(4).default(1),
  /** How many dates, or the last date: exactly one of them. */
  count: z.number().int().min(1).max(MAX_SERIES_DATES).optional(),
  until: z.string().max(20).optional(),
});
export type SeriesPattern = z.infer<typeof seriesPattern>;

export const RECURRENCE_MSG = {
  invalid: `Give a start date, the weekdays, and either how many times (1 to ${MAX_SERIES_DATES}) or the last date, not before the start.`,
  tooMany: `A series has at most ${MAX_SERIES_DATES} dates within a year.`,
  none: 'The pattern gives no dates.',
};

// rrule ships CommonJS for Node (its exports read as the default there) and ES modules for the browser's bundle.
const RRule = (rrule.RRule ?? (rrule as unknown as { default: typeof rrule }).default.RRule) as typeof rrule.RRule;

const BYDAY: Record<(typeof SERIES_WEEKDAYS)[number], RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The pattern's dates, first to last; a string saying what is wrong when it cannot be read. */
export function seriesDates(p: SeriesPattern): string[] | string {
  if (!isCalendarDate(p.startDate)) return RECURRENCE_MSG.invalid;
  if ((p.count === undefined) === (p.until === undefined)) return RECURRENCE_MSG.invalid;
  if (p.until !== undefined && (!isCalendarDate(p.until) || p.until < p.startDate)) return RECURRENCE_MSG.invalid;
  if (p.until !== undefined && daysBetween(p.startDate, p.until) > 366) return RECURRENCE_MSG.tooMany;
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: p.interval,
    byweekday: p.weekdays.map((d) => BYDAY[d]),
    dtstart: utc(p.startDate),
    ...(p.count !== undefined ? { count: p.count } : { until: utc(p.until!) }),
  });
  const dates = rule.all((_, i) => i < MAX_SERIES_DATES + 1).map((d) => d.toISOString().slice(0, 10));
  if (dates.length > MAX_SERIES_DATES || (dates.length && daysBetween(dates[0], dates.at(-1)!) > 366)) return RECURRENCE_MSG.tooMany;
  if (!dates.length) return RECURRENCE_MSG.none;
  return dates;
}

