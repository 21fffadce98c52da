/**
 * The orders of the repair lists, and the deadline that runs now (docs/decisions/repair-deadlines.md), which the
 * lists sort and filter by and the hourly escalation reads.
 */
import { sql } from 'kysely';
import { PRIORITY_ORDER, STATUS_ORDER } from '../../../core/repairs/rules';
import type { RepairsParams } from '../../../core/repairs/schemas';
import type { ReportFilter } from './reportRows';

/** A rank by a list of values; literals, not parameters, so it matches the expression indexes of 017_repair_lists. */
export const rankOf = <T extends string>(column: string, order: readonly T[]) =>
  sql<number>`(case ${sql.ref(column)} ${sql.join(
    order.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(order.length)} end)`;

/**
 * Completed last; pending, scheduled, then in progress; ties high, medium, low; the latest completed first; then
 * oldest first (first come, first served). Within one status tab the status rank is left out, so the tab's index
 * serves the order.
 */
export const officeOrder =
  (tab: RepairsParams['status']) =>
  (q: ReportFilter): ReportFilter =>
    (tab === 'all' ? q.orderBy(rankOf('rr.status', STATUS_ORDER)) : q)
      .orderBy(rankOf('rr.priority', PRIORITY_ORDER))
      .orderBy(sql`(case when ${sql.ref('rr.status')} = ${sql.lit('completed')} then ${sql.ref('rr.completed_at')} end)`, 'desc')
      .orderBy('rr.created_at', 'asc')
      .orderBy('rr.id', 'asc');

/**
 * The deadline that runs now (docs/decisions/repair-deadlines.md): the response until the first assignment, then
 * the fix; none once completed or while on hold, sorted last. Written exactly as the index of migration 030.
 */
export const RUNNING_DUE = sql<string>`coalesce(case when status = 'completed' or held_at is not null then null when assigned_to is null then respond_by else fix_by end, '9999')`;
export const RUNNING_SOON = sql<string>`coalesce(case when status = 'completed' or held_at is not null then null when assigned_to is null then respond_soon else fix_soon end, '9999')`;

/** The deadline that runs now first, then the office's order within a tie. */
export const dueOrder = (q: ReportFilter): ReportFilter => q.orderBy(RUNNING_DUE).orderBy('rr.id', 'asc');

/** Reports whose running deadline has passed (overdue), or has not but is due soon, at `now`. */
export function dueFilter(base: ReportFilter, due: RepairsParams['due'], now: string): ReportFilter {
  if (due === 'overdue') return base.where(RUNNING_DUE, '<=', now);
  if (due === 'soon') return base.where(RUNNING_SOON, '<=', now).where(RUNNING_DUE, '>', now);
  return base;
}

/** Newest first: the reporter's My Reports and a room's reports. */
export const newestFirst = (q: ReportFilter) => q.orderBy('rr.created_at', 'desc').orderBy('rr.id', 'desc');
