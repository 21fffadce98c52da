/**
 * Loans per department and month, for Consumption by department (docs/decisions/departments.md): requests whose
 * date needed falls in the period, by the department each was charged to at submit. Cancelled requests are not
 * counted; a loan is a request that was lent (approved, returned or completed), and its quantity what was lent.
 */
import { sql } from 'kysely';
import { RECORD_REQUEST_STATUSES } from '../../../core/borrowing/rules';
import type { Db } from '../../db/database';
import { issuedByRequest } from '../inventory';
import type { FigurePeriod } from './reportFigures';

const LENT = [...RECORD_REQUEST_STATUSES];

export async function departmentLoanFigures(db: Db, p: Pick<FigurePeriod, 'from' | 'to'>) {
  const month = sql<string>`substr(r.date_needed, 1, 7)`;
  // Supply lines are issued, not lent: they are the supplies source's (departmentSupplyFigures).
  const lent = sql<number>`(select coalesce(sum(l.quantity_approved), 0) from borrow_request_items l where l.request_id = r.id and l.supply = 0)`;
  const hasLent = sql<boolean>`exists (select 1 from borrow_request_items l where l.request_id = r.id and l.supply = 0 and l.quantity_approved > 0)`;
  const rows = await db
    .selectFrom('borrow_requests as r')
    .where('r.date_needed', '>=', p.from)
    .where('r.date_needed', '<=', p.to)
    .where('r.status', '<>', 'cancelled')
    .select((eb) => [
      'r.department_id',
      month.as('month'),
      eb.fn.countAll<number>().as('requests'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb('r.status', 'in', LENT), hasLent]))
            .then(eb.ref('r.id'))
            .end(),
        )
        .as('loans'),
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

/**
 * Supplies issued per department and month, for Consumption by department (docs/decisions/supplies.md): the
 * requests whose date needed falls in the period (as loans are counted), and what their stock cards say was issued
 * on them, with its cost (inventory's issuedByRequest).
 */
export async function departmentSupplyFigures(db: Db, p: Pick<FigurePeriod, 'from' | 'to'>) {
  const requests = await db
    .selectFrom('borrow_requests as r')
    .select(['r.id', 'r.department_id', sql<string>`substr(r.date_needed, 1, 7)`.as('month')])
    .where('r.date_needed', '>=', p.from)
    .where('r.date_needed', '<=', p.to)
    .where('r.status', 'in', LENT)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('borrow_request_items as l')
          .select('l.id')
          .whereRef('l.request_id', '=', 'r.id')
          .where('l.supply', '=', 1)
          .where('l.quantity_approved', '>', 0),
      ),
    )
    .execute();
  const issued = await issuedByRequest(
    db,
    requests.map((r) => r.id),
  );
  const out = new Map<string, { departmentId: number | null; month: string; quantity: number; cents: number }>();
  for (const r of requests) {
    const got = issued.get(r.id);
    if (!got) continue;
    const key = `${r.month}\n${r.department_id ?? ''}`;
    const line = out.get(key) ?? { departmentId: r.department_id, month: r.month, quantity: 0, cents: 0 };
    line.quantity += got.quantity;
    line.cents += got.cents;
    out.set(key, line);
  }
  return [...out.values()];
}
