/**
 * What the inventory is worth (docs/decisions/value-on-hand.md): the purchase costs of a tracked item's units the
 * office still holds, and each counted item's average unit cost from its stock card. Both grouped in the database.
 */
import type { Db } from '../../../db/database';

/** The unit statuses that count in the value: the office still holds them (lost and retired units do not). */
export const VALUED_UNIT_STATUSES = ['available', 'on_loan', 'issued', 'in_repair'] as const;

/** What was received at a cost, net of reversals: the cost in centavos and the quantity, per item once grouped. */
const averageRows = (db: Db) =>
  db
    .selectFrom('stock_movements')
    .select((eb) => [
      'item_id',
      eb.fn.sum<number>(eb('quantity', '*', eb.ref('unit_cost_cents'))).as('cost'),
      eb.fn.sum<number>('quantity').as('qty'),
    ])
    .where('kind', 'in', ['received', 'reversed'])
    .where('unit_cost_cents', 'is not', null);

/** Per tracked item, the sum of its held units' purchase costs in centavos, and how many of them have none. */
export async function heldUnitCosts(db: Db): Promise<Map<number, { cents: number; unpriced: number }>> {
  const rows = await db
    .selectFrom('item_units')
    .select((eb) => [
      'item_id',
      eb.fn.sum<number>('purchase_cost_cents').as('cents'),
      eb.fn.countAll<number>().as('units'),
      eb.fn.count<number>('purchase_cost_cents').as('priced'),
    ])
    .where('status', 'in', VALUED_UNIT_STATUSES)
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, { cents: Number(r.cents ?? 0), unpriced: Number(r.units) - Number(r.priced) }]));
}

/**
 * Every item's average unit cost in centavos, as its stock card shows it (averageUnitCost in card.ts: weighted over
 * what was received at a cost, net of reversals, rounded to the centavo); items received at no cost are absent.
 */
export async function averageCostsCents(db: Db): Promise<Map<number, number>> {
  const rows = await averageRows(db).groupBy('item_id').execute();
  const out = new Map<number, number>();
  for (const r of rows) if (Number(r.qty) > 0) out.set(r.item_id, Math.round(Number(r.cost) / Number(r.qty)));
  return out;
}

/** One item's average unit cost in centavos, as averageCostsCents reads it; null when nothing was received at a cost. */
export async function averageCostCentsOf(db: Db, itemId: number): Promise<number | null> {
  const row = await averageRows(db).where('item_id', '=', itemId).groupBy('item_id').executeTakeFirst();
  return row && Number(row.qty) > 0 ? Math.round(Number(row.cost) / Number(row.qty)) : null;
}

/**
 * Supplies issued on each of the requests, from their stock cards: the quantity and its cost in centavos (each
 * issue at the average unit cost when it was issued; an issue written before costs were kept adds no cost).
 */
export async function issuedByRequest(db: Db, requestIds: number[]): Promise<Map<number, { quantity: number; cents: number }>> {
  const out = new Map<number, { quantity: number; cents: number }>();
  for (let i = 0; i < requestIds.length; i += 500) {
    const rows = await db
      .selectFrom('stock_movements')
      .select((eb) => [
        'request_id',
        eb.fn.sum<number>('quantity').as('qty'),
        eb.fn.sum<number>(eb('quantity', '*', eb.ref('unit_cost_cents'))).as('cost'),
      ])
      .where('kind', '=', 'issued')
      .where('request_id', 'in', requestIds.slice(i, i + 500))
      .groupBy('request_id')
      .execute();
    for (const r of rows) out.set(r.request_id!, { quantity: -Number(r.qty ?? 0), cents: -Number(r.cost ?? 0) });
  }
  return out;
}
