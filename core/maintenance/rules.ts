/**
 * Recurring preventive maintenance plans (docs/decisions/maintenance-plans.md): the words and limits shared by the
 * server and the browser. When jobs fall due is in recurrence.ts.
 */

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

/** Plan codes as the screens show them. */
export const planCode = (id: number) => `MP-${id}`;
