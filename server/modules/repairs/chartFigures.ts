/**
 * The repair figures the dashboards' charts draw (docs/decisions/dashboard-charts.md), grouped per week by the
 * database from `since` (the instant the chart's first week starts), each read through an index on the time it counts.
 */
import type { Db, Dialect } from '../../db/database';
import { hoursBetween, weekOfColumn, type WeekCount } from '../../lib/weekSql';

type Column = 'created_at' | 'completed_at' | 'assigned_at' | 'rated_at';

/** Reports counted per week of `column` (made, completed, assigned), all of them or one person's assigned ones. */
function perWeekOf(db: Db, dialect: Dialect, column: Column, since: string, assignedTo?: number): Promise<WeekCount[]> {
  const week = weekOfColumn(dialect, column, since);
  let q = db
    .selectFrom('repair_reports')
    .select((eb) => [week.as('week'), eb.fn.countAll<number>().as('n')])
    .where(column, '>=', since);
  if (assignedTo !== undefined) q = q.where('assigned_to', '=', assignedTo);
  return q.groupBy(week).execute();
}

export const repairsOpenedPerWeek = (db: Db, dialect: Dialect, since: string) => perWeekOf(db, dialect, 'created_at', since);
export const repairsClosedPerWeek = (db: Db, dialect: Dialect, since: string) => perWeekOf(db, dialect, 'completed_at', since);

/** Repairs completed since, per priority, with their average hours from report to completion. */
export function fixHoursByPriority(db: Db, dialect: Dialect, since: string) {
  return db
    .selectFrom('repair_reports')
    .select((eb) => [
      'priority',
      eb.fn.countAll<number>().as('n'),
      eb.fn.avg(hoursBetween(dialect, 'created_at', 'completed_at')).as('hours'),
    ])
    .where('completed_at', '>=', since)
    .groupBy('priority')
    .execute();
}

/** Ratings given since, per trade of the person who did the work (null: not assigned). */
export function ratingsByTrade(db: Db, since: string) {
  return db
    .selectFrom('repair_reports as rr')
    .leftJoin('accounts as a', 'a.id', 'rr.assigned_to')
    .select((eb) => ['a.job_type', eb.fn.countAll<number>().as('n'), eb.fn.avg('rr.rating').as('average')])
    .where('rr.rated_at', '>=', since)
    .where('rr.rating', 'is not', null)
    .groupBy('a.job_type')
    .execute();
}

/** A personnel member's jobs assigned and completed per week, and the ratings given per week (count and total). */
export async function jobsPerWeekOf(db: Db, dialect: Dialect, accountId: number, since: string) {
  const ratedWeek = weekOfColumn(dialect, 'rated_at', since);
  const [assigned, completed, rated] = await Promise.all([
    perWeekOf(db, dialect, 'assigned_at', since, accountId),
    perWeekOf(db, dialect, 'completed_at', since, accountId),
    db
      .selectFrom('repair_reports')
      .select((eb) => [ratedWeek.as('week'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('total')])
      .where('assigned_to', '=', accountId)
      .where('rated_at', '>=', since)
      .where('rating', 'is not', null)
      .groupBy(ratedWeek)
      .execute(),
  ]);
  return { assigned, completed, rated };
}

/** A person's reports made per week. */
export function reportsPerWeekOf(db: Db, dialect: Dialect, accountId: number, since: string): Promise<WeekCount[]> {
  const week = weekOfColumn(dialect, 'created_at', since);
  return db
    .selectFrom('repair_reports')
    .select((eb) => [week.as('week'), eb.fn.countAll<number>().as('n')])
    .where('reporter_id', '=', accountId)
    .where('created_at', '>=', since)
    .groupBy(week)
    .execute();
}
