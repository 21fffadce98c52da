/**
 * The borrowing figures of the administrators' reports (docs/decisions/reports.md): lending activity, item
 * utilization and overdue and loss, counted by the database over a period. Each statement ranges over an index
 * (requests by created_at, by status and date needed, by status and expected return; findings by created_at).
 * The lines are joined with CROSS JOIN: SQLite then walks the period's requests first and looks their lines up by
 * request, rather than scanning every line of a category (PostgreSQL plans either way).
 */
import { sql } from 'kysely';
import { RECORD_REQUEST_STATUSES } from '../../../core/borrowing/rules';
import { todayIn } from '../../../core/time';
import type { Db } from '../../db/database';
import { overdueLoansNow } from './overdueNow';

/** A period as campus dates (from, to: inclusive) and as the instants they begin and end (fromAt, toAt: exclusive). */
export interface FigurePeriod {
  from: string;
  to: string;
  fromAt: string;
  toAt: string;
  category?: string;
}

const LENT = [...RECORD_REQUEST_STATUSES];

/** Per category (and in all, a request counted once): requests made in the period, approved, rejected, quantities asked and lent. */
export async function lendingFigures(db: Db, p: FigurePeriod) {
  const base = () => {
    let q = db
      .selectFrom('borrow_requests as r')
      .crossJoin('borrow_request_items as l')
      .whereRef('l.request_id', '=', 'r.id')
      .where('r.created_at', '>=', p.fromAt)
      .where('r.created_at', '<', p.toAt);
    if (p.category) q = q.where('l.category', '=', p.category);
    return q;
  };
  const figures = base().select((eb) => [
    eb.fn.count<number>('r.id').distinct().as('requests'),
    eb.fn
      .count<number>(eb.case().when('r.status', 'in', LENT).then(eb.ref('r.id')).end())
      .distinct()
      .as('approved'),
    eb.fn
      .count<number>(eb.case().when('r.status', '=', 'rejected').then(eb.ref('r.id')).end())
      .distinct()
      .as('rejected'),
    eb.fn.sum<number>('l.quantity_requested').as('asked'),
    eb.fn.sum<number>(eb.case().when('r.status', 'in', LENT).then(eb.ref('l.quantity_approved')).else(0).end()).as('lent'),
  ]);
  const [rows, total] = await Promise.all([
    figures.select('l.category').groupBy('l.category').orderBy('l.category').execute(),
    figures.executeTakeFirstOrThrow(),
  ]);
  const n = (r: typeof total) => ({
    requests: Number(r.requests),
    approved: Number(r.approved),
    rejected: Number(r.rejected),
    asked: Number(r.asked ?? 0),
    lent: Number(r.lent ?? 0),
  });
  return { rows: rows.map((r) => ({ category: r.category, ...n(r) })), total: n(total) };
}

/**
 * Per item and month (the report folds months into terms): loans lent (approved, returned or completed) whose date
 * needed falls in the period, and the quantity lent; with the item's stock now.
 */
export async function utilizationFigures(db: Db, p: FigurePeriod) {
  let q = db
    .selectFrom('borrow_requests as r')
    .crossJoin('borrow_request_items as l')
    .whereRef('l.request_id', '=', 'r.id')
    .leftJoin('items as i', 'i.id', 'l.item_id')
    .where('r.status', 'in', LENT)
    .where('r.date_needed', '>=', p.from)
    .where('r.date_needed', '<=', p.to)
    .where('l.quantity_approved', '>', 0);
  if (p.category) q = q.where('l.category', '=', p.category);
  const month = sql<string>`substr(r.date_needed, 1, 7)`;
  const rows = await q
    .select((eb) => [
      'l.item_id',
      eb.fn.max('l.item_name').as('item'),
      eb.fn.max('l.category').as('category'),
      eb.fn.max('i.quantity').as('stock'),
      month.as('month'),
      eb.fn.count<number>('r.id').distinct().as('loans'),
      eb.fn.sum<number>('l.quantity_approved').as('lent'),
    ])
    .groupBy(['l.item_id', month])
    .execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    item: String(r.item),
    category: String(r.category),
    stock: r.stock === null ? null : Number(r.stock),
    month: r.month,
    loans: Number(r.loans),
    lent: Number(r.lent ?? 0),
  }));
}

/**
 * Per category: loans overdue now (overdueNow.ts: whatever their due date, as "now" says), loans due back in the
 * period that came back after their day (returned late: the campus day of the borrower's return), and what the
 * office found at returns verified in the period (lost, damaged, missing parts: quantities).
 */
export async function overdueFigures(db: Db, p: FigurePeriod, timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  let late = db
    .selectFrom('borrow_requests as r')
    .crossJoin('borrow_request_items as l')
    .whereRef('l.request_id', '=', 'r.id')
    .where('r.status', 'in', ['returned', 'completed'])
    .where('r.date_expected_return', '>=', p.from)
    .where('r.date_expected_return', '<=', p.to)
    .where('r.returned_at', '>', sql<string>`r.date_expected_return`)
    .where('l.quantity_approved', '>', 0);
  if (p.category) late = late.where('l.category', '=', p.category);
  let found = db
    .selectFrom('return_conditions as c')
    .crossJoin('borrow_request_items as l')
    .whereRef('l.id', '=', 'c.line_id')
    .where('c.created_at', '>=', p.fromAt)
    .where('c.created_at', '<', p.toAt)
    .where('c.condition', 'in', ['lost', 'damaged', 'missing_parts']);
  if (p.category) found = found.where('l.category', '=', p.category);
  const [overdue, lateRows, foundRows] = await Promise.all([
    overdueLoansNow(db, today, p.category),
    late.select(['l.category', 'r.id', 'r.returned_at', 'r.date_expected_return']).execute(),
    found
      .select((eb) => ['l.category', 'c.condition', eb.fn.sum<number>('c.quantity').as('n')])
      .groupBy(['l.category', 'c.condition'])
      .execute(),
  ]);
  const by = new Map<string, { overdue: number; late: Set<number>; lost: number; damaged: number; missingParts: number }>();
  const of = (c: string) => {
    let v = by.get(c);
    if (!v) by.set(c, (v = { overdue: 0, late: new Set(), lost: 0, damaged: 0, missingParts: 0 }));
    return v;
  };
  for (const [category, loans] of overdue.byCategory) of(category).overdue = loans;
  const lateLoans = new Set<number>();
  for (const r of lateRows)
    if (r.returned_at && todayIn(timeZone, new Date(r.returned_at)) > r.date_expected_return) {
      of(r.category).late.add(r.id);
      lateLoans.add(r.id);
    }
  for (const r of foundRows) {
    const v = of(r.category);
    const n = Number(r.n ?? 0);
    if (r.condition === 'lost') v.lost += n;
    else if (r.condition === 'damaged') v.damaged += n;
    else v.missingParts += n;
  }
  const rows = [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, v]) => ({
      category,
      overdue: v.overdue,
      late: v.late.size,
      lost: v.lost,
      damaged: v.damaged,
      missingParts: v.missingParts,
    }));
  // The totals count a loan with lines of two categories once, as the lending report's do.
  return { rows, overdueNow: overdue.loans, returnedLate: lateLoans.size };
}
