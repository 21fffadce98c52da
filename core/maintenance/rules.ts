/**
 * Recurring preventive maintenance plans (docs/decisions/maintenance-plans.md). Pure: when a plan's jobs fall due,
 * moved off the office calendar's closed days; shared by the server and the browser.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { RRule } from 'rrule';
import { isOpenDay, nextOpenDay, type OfficeCalendar } from '../site/calendar';
import { addDays, daysBetween } from '../time';

dayjs.extend(utc);

/** How a plan repeats: every N days, weeks or months from its first date, or by a recurrence rule (RFC 5545 RRULE). */
export const PLAN_FREQUENCIES = ['days', 'weeks', 'months', 'rule'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** The checklists a plan's job is done with: today the Preventive Maintenance Checklist (core/forms/checklist.ts). */
export const PLAN_CHECKLISTS = ['preventive-maintenance'] as const;
export type PlanChecklist = (typeof PLAN_CHECKLISTS)[number];
export const CHECKLIST_NAMES: Record<PlanChecklist, string> = { 'preventive-maintenance': 'Preventive Maintenance Checklist' };

/** The plans list's tabs: plans running, those whose job is past due, and those ended. */
export const PLAN_TABS = ['active', 'overdue', 'ended'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];

export const PLAN_TITLE_MAX = 100;
export const PLAN_INTERVAL_MAX = 366;
export const PLAN_RULE_MAX = 200;
/** The window of the dashboard's plan compliance. */
export const COMPLIANCE_DAYS = 90;

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

/** Plan codes as the screens show them. */
export const planCode = (id: number) => `MP-${id}`;
