/**
 * The loans overdue now, one count for every figure that says so (docs/decisions/reports.md): the office's Overdue
 * tab, the Overdue and loss report (screen, PDF and mail) and the dashboard's overdue chart. A loan is overdue from
 * the day after its expected return while it is still out (approved), whatever period a report covers: "now" is
 * today, not the period's end. Read through the index on (status, date_expected_return).
 */
import type { Db } from '../../db/database';

export interface OverdueNow {
  /** Loans overdue now (a loan with lines of two categories counted once). */
  loans: number;
  /** Per category of their lines: the loans with a line of that category. */
  byCategory: Map<string, number>;
}

export async function overdueLoansNow(db: Db, today: string, category?: string): Promise<OverdueNow> {
  let q = db
    .selectFrom('borrow_requests as r')
    .innerJoin('borrow_request_items as l', 'l.request_id', 'r.id')
    .select(['r.id', 'l.category'])
    .where('r.status', '=', 'approved')
    .where('r.date_expected_return', '<', today)
    .where('l.quantity_approved', '>', 0);
  if (category) q = q.where('l.category', '=', category);
  const rows = await q.execute();
  const loans = new Set<number>();
  const perCategory = new Map<string, Set<number>>();
  for (const r of rows) {
    loans.add(r.id);
    let s = perCategory.get(r.category);
    if (!s) perCategory.set(r.category, (s = new Set()));
    s.add(r.id);
  }
  return { loans: loans.size, byCategory: new Map([...perCategory].map(([c, s]) => [c, s.size])) };
}
