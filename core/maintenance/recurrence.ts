/**
 * When a maintenance plan's jobs fall due (docs/decisions/maintenance-plans.md): every N days, weeks or months from
 * its first date, or an RFC 5545 recurrence rule read by the rrule library, moved off the office calendar's closed
 * days. Pure; the server's (the browser shows the dates the server answers).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import * as rrulePackage from 'rrule';
import { isOpenDay, nextOpenDay, type OfficeCalendar } from '../site/calendar';
import { addDays, daysBetween } from '../time';
import type { PlanFrequency } from './rules';

dayjs.extend(utc);
// Node's loader reads rrule's CommonJS build, whose exports sit on `default`; bundlers read its ES build.
const { RRule } = (rrulePackage as unknown as { default?: typeof rrulePackage }).default ?? rrulePackage;
type RRule = InstanceType<typeof RRule>;

export interface Recurrence {
  frequency: PlanFrequency;
  interval: number;
  rule: string | null;
  /** The first date the plan is due (and the anchor every later date is counted from). */
  startDate: string;
}

const RULE_FREQS = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
const atUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** The recurrence rule read from its text ("FREQ=MONTHLY;INTERVAL=3", with or without "RRULE:"), or why not. */
export function parseRule(text: string, startDate: string): { rule: RRule } | { problem: string } {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body || /[\r\n]/.test(body) || /DTSTART/i.test(body)) return { problem: 'Enter a recurrence rule such as FREQ=MONTHLY;INTERVAL=3.' };
  try {
    const options = RRule.parseString(body);
    if (options.freq === undefined || !RULE_FREQS.has(options.freq))
      return { problem: 'A recurrence rule repeats daily, weekly, monthly or yearly (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY).' };
    if (options.byhour || options.byminute || options.bysecond) return { problem: 'A recurrence rule names days, not hours.' };
    return { rule: new RRule({ ...options, dtstart: atUtc(startDate), tzid: null }) };
  } catch {
    return { problem: 'That recurrence rule could not be read. Write it as FREQ=MONTHLY;INTERVAL=3 (RFC 5545).' };
  }
}

/**
 * The plan's first planned date after `after` (on or after its start when `after` is null), counted from the start
 * date so that months keep their day (Jan 31, Apr 30, Jul 31), or null when a rule has no more dates.
 */
export function nextPlannedDate(plan: Recurrence, after: string | null): string | null {
  const from = after === null || after < plan.startDate ? null : after;
  switch (plan.frequency) {
    case 'days':
    case 'weeks': {
      const step = plan.interval * (plan.frequency === 'weeks' ? 7 : 1);
      if (from === null) return plan.startDate;
      return addDays(plan.startDate, (Math.floor(daysBetween(plan.startDate, from) / step) + 1) * step);
    }
    case 'months': {
      const start = dayjs.utc(plan.startDate);
      if (from === null) return plan.startDate;
      let k = Math.max(1, Math.floor(dayjs.utc(from).diff(start, 'month') / plan.interval));
      for (;;) {
        const d = start.add(k * plan.interval, 'month').format('YYYY-MM-DD');
        if (d > from) return d;
        k++;
      }
    }
    case 'rule': {
      const parsed = parseRule(plan.rule ?? '', plan.startDate);
      if ('problem' in parsed) return null;
      const next = from === null ? parsed.rule.after(atUtc(plan.startDate), true) : parsed.rule.after(atUtc(from), false);
      return next ? dateOf(next) : null;
    }
  }
}

/** The day a planned date's job is due: the planned date, or the office's next open day when it is closed then. */
export const dueDateOf = (planned: string, calendar: OfficeCalendar) =>
  isOpenDay(planned, calendar) ? planned : nextOpenDay(planned, calendar);

/**
 * The next job after one planned for `planned` was done on `doneOn`: the first planned date after both, so a job
 * done early does not bring the next forward, and one done late does not leave a string of past dates behind it.
 */
export const plannedAfterDone = (plan: Recurrence, planned: string, doneOn: string) =>
  nextPlannedDate(plan, planned > doneOn ? planned : doneOn);

/** How a plan repeats in words: "Every 3 months", "Every week", "FREQ=MONTHLY;BYDAY=1MO". */
export function recurrenceText(plan: Pick<Recurrence, 'frequency' | 'interval' | 'rule'>): string {
  if (plan.frequency === 'rule') {
    const parsed = plan.rule ? parseRule(plan.rule, '2000-01-01') : null;
    return parsed && 'rule' in parsed ? capitalised(parsed.rule.toText()) : (plan.rule ?? '');
  }
  const unit = plan.frequency.slice(0, -1);
  return plan.interval === 1 ? `Every ${unit}` : `Every ${plan.interval} ${plan.frequency}`;
}
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
