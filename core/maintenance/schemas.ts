/** The maintenance plans' API contract (docs/decisions/maintenance-plans.md). */
import { z } from 'zod';
import { calendarDate, count, countsOf, id, isoTime, line, pagingQuery, text } from '../common/schemas';
import { checklistForm } from '../forms/schemas';
import { PRIORITIES } from '../repairs/rules';
import { JOB_TYPES } from '../roles';
import { isCalendarDate, isTimeOfDay } from '../time';
import { PLAN_CHECKLISTS, PLAN_FREQUENCIES, PLAN_INTERVAL_MAX, PLAN_RULE_MAX, PLAN_TABS, PLAN_TITLE_MAX } from './rules';

const date = text().refine(isCalendarDate, 'a real calendar date, YYYY-MM-DD');
const time = text().refine(isTimeOfDay, 'a time of day, HH:MM');

// ---- in ----

/** New Plan: what, where (a room or a unit), who (a person or a trade), how often, from when, at what time. */
export const planBody = z.object({
  title: line().trim().min(1, 'Say what is done.').max(PLAN_TITLE_MAX),
  checklist: z.enum(PLAN_CHECKLISTS).default('preventive-maintenance'),
  roomId: id.nullable().default(null),
  unitId: id.nullable().default(null),
  /** A personnel account the jobs are scheduled for, or a trade (a personnel job type) left for the office to assign. */
  personnelId: id.nullable().default(null),
  trade: z.union([z.enum(JOB_TYPES), z.literal('')]).default(''),
  frequency: z.enum(PLAN_FREQUENCIES),
  interval: z.coerce.number().int().min(1).max(PLAN_INTERVAL_MAX).default(1),
  /** An RFC 5545 RRULE (FREQ=MONTHLY;INTERVAL=3), with frequency 'rule'. */
  rule: text().trim().max(PLAN_RULE_MAX).default(''),
  /** The first date the plan is due; every later date is counted from it. */
  startDate: date,
  startTime: time.default('08:00'),
  endTime: time.default('10:00'),
  priority: z.enum(PRIORITIES).default('medium'),
});
export type PlanInput = z.input<typeof planBody>;
export type PlanValues = z.infer<typeof planBody>;

export const planListQuery = z.object({
  ...pagingQuery,
  tab: z.enum(['all', ...PLAN_TABS]).default('active'),
});
export type PlanListQuery = z.input<typeof planListQuery>;
export type PlanListParams = z.infer<typeof planListQuery>;

/** Done with the checklist: the particulars as marked (building, room and month come from the plan and the day). */
export const completeJobBody = z.strictObject({
  /** The open job being done: a job already done (by someone else a moment before) answers 409. */
  jobId: id,
  particulars: checklistForm.shape.particulars,
  campus: checklistForm.shape.campus,
  designation: checklistForm.shape.designation,
  priority: z.enum(PRIORITIES).default('medium'),
});
export type CompleteJobInput = z.input<typeof completeJobBody>;

// ---- out ----

export const planSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    checklist: z.enum(PLAN_CHECKLISTS),
    checklistName: z.string(),
    roomId: z.number().int().nullable(),
    unitId: z.number().int().nullable(),
    /** Where: "ENG-204 Computer Lab", or a unit's tag and item ("PRJ-0003 Projector"). */
    target: z.string(),
    building: z.string(),
    room: z.string(),
    personnelId: z.number().int().nullable(),
    personnelName: z.string().nullable(),
    /** A personnel job type ('electrician'), or '' when the plan names a person. */
    trade: z.string(),
    tradeLabel: z.string(),
    frequency: z.enum(PLAN_FREQUENCIES),
    interval: z.number().int(),
    rule: z.string().nullable(),
    recurrence: z.string(),
    startDate: calendarDate,
    startTime: z.string(),
    endTime: z.string(),
    priority: z.enum(PRIORITIES),
    /** The open job: its planned date, the day it is due (moved off closed days) and its schedule entry. */
    nextJob: z
      .object({ id: z.number().int(), planned: calendarDate, due: calendarDate, scheduleEntryId: z.number().int().nullable() })
      .nullable(),
    lastDone: calendarDate.nullable(),
    overdue: z.boolean(),
    endedAt: isoTime.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'MaintenancePlan' });
export type PlanDto = z.infer<typeof planSchema>;

export const planList = z.object({ items: z.array(planSchema), total: count, counts: countsOf(['all', ...PLAN_TABS]) });
export type PlanList = z.infer<typeof planList>;

export const planResult = z.object({ message: z.string(), plan: planSchema });
export type PlanResult = z.infer<typeof planResult>;

/** Personnel's own plan jobs, each with its checklist to fill. */
export const myPlanJobs = z.object({ items: z.array(planSchema) });
export type MyPlanJobs = z.infer<typeof myPlanJobs>;

export const completeJobResult = z.object({
  message: z.string(),
  plan: planSchema,
  inspectionId: z.number().int(),
  repairReportIds: z.array(z.number().int()),
});
export type CompleteJobResult = z.infer<typeof completeJobResult>;

/** Plan compliance over the last COMPLIANCE_DAYS days: jobs due, and those done on or before their due day. */
export const planCompliance = z.object({
  from: calendarDate,
  to: calendarDate,
  due: count,
  onTime: count,
  late: count,
  missed: count,
  /** onTime / due as a whole percent; null when nothing was due. */
  percent: z.number().int().nullable(),
});
export type PlanCompliance = z.infer<typeof planCompliance>;

/** The places and people the New Plan form picks from. */
export const planChoices = z.object({
  rooms: z.array(z.object({ id: z.number().int(), label: z.string() })),
  units: z.array(z.object({ id: z.number().int(), label: z.string() })),
  personnel: z.array(z.object({ id: z.number().int(), name: z.string(), trade: z.string(), designation: z.string() })),
  trades: z.array(z.object({ value: z.enum(JOB_TYPES), label: z.string() })),
});
export type PlanChoices = z.infer<typeof planChoices>;
