/**
 * The repair figures of the administrators' reports (docs/decisions/reports.md): reports by building, trade and
 * priority, and ratings, counted by the database over a period (reports by created_at, ratings by rated_at: both
 * indexed). A repair's trade is its assigned person's, else the trade suggested for damaged equipment.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface RepairFigurePeriod {
  fromAt: string;
  toAt: string;
  building?: string;
  trade?: string;
}

const TRADE = sql<string | null>`coalesce(asg.job_type, rr.suggested_trade)`;

function reports(db: Db, p: RepairFigurePeriod, column: 'created_at' | 'rated_at') {
  let q = db
    .selectFrom('repair_reports as rr')
    .leftJoin('accounts as asg', 'asg.id', 'rr.assigned_to')
    .where(`rr.${column}`, '>=', p.fromAt)
    .where(`rr.${column}`, '<', p.toAt);
  if (p.building) q = q.where('rr.building', '=', p.building);
  if (p.trade) q = q.where(TRADE, '=', p.trade);
  return q;
}

/** Per building, trade and priority: reports made in the period, how many are completed, and their actual cost (centavos). */
export async function repairFigures(db: Db, p: RepairFigurePeriod) {
  const rows = await reports(db, p, 'created_at')
    .select((eb) => [
      'rr.building',
      TRADE.as('trade'),
      'rr.priority',
      eb.fn.countAll<number>().as('reports'),
      eb.fn.sum<number>(eb.case().when('rr.status', '=', 'completed').then(1).else(0).end()).as('completed'),
      eb.fn.sum<number>(eb.fn.coalesce('rr.actual_cost_cents', sql<number>`0`)).as('cost'),
    ])
    .groupBy(['rr.building', TRADE, 'rr.priority'])
    .execute();
  return rows.map((r) => ({
    building: r.building,
    trade: r.trade,
    priority: r.priority,
    reports: Number(r.reports),
    completed: Number(r.completed ?? 0),
    costCents: Number(r.cost ?? 0),
  }));
}

/** Per trade: repairs rated in the period, and how many got each number of stars (the average follows). */
export async function ratingFigures(db: Db, p: RepairFigurePeriod) {
  const rows = await reports(db, p, 'rated_at')
    .where('rr.rating', 'is not', null)
    .select((eb) => [TRADE.as('trade'), 'rr.rating', eb.fn.countAll<number>().as('n')])
    .groupBy([TRADE, 'rr.rating'])
    .execute();
  return rows.map((r) => ({ trade: r.trade, rating: Number(r.rating), n: Number(r.n) }));
}
