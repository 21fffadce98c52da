/**
 * Loans per department and month, for Consumption by department (docs/decisions/departments.md): requests whose
 * date needed falls in the period, by the department each was charged to at submit. Cancelled requests are not
 * counted; a loan is a request that was lent (approved, returned or completed), and its quantity what was lent.
 */
import { sql } from 'kysely';
import { RECORD_REQUEST_STATUSES } from '../../../core/borrowing/rules';
import type { Db } from '../../db/database';
import type { FigurePeriod } from './reportFigures';

const LENT = [...RECORD_REQUEST_STATUSES];

export async function departmentLoanFigures(db: Db, p: Pick<FigurePeriod, 'from' | 'to'>) {
  const month = sql<string>`substr(r.date_needed, 1, 7)`;
  const lent = sql<number>`(select coalesce(sum(l.quantity_approved), 0) from borrow_request_items l where l.request_id = r.id)`;
  const rows = await db
    .selectFrom('borrow_requests as r')
    .where('r.date_needed', '>=', p.from)
    .where('r.date_needed', '<=', p.to)
    .where('r.status', '<>', 'cancelled')
    .select((eb) => [
      'r.department_id',
      month.as('month'),
      eb.fn.countAll<number>().as('requests'),
      eb.fn.count<number>(eb.case().when('r.status', 'in', LENT).then(eb.ref('r.id')).end()).as('loans'),
      eb.fn.sum<number>(eb.case().when('r.status', 'in', LENT).then(lent).else(0).end()).as('lent'),
    ])
    .groupBy(['r.department_id', month])
    .execute();
  return rows.map((r) => ({
    departmentId: r.department_id,
    month: r.month,
    requests: Number(r.requests),
    loans: Number(r.loans),
    lent: Number(r.lent ?? 0),
  }));
}
