/**
 * Repair report rules (docs/product.md, docs/decisions/form-checks.md; docs/decisions/server-decides.md, repairs-lifecycle.md, money-and-relative-time.md). Pure: no I/O, shared by the
 * server and the browser, so every screen and the service say the same thing.
 */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { MSG } from '../messages';
import { isTimeOfDay, minutesOfDay, WEEKDAYS } from '../time';

// ---- statuses, priorities and the lifecycle ----

export const REPAIR_STATUSES = ['pending', 'scheduled', 'in-progress', 'completed'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];

export const REPAIR_STATUS_LABELS: Record<RepairStatus, string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  'in-progress': 'In Progress',
  completed: 'Completed',
};

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'medium';
export const PRIORITY_LABELS: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Who moves a report, from which statuses (docs/decisions/repairs-lifecycle.md). `to: null` keeps the status or takes the one chosen. */
export const REPAIR_ACTIONS = {
  /** The reporter changes what they reported, only while pending. */
  edit: { from: ['pending'], to: null, verb: 'edited' },
  /** The reporter withdraws it, only while pending. */
  delete: { from: ['pending'], to: null, verb: 'deleted' },
  /** An administrator assigns a pending report: scheduled, unless another status is chosen. */
  assign: { from: ['pending'], to: 'scheduled', verb: 'assigned' },
  /** An administrator edits any report (status, personnel, notes, cost, day and times). */
  update: { from: REPAIR_STATUSES, to: null, verb: 'updated' },
  /** The assigned person starts the work, with a proof image. */
  start: { from: ['pending', 'scheduled'], to: 'in-progress', verb: 'marked as in progress' },
  /** The assigned person finishes it, with a work description and a proof image. */
  complete: { from: ['in-progress'], to: 'completed', verb: 'marked as completed' },
  /** The assigned person's notes and actual cost. */
  work: { from: REPAIR_STATUSES, to: null, verb: 'updated' },
  /** The reporter rates a completed report, once. */
  rate: { from: ['completed'], to: null, verb: 'rated' },
  /** The office closes an open equipment-damage report with the equipment retired, beyond repair. */
  retire: { from: ['pending', 'scheduled', 'in-progress'], to: 'completed', verb: 'closed as beyond repair' },
} as const satisfies Record<string, { from: readonly RepairStatus[]; to: RepairStatus | null; verb: string }>;
export type RepairAction = keyof typeof REPAIR_ACTIONS;

export function canDoRepair(action: RepairAction, status: string): boolean {
  return (REPAIR_ACTIONS[action].from as readonly string[]).includes(status);
}

/** Why an action is refused in the report's present state, in words a person can act on. */
export function wrongRepairStateMessage(action: RepairAction, status: string): string {
  const { from, verb } = REPAIR_ACTIONS[action];
  const label = REPAIR_STATUS_LABELS[status as RepairStatus]?.toLowerCase() ?? status;
  const froms = from.map((s) => REPAIR_STATUS_LABELS[s].toLowerCase()).join(' or ');
  return `Only ${froms} reports can be ${verb}; this report is ${label}.`;
}

/** The status the personnel's advance button leads to, or null when there is none. */
export function nextRepairStatus(status: string): 'in-progress' | 'completed' | null {
  if (canDoRepair('start', status)) return 'in-progress';
  if (canDoRepair('complete', status)) return 'completed';
  return null;
}

/** docs/product.md ordering: completed last; pending, then scheduled, then in progress; ties high, medium, low. */
export const STATUS_ORDER: readonly RepairStatus[] = ['pending', 'scheduled', 'in-progress', 'completed'];
export const PRIORITY_ORDER: readonly Priority[] = ['high', 'medium', 'low'];

/** The lists' tabs and orders, and the deadline filters (docs/decisions/repair-deadlines.md). */
export const REPAIR_TABS = ['all', ...REPAIR_STATUSES] as const;
export type RepairTab = (typeof REPAIR_TABS)[number];
export const REPAIR_SORTS = ['board', 'due'] as const;
export const DUE_FILTERS = ['overdue', 'soon'] as const;

// ---- ids ----

export const repairCode = (id: number) => `RPR-${id}`;

/** "RPR-12", "rpr 12", "#12" or "12" to 12; anything else to null. */
export function parseRepairCode(text: string): number | null {
  const m = text.trim().match(/^(?:RPR\s*-?\s*|#)?(\d{1,9})$/i);
  return m ? Number(m[1]) : null;
}

// ---- money (docs/decisions/money-and-relative-time.md): pesos with at most two decimals, kept in centavos ----

const MAX_COST = 10_000_000;
export const isPesoAmount = (n: number) => Number.isFinite(n) && n >= 0 && n <= MAX_COST && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
export const toCentavos = (n: number) => Math.round(n * 100);
export const fromCentavos = (c: number | null) => (c === null ? null : c / 100);

// ---- ratings ----

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX = 1000;

// ---- the report form (docs/product.md, docs/decisions/form-checks.md), checked the same way in the browser and on the server ----

export const BUILDING_MAX = 100;
export const ROOM_MAX = 100;
export const ISSUE_MAX = 2000;
const NOTES_MAX = 2000;
const WORK_DESCRIPTION_MAX = 20_000;

const filled = z.string({ error: MSG.repairMissingInformation }).check(z.trim(), z.minLength(1, MSG.repairMissingInformation));
const timeField = z.string().check(z.refine(isTimeOfDay, MSG.repairInvalidTime));
/** A preferred time: empty (any time), or HH:MM. */
const optionalTime = z.string().check(z.refine((t) => t === '' || isTimeOfDay(t), MSG.repairInvalidTime));
/** The end after the start; times that are not HH:MM are their own field's problem, not this one's. */
const endAfterStart = (r: { timeStart?: unknown; timeEnd?: unknown }) =>
  typeof r.timeStart !== 'string' ||
  typeof r.timeEnd !== 'string' ||
  !isTimeOfDay(r.timeStart) ||
  !isTimeOfDay(r.timeEnd) ||
  minutesOfDay(r.timeEnd) > minutesOfDay(r.timeStart);

/**
 * The report form: everything marked required filled in (building, room and the issue), then the values. The
 * preferred day and times are optional (docs/decisions/repairs-lifecycle.md): left empty, any time suits the
 * reporter; given, a real weekday, and both times or neither, the end after the start.
 */
export const repairReportForm = z.pipe(
  z.looseObject({
    building: filled,
    room: filled,
    priority: z.enum(PRIORITIES, MSG.repairMissingInformation),
    issueDescription: filled,
  }),
  z
    .object({
      building: z.string().check(z.maxLength(BUILDING_MAX, MSG.repairFieldTooLong('Building', BUILDING_MAX))),
      room: z.string().check(z.maxLength(ROOM_MAX, MSG.repairFieldTooLong('Room', ROOM_MAX))),
      priority: z.enum(PRIORITIES),
      day: z.string().check(z.refine((d) => d === '' || (WEEKDAYS as readonly string[]).includes(d), MSG.repairInvalidDay)),
      timeStart: optionalTime,
      timeEnd: optionalTime,
      issueDescription: z.string().check(z.maxLength(ISSUE_MAX, MSG.repairFieldTooLong('Issue description', ISSUE_MAX))),
    })
    .check(
      z.refine((r) => (r.timeStart === '') === (r.timeEnd === ''), { message: MSG.repairBothTimes, path: ['timeEnd'], ...always }),
      z.refine(endAfterStart, { message: MSG.repairEndBeforeStart, path: ['timeEnd'], ...always }),
    ),
);

/**
 * The admin's assign and edit form (docs/product.md): a status and assigned personnel; the day and times, when
 * given, are a real weekday and HH:MM with the end after the start; the estimated cost pesos.
 */
const assignmentFilled = z.looseObject({
  status: z.enum(REPAIR_STATUSES, MSG.assignStatusAndPersonnel),
  assignedTo: z.number(MSG.assignStatusAndPersonnel),
});
const assignmentShape = {
  status: z.enum(REPAIR_STATUSES),
  assignedTo: z.number(),
  estimatedCost: z.nullable(z.number(MSG.costInvalid('Estimated cost')).check(z.refine(isPesoAmount, MSG.costInvalid('Estimated cost')))),
  day: z.nullable(z.enum(WEEKDAYS, MSG.repairInvalidDay)),
  timeStart: z.nullable(timeField),
  timeEnd: z.nullable(timeField),
  adminNotes: z.string().check(z.maxLength(NOTES_MAX, MSG.repairFieldTooLong('Admin notes', NOTES_MAX))),
};
type AssignmentSlot = { timeStart: string | null; timeEnd: string | null };
const assignmentSlot = [
  z.refine<AssignmentSlot>((r) => (r.timeStart == null) === (r.timeEnd == null), {
    message: MSG.repairBothTimes,
    path: ['timeEnd'],
    ...always,
  }),
  z.refine<AssignmentSlot>(endAfterStart, { message: MSG.repairEndBeforeStart, path: ['timeEnd'], ...always }),
] as const;

export const assignmentForm = z.pipe(assignmentFilled, z.object(assignmentShape).check(...assignmentSlot));

/** The personnel's Update dialog: notes and the actual cost. */
export const workForm = z.object({
  personnelNotes: z.string().check(z.maxLength(NOTES_MAX, MSG.repairFieldTooLong('Your notes', NOTES_MAX))),
  actualCost: z.nullable(z.number(MSG.costInvalid('Actual cost')).check(z.refine(isPesoAmount, MSG.costInvalid('Actual cost')))),
});

/** The Update dialog on the campus day `today` (YYYY-MM-DD): its notes and cost, and a Date Completed not after that day. */
export const workFormOn = (today: string) =>
  z.extend(workForm, {
    dateCompleted: z.nullish(z.string().check(z.refine((d) => d <= today, MSG.dateCompletedInFuture))),
  });

/**
 * What completing a repair needs, whoever completes it: the personnel's Mark as Completed (with its proof photo)
 * and an administrator's Assign or Edit to Completed alike: a work description; the actual cost is optional
 * (none, never 0, when left blank), pesos when given (docs/decisions/repair-completion.md). The one rule both
 * the services and the dialogs check.
 */
export const completionForm = z.object({
  workDescription: z
    .string(MSG.workDescriptionRequired)
    .check(
      z.trim(),
      z.minLength(1, MSG.workDescriptionRequired),
      z.maxLength(WORK_DESCRIPTION_MAX, MSG.repairFieldTooLong('Work description', WORK_DESCRIPTION_MAX)),
    ),
  actualCost: z.nullable(z.number(MSG.costInvalid('Actual cost')).check(z.refine(isPesoAmount, MSG.costInvalid('Actual cost')))),
});
export type CompletionValues = { workDescription: string; actualCost: number | null };

/**
 * The office's Assign or Edit to Completed, as its dialog checks it: the assignment first, then what completing
 * needs (completionForm), which the service checks against the report as it stands.
 */
export const assignCompletedForm = z.pipe(
  z.pipe(assignmentFilled, z.looseObject(assignmentShape).check(...assignmentSlot)),
  z.object({ ...assignmentShape, ...completionForm.shape }),
);

export const RETIRE_REASON_MAX = 1000;
/** Beyond repair (docs/decisions/return-conditions.md): why the equipment is retired, kept in its history. */
export const retireForm = z.object({
  reason: z
    .string(MSG.retireReasonRequired)
    .check(
      z.trim(),
      z.minLength(1, MSG.retireReasonRequired),
      z.maxLength(RETIRE_REASON_MAX, MSG.repairFieldTooLong('Reason', RETIRE_REASON_MAX)),
    ),
});
