/**
 * Repair deadlines (docs/decisions/repair-deadlines.md): what the office promises per priority (respond: a first
 * assignment; fix: completed), counted in the office calendar's working time, and each report's clock against them.
 */
import * as z from 'zod/mini';
import { MSG } from '../messages';
import type { OfficeCalendar } from '../site/calendar';
import { addWorkingDays, addWorkingMinutes, workingMinutesBetween } from '../site/workingTime';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from './rules';

export const TARGET_UNITS = ['hours', 'days'] as const;
export type TargetUnit = (typeof TARGET_UNITS)[number];
export interface Target {
  amount: number;
  unit: TargetUnit;
}
export type RepairTargets = Record<Priority, { respond: Target; fix: Target }>;

/** The office's promises until an administrator sets its own (the table in docs/guide/office.md, "Repair deadlines"). */
export const DEFAULT_TARGETS: RepairTargets = {
  high: { respond: { amount: 4, unit: 'hours' }, fix: { amount: 1, unit: 'days' } },
  medium: { respond: { amount: 1, unit: 'days' }, fix: { amount: 5, unit: 'days' } },
  low: { respond: { amount: 3, unit: 'days' }, fix: { amount: 10, unit: 'days' } },
};

/** A target longer than these is a slip of the keyboard, not a promise. */
export const TARGET_MAX: Record<TargetUnit, number> = { hours: 200, days: 120 };

const target = z.object({ amount: z.number(), unit: z.enum(TARGET_UNITS) }).check(
  z.refine((t) => Number.isInteger(t.amount) && t.amount >= 1 && t.amount <= TARGET_MAX[t.unit], {
    message: MSG.repairTargetInvalid(TARGET_MAX.hours, TARGET_MAX.days),
  }),
);
const priorityTargets = z.object({ respond: target, fix: target });

/** The targets as an administrator saves them: every priority, each with a response and a fix target. */
export const repairTargetsForm = z.object(
  Object.fromEntries(PRIORITIES.map((p) => [p, priorityTargets])) as Record<Priority, typeof priorityTargets>,
);

/** Stored targets (settings JSON), or the defaults when missing or unreadable. */
export function readTargets(json: string | null | undefined): RepairTargets {
  if (!json) return DEFAULT_TARGETS;
  try {
    const parsed = repairTargetsForm.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_TARGETS;
  } catch {
    return DEFAULT_TARGETS;
  }
}

/** "4 working hours", "1 working day". */
export const targetText = (t: Target) => `${t.amount} working ${t.unit === 'hours' ? 'hour' : 'day'}${t.amount === 1 ? '' : 's'}`;

/** "High: respond within 4 working hours, fix within 1 working day". */
export const targetsText = (targets: RepairTargets, priority: Priority) =>
  `${PRIORITY_LABELS[priority]}: respond within ${targetText(targets[priority].respond)}, fix within ${targetText(targets[priority].fix)}`;

/** A report's deadlines, as ISO instants; null where the calendar never opens again. */
export interface Deadlines {
  respondBy: string | null;
  /** When the response becomes due soon: three quarters of its working time gone. */
  respondSoon: string | null;
  fixBy: string | null;
  fixSoon: string | null;
}

const MINUTE = 60_000;

function deadline(start: Date, t: Target, calendar: OfficeCalendar, timeZone: string): { by: string | null; soon: string | null } {
  const by =
    t.unit === 'hours' ? addWorkingMinutes(start, t.amount * 60, calendar, timeZone) : addWorkingDays(start, t.amount, calendar, timeZone);
  if (!by) return { by: null, soon: null };
  const minutes = workingMinutesBetween(start, by, calendar, timeZone);
  const soon = addWorkingMinutes(start, Math.floor(minutes * 0.75), calendar, timeZone) ?? by;
  return { by: by.toISOString(), soon: new Date(Math.min(soon.getTime(), by.getTime() - MINUTE)).toISOString() };
}

/** The deadlines of a report made at `reportedAt` with this priority (both counted from the report). */
export function deadlinesOf(
  reportedAt: Date,
  priority: Priority,
  targets: RepairTargets,
  calendar: OfficeCalendar,
  timeZone: string,
): Deadlines {
  const respond = deadline(reportedAt, targets[priority].respond, calendar, timeZone);
  const fix = deadline(reportedAt, targets[priority].fix, calendar, timeZone);
  return { respondBy: respond.by, respondSoon: respond.soon, fixBy: fix.by, fixSoon: fix.soon };
}

export const CLOCK_STATES = ['on_track', 'due_soon', 'overdue', 'on_hold'] as const;
export type ClockState = (typeof CLOCK_STATES)[number];
export const CLOCK_LABELS: Record<ClockState, string> = {
  on_track: 'On track',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  on_hold: 'On hold',
};

export interface Clock {
  /** Which promise runs now: the response until the report is first assigned, then the fix. */
  kind: 'respond' | 'fix';
  due: string;
  state: ClockState;
}

/**
 * A report's clock at `now`: none once completed, or when it carries no deadline (reports made before the targets
 * existed); stopped while on hold. The response is kept by the first assignment, the fix by completion.
 */
export function clockOf(
  r: { status: string; assignedTo: number | null; onHold?: unknown } & Deadlines,
  now: Date = new Date(),
): Clock | null {
  if (r.status === 'completed') return null;
  const kind = r.assignedTo === null ? 'respond' : 'fix';
  const due = kind === 'respond' ? r.respondBy : r.fixBy;
  const soon = kind === 'respond' ? r.respondSoon : r.fixSoon;
  if (!due) return null;
  if (r.onHold) return { kind, due, state: 'on_hold' };
  const t = now.getTime();
  const state: ClockState = t >= Date.parse(due) ? 'overdue' : soon && t >= Date.parse(soon) ? 'due_soon' : 'on_track';
  return { kind, due, state };
}

// ---- on hold ----

export const HOLD_REASON_MAX = 200;
/** Reasons offered when putting a report on hold; any other may be typed. */
export const HOLD_REASONS = ['Waiting for parts', 'No access to the room', 'Waiting for the reporter', 'Waiting for a contractor'];

export const holdForm = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, MSG.holdReasonRequired), z.maxLength(HOLD_REASON_MAX, MSG.holdReasonTooLong(HOLD_REASON_MAX))),
});

/** A deadline moved on by the working time a report spent on hold. */
export function shiftedBy(iso: string | null, minutes: number, calendar: OfficeCalendar, timeZone: string): string | null {
  if (!iso || minutes <= 0) return iso;
  return addWorkingMinutes(new Date(iso), minutes, calendar, timeZone)?.toISOString() ?? iso;
}
