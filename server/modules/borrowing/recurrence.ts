/**
 * A recurring booking's dates (docs/decisions/reservations.md), read by rrule (RFC 5545) on calendar dates only:
 * dates are handled as UTC midnights, so no time zone can move a day; the campus zone only says which day is today.
 */
import * as rrule from 'rrule';
import type { Weekday as RRuleWeekday } from 'rrule';
import { MAX_SERIES_DATES, RECURRENCE_MSG, SERIES_WEEKDAYS } from '../../../core/borrowing/recurrence';
import type { SeriesPattern } from '../../../core/borrowing/schemas';
import { daysBetween, isCalendarDate } from '../../../core/time';

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
