import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database';

/** A count per week of a chart (docs/decisions/dashboard-charts.md): the week is 0 for the period's first. */
export type WeekCount = { week: unknown; n: unknown };

/** The week (0 for the period's first) of an ISO instant column, counted from `from` (an instant) by the database. */
export function weekOfColumn(dialect: Dialect, column: string, from: string): RawBuilder<number> {
  // The instant is written into the statement (the server makes it: an ISO string), not passed as a parameter, so
  // that the select and the group by hold the same expression, which PostgreSQL requires.
  const at = sql.lit(from);
  return dialect === 'postgres'
    ? sql<number>`floor(extract(epoch from (${sql.ref(column)}::timestamptz - ${at}::timestamptz)) / 604800)::int`
    : sql<number>`cast((julianday(${sql.ref(column)}) - julianday(${at})) / 7 as integer)`;
}

/** Hours between two ISO instant columns. */
export function hoursBetween(dialect: Dialect, start: string, end: string): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (${sql.ref(end)}::timestamptz - ${sql.ref(start)}::timestamptz)) / 3600`
    : sql<number>`(julianday(${sql.ref(end)}) - julianday(${sql.ref(start)})) * 24`;
}
