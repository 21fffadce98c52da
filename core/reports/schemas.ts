/** Reports for the office (administrators and staff), saved and scheduled (docs/decisions/reports.md). */
import { z } from 'zod';
import { calendarDate, id, isoTime, line, messageResult, text } from '../common/schemas';
import { CATEGORIES } from '../inventory/rules';
import { JOB_TYPES } from '../roles';
import { isCalendarDate } from '../time';
import { firstIssue } from '../common/forms';
import { SAVED_REPORT_NAME_MAX, savedReportForm } from './forms';
import { datesProblem, REPORT_KINDS, REPORT_PERIODS, REPORT_TITLES, SCHEDULES, unusedFilter, type ReportDates } from './rules';

const day = text().refine(isCalendarDate, 'must be a date, YYYY-MM-DD').meta({ description: 'calendar date, YYYY-MM-DD' });

const filterShape = {
  from: day.optional(),
  to: day.optional(),
  category: z.enum(CATEGORIES).optional(),
  building: line().trim().min(1).max(120).optional(),
  trade: z.enum(JOB_TYPES).optional(),
  per: z.enum(REPORT_PERIODS).optional(),
};

const datesInOrder = (f: ReportDates, c: z.RefinementCtx) => {
  const problem = datesProblem(f);
  if (problem) c.addIssue({ code: 'custom', path: ['to'], message: problem });
};

/** A report's filters (the query of a report and its downloads; a saved report's filters). */
export const reportFilters = z.strictObject(filterShape).superRefine(datesInOrder);
export type ReportFilters = z.infer<typeof reportFilters>;

export const reportKindParams = z.object({ kind: z.enum(REPORT_KINDS) });

const cell = z.union([z.string(), z.number(), z.null()]);

/** One report: a table (header and rows, numbers as numbers), the totals row, and a chart's data where one helps. */
export const report = z.object({
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  from: calendarDate,
  to: calendarDate,
  filters: z.object({
    category: z.string().nullable(),
    building: z.string().nullable(),
    trade: z.string().nullable(),
    per: z.enum(REPORT_PERIODS).nullable(),
  }),
  columns: z.array(z.object({ label: z.string(), numeric: z.boolean(), money: z.boolean().optional() })),
  rows: z.array(z.array(cell)),
  totals: z.array(cell).nullable(),
  chart: z.object({ title: z.string(), series: z.string(), data: z.array(z.object({ name: z.string(), value: z.number() })) }).nullable(),
  generatedAt: isoTime,
});
export type Report = z.infer<typeof report>;

export const savedReport = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  filters: reportFilters,
  schedule: z.enum(SCHEDULES),
  recipients: z.array(z.object({ id: z.number(), name: z.string() })),
  nextRunAt: isoTime.nullable(),
  lastSentAt: isoTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type SavedReport = z.infer<typeof savedReport>;

export const savedReportList = z.object({
  items: z.array(savedReport),
  /** Who may receive a scheduled report: the office's administrators and staff. */
  recipients: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type SavedReportList = z.infer<typeof savedReportList>;

export const savedReportBody = z
  .strictObject({
    name: line().trim().max(SAVED_REPORT_NAME_MAX),
    kind: z.enum(REPORT_KINDS),
    filters: reportFilters,
    schedule: z.enum(SCHEDULES),
    recipientIds: z.array(id).max(20).default([]),
  })
  .superRefine((b, c) => {
    const problem = firstIssue(savedReportForm, b);
    if (problem) c.addIssue({ code: 'custom', path: problem.field ? [problem.field] : [], message: problem.message });
    const unused = unusedFilter(b.kind, b.filters);
    if (unused) c.addIssue({ code: 'custom', path: ['filters', unused], message: `${REPORT_TITLES[b.kind]} has no ${unused} filter` });
  });
export type SavedReportBody = z.input<typeof savedReportBody>;

export const savedReportResult = messageResult.extend({ report: savedReport });

/** Development only: run the scheduled reports as if it were `now` (the journeys' clock). */
export const runScheduledBody = z.strictObject({
  now: text()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO instant')
    .optional(),
});
export const runScheduledResult = z.object({ sent: z.array(z.number()) });
