/** The borrowing figures the dashboards and the landing page ask for. */
import { sql } from 'kysely';
import { RECORD_REQUEST_STATUSES, type RequestStatus } from '../../../core/borrowing/rules';
import type { MonthFigure } from '../../../core/common/schemas';
import type { Db, Dialect } from '../../db/database';
import { itemStockBasis } from '../inventory';

type Months = { lastMonth: string; thisMonth: string };

/** Admin dashboard: requests pending now, and requests made this month and last; completed loans as a share of loans approved. */
export async function requestFigures(db: Db, months: Months) {
  const countMade = async (from?: string, to?: string, status?: RequestStatus) => {
    let q = db.selectFrom('borrow_requests').select((eb) => eb.fn.countAll<number>().as('n'));
    if (from) q = q.where('created_at', '>=', from);
    if (to) q = q.where('created_at', '<', to);
    if (status) q = q.where('status', '=', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  /** Completed loans as a share of the loans approved (approved, returned or completed) in a period. */
  const completion = async (from?: string, to?: string) => {
    let q = db
      .selectFrom('borrow_requests')
      .select((eb) => [
        eb.fn.countAll<number>().as('lent'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('done'),
      ])
      .where('status', 'in', [...RECORD_REQUEST_STATUSES]);
    if (from) q = q.where('decided_at', '>=', from);
    if (to) q = q.where('decided_at', '<', to);
    const row = await q.executeTakeFirstOrThrow();
    const lent = Number(row.lent);
    return lent ? Math.round((Number(row.done ?? 0) / lent) * 100) : null;
  };
  const [pending, madeThisMonth, madeLastMonth, rate, rateThisMonth, rateLastMonth] = await Promise.all([
    countMade(undefined, undefined, 'pending'),
    countMade(months.thisMonth),
    countMade(months.lastMonth, months.thisMonth),
    completion(),
    completion(months.thisMonth),
    completion(months.lastMonth, months.thisMonth),
  ]);
  return {
    pendingRequests: { value: pending, thisMonth: madeThisMonth, lastMonth: madeLastMonth } satisfies MonthFigure,
    completionRate: { value: rate, thisMonth: rateThisMonth, lastMonth: rateLastMonth },
  };
}

/** User dashboard (docs/product.md): my requests made, pending and completed, each now, this month and last. */
export async function myFigures(db: Db, accountId: number, months: Months) {
  const countIf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const inThisMonth = (col: string) => sql`${sql.ref(col)} >= ${months.thisMonth}`;
  const inLastMonth = (col: string) => sql`${sql.ref(col)} >= ${months.lastMonth} and ${sql.ref(col)} < ${months.thisMonth}`;
  const row = await db
    .selectFrom('borrow_requests')
    .where('account_id', '=', accountId)
    .select((eb) => [
      eb.fn.countAll<number>().as('made'),
      countIf(inThisMonth('created_at')).as('madeThis'),
      countIf(inLastMonth('created_at')).as('madeLast'),
      countIf(sql`status = 'pending'`).as('pending'),
      countIf(sql`status = 'pending' and ${inThisMonth('created_at')}`).as('pendingThis'),
      countIf(sql`status = 'pending' and ${inLastMonth('created_at')}`).as('pendingLast'),
      countIf(sql`status = 'completed'`).as('completed'),
      countIf(sql`status = 'completed' and ${inThisMonth('completed_at')}`).as('completedThis'),
      countIf(sql`status = 'completed' and ${inLastMonth('completed_at')}`).as('completedLast'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    made: { value: n(row.made), thisMonth: n(row.madeThis), lastMonth: n(row.madeLast) },
    pending: { value: n(row.pending), thisMonth: n(row.pendingThis), lastMonth: n(row.pendingLast) },
    completed: { value: n(row.completed), thisMonth: n(row.completedThis), lastMonth: n(row.completedLast) },
  } satisfies Record<string, MonthFigure>;
}

/** Landing page: requests handled (decided and not cancelled) and the average hours to the first decision. */
export async function handlingFigures(db: Db, dialect: Dialect) {
  const hours =
    dialect === 'postgres'
      ? sql<number>`avg(extract(epoch from (decided_at::timestamptz - created_at::timestamptz))) / 3600`
      : sql<number>`avg((julianday(decided_at) - julianday(created_at)) * 24)`;
  const [handled, response] = await Promise.all([
    db
      .selectFrom('borrow_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['approved', 'rejected', 'returned', 'completed'])
      .executeTakeFirstOrThrow(),
    db.selectFrom('borrow_requests').select(hours.as('h')).where('decided_at', 'is not', null).executeTakeFirstOrThrow(),
  ]);
  const h = response.h === null ? null : Number(response.h);
  return { requestsHandled: Number(handled.n), averageResponseHours: h === null ? null : Math.round(h * 10) / 10 };
}

/** Available, on loan, issued, in repair and lost of one item (docs/decisions/stock-figures.md). */
export type StockFigures = { available: number; onLoan: number; issued: number; inRepair: number; lost: number };

/**
 * Stock figures per item (docs/decisions/stock-figures.md), for the given items or (no ids) every item, each sum
 * grouped by the database. Tracked items: their units by status (issued: in custody). Counted items: available is the stock on hand;
 * on loan the quantities approved on loans not yet verified back (approved, or returned awaiting the office's
 * check: that stock is still out); in repair the damaged and missing-parts findings whose repair has not ended;
 * lost the lost findings.
 */
export async function stockFigures(db: Db, ids?: number[]): Promise<Map<number, StockFigures>> {
  if (ids && !ids.length) return new Map();
  let lent = db
    .selectFrom('borrow_request_items as l')
    .innerJoin('borrow_requests as r', 'r.id', 'l.request_id')
    // Out until verified back (docs/decisions/partial-returns.md): what a partial return's verification took in is stock again.
    .select((eb) => ['l.item_id', eb.fn.sum<number>(eb('l.quantity_approved', '-', eb.ref('l.quantity_verified'))).as('n')])
    .where('r.status', 'in', ['approved', 'returned'])
    .where('l.item_id', 'is not', null)
    .groupBy('l.item_id');
  if (ids) lent = lent.where('l.item_id', 'in', ids);
  let found = db
    .selectFrom('return_conditions')
    .select((eb) => [
      'item_id',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('condition', 'in', ['damaged', 'missing_parts']), eb('settled_at', 'is', null)]))
            .then(eb.ref('quantity'))
            .else(0)
            .end(),
        )
        .as('repair'),
      eb.fn.sum<number>(eb.case().when('condition', '=', 'lost').then(eb.ref('quantity')).else(0).end()).as('lost'),
    ])
    .where('unit_id', 'is', null)
    .where('item_id', 'is not', null)
    .where('condition', '!=', 'good')
    .groupBy('item_id');
  if (ids) found = found.where('item_id', 'in', ids);
  const [basis, lentRows, foundRows] = await Promise.all([itemStockBasis(db, ids), lent.execute(), found.execute()]);
  const out = new Map<number, StockFigures>();
  for (const [id, b] of basis)
    out.set(id, b.units ? { ...b.units } : { available: Math.max(0, b.quantity), onLoan: 0, issued: 0, inRepair: 0, lost: 0 });
  for (const r of lentRows) {
    const f = out.get(r.item_id!);
    if (f && !basis.get(r.item_id!)!.tracked) f.onLoan = Number(r.n ?? 0);
  }
  for (const r of foundRows) {
    const f = out.get(r.item_id!);
    if (f && !basis.get(r.item_id!)!.tracked) {
      f.inRepair = Number(r.repair ?? 0);
      f.lost = Number(r.lost ?? 0);
    }
  }
  return out;
}

/**
 * Damage and loss since `since` (docs/decisions/stock-figures.md): the findings at verified returns per category of
 * the line lent (copied on the line, so a deleted item still counts), in units, grouped by the database (index
 * return_conditions_created, 032).
 */
export async function damageByCategory(db: Db, since: string) {
  const rows = await db
    .selectFrom('return_conditions as c')
    .innerJoin('borrow_request_items as l', 'l.id', 'c.line_id')
    .select((eb) => [
      'l.category',
      eb.fn.sum<number>(eb.case().when('c.condition', '=', 'damaged').then(eb.ref('c.quantity')).else(0).end()).as('damaged'),
      eb.fn.sum<number>(eb.case().when('c.condition', '=', 'missing_parts').then(eb.ref('c.quantity')).else(0).end()).as('missing'),
      eb.fn.sum<number>(eb.case().when('c.condition', '=', 'lost').then(eb.ref('c.quantity')).else(0).end()).as('lost'),
    ])
    .where('c.created_at', '>=', since)
    .where('c.condition', '!=', 'good')
    .groupBy('l.category')
    .orderBy('l.category')
    .execute();
  return rows.map((r) => ({
    category: r.category,
    damaged: Number(r.damaged ?? 0),
    missingParts: Number(r.missing ?? 0),
    lost: Number(r.lost ?? 0),
  }));
}
