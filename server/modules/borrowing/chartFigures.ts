/**
 * The borrowing figures the dashboards' charts draw (docs/decisions/dashboard-charts.md), grouped per week by the
 * database from `since` (the instant the chart's first week starts), each read through an index on the time it counts.
 */
import type { Db, Dialect } from '../../db/database';
import { weekOfColumn, type WeekCount } from '../../lib/weekSql';

/** Requests made per week and status. */
export function requestsPerWeekByStatus(db: Db, dialect: Dialect, since: string) {
  const week = weekOfColumn(dialect, 'created_at', since);
  return db
    .selectFrom('borrow_requests')
    .select((eb) => [week.as('week'), 'status', eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy([week, 'status'])
    .execute();
}

/** A person's requests made per week. */
export function requestsPerWeekOf(db: Db, dialect: Dialect, accountId: number, since: string): Promise<WeekCount[]> {
  const week = weekOfColumn(dialect, 'created_at', since);
  return db
    .selectFrom('borrow_requests')
    .select((eb) => [week.as('week'), eb.fn.countAll<number>().as('n')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .groupBy(week)
    .execute();
}

export type LoanLine = {
  id: number;
  date_needed: string;
  date_expected_return: string;
  returned_at: string | null;
  item_id: number | null;
  item_name: string;
  category: string;
};

/**
 * The lines of the loans that were out during a chart's period (from `since` to the campus date `to`): returned (or
 * checked in) since its first day, through the index on returned_at, and those still out, through the index on
 * status and date needed. Reservations not yet handed out are not out.
 */
export async function loanLinesIn(db: Db, since: string, to: string): Promise<LoanLine[]> {
  const base = () =>
    db
      .selectFrom('borrow_requests as r')
      .innerJoin('borrow_request_items as l', 'l.request_id', 'r.id')
      .select(['r.id', 'r.date_needed', 'r.date_expected_return', 'r.returned_at', 'l.item_id', 'l.item_name', 'l.category'])
      .where('l.quantity_approved', '>', 0);
  const [back, out] = await Promise.all([
    base().where('r.returned_at', '>=', since).where('r.status', 'in', ['returned', 'completed']).execute(),
    base()
      .where('r.status', '=', 'approved')
      .where('r.date_needed', '<=', to)
      .where((eb) => eb.or([eb('r.book_ahead', '=', 0), eb('r.handed_out_at', 'is not', null)]))
      .execute(),
  ]);
  return [...back, ...out];
}
