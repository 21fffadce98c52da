/** What reports there are and what they take (docs/decisions/reports.md): shared by the screen and the server, without the API's schemas. */
import { addDays, daysBetween } from '../time';

export const REPORT_KINDS = ['lending', 'utilization', 'overdue', 'repairs', 'ratings', 'departments'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  lending: 'Lending activity',
  utilization: 'Item utilization',
  overdue: 'Overdue and loss',
  repairs: 'Repairs by building, trade and priority',
  ratings: 'Repair ratings',
  departments: 'Consumption by department',
};

/**
 * The filters each report takes besides its dates: borrowing by category, repairs by building and trade,
 * consumption by department per month or per term.
 */
export type ReportFilter = 'category' | 'building' | 'trade' | 'per';
export const REPORT_FILTERS: Record<ReportKind, readonly ReportFilter[]> = {
  lending: ['category'],
  utilization: ['category'],
  overdue: ['category'],
  repairs: ['building', 'trade'],
  ratings: ['building', 'trade'],
  departments: ['per'],
};

/** How Consumption by department groups its dates: by calendar month (the default) or by campus term (core/reports/terms.ts). */
export const REPORT_PERIODS = ['month', 'term'] as const;
export type ReportPer = (typeof REPORT_PERIODS)[number];
export const PER_LABELS: Record<ReportPer, string> = { month: 'Month', term: 'Term' };

export const SCHEDULES = ['none', 'weekly', 'monthly'] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** The longest span one report covers: three years. */
export const MAX_REPORT_DAYS = 1096;
/** Without dates, a report covers the last 30 days to today. */
export const DEFAULT_REPORT_DAYS = 30;

/** A report's dates, each a calendar date (YYYY-MM-DD) or not given. */
export interface ReportDates {
  from?: string;
  to?: string;
}

/** Why two dates cannot make a report (the end before the start, more than three years), or null. */
export function datesProblem(f: ReportDates): string | null {
  if (f.from && f.to && f.from > f.to) return 'must not be before from';
  if (f.from && f.to && daysBetween(f.from, f.to) >= MAX_REPORT_DAYS) return 'a report covers at most three years';
  return null;
}

/** The dates a report covers: the ones given, else the last 30 days to today (or 30 days to the given end). */
export function reportPeriod(f: ReportDates, today: string): { from: string; to: string } {
  const to = f.to ?? (f.from && f.from > today ? addDays(f.from, DEFAULT_REPORT_DAYS - 1) : today);
  const from = f.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  return { from, to };
}

/** Which filter a report does not take, if the filters name one. */
export function unusedFilter(kind: ReportKind, f: Partial<Record<ReportFilter, unknown>>): ReportFilter | null {
  for (const k of ['category', 'building', 'trade', 'per'] as const) if (f[k] !== undefined && !REPORT_FILTERS[kind].includes(k)) return k;
  return null;
}

/** The file name of a report's download. */
export const reportFileName = (kind: ReportKind, from: string, to: string, ext: 'csv' | 'pdf') => `report-${kind}-${from}-to-${to}.${ext}`;
