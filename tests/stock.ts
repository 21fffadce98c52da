/**
 * The stock card's invariant, as the tests check it: every item's last balance = its quantity = the sum of its
 * entries, and its entries are numbered 1 to their count (the card's pages are ranges of those numbers).
 */
import type { TestApp } from './helpers';

export type CardProblem = {
  itemId: number;
  quantity: number;
  lastBalance: number | null;
  sum: number;
  entries: number;
  lastNumber: number;
};

/** The items whose card does not add up (none when the ledger is right). */
export async function cardProblems(app: TestApp, itemIds?: number[]): Promise<CardProblem[]> {
  let q = app.ctx.db.selectFrom('items as i').select((eb) => [
    'i.id',
    'i.quantity',
    eb
      .selectFrom('stock_movements as m')
      .select('m.balance_after')
      .whereRef('m.item_id', '=', 'i.id')
      .orderBy('m.entry_no', 'desc')
      .limit(1)
      .as('last'),
    eb
      .selectFrom('stock_movements as m')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('m.item_id', '=', 'i.id')
      .as('entries'),
    eb
      .selectFrom('stock_movements as m')
      .select((e) => e.fn.coalesce(e.fn.max<number>('m.entry_no'), e.val(0)).as('n'))
      .whereRef('m.item_id', '=', 'i.id')
      .as('lastNumber'),
    eb
      .selectFrom('stock_movements as m')
      .select((e) => e.fn.coalesce(e.fn.sum<number>('m.quantity'), e.val(0)).as('s'))
      .whereRef('m.item_id', '=', 'i.id')
      .as('sum'),
  ]);
  if (itemIds) q = q.where('i.id', 'in', itemIds);
  const rows = await q.execute();
  return rows
    .map((r) => ({
      itemId: r.id,
      quantity: Number(r.quantity),
      lastBalance: r.last === null ? null : Number(r.last),
      sum: Number(r.sum),
      entries: Number(r.entries),
      lastNumber: Number(r.lastNumber),
    }))
    .filter((r) => r.lastBalance !== r.quantity || r.sum !== r.quantity || r.entries !== r.lastNumber);
}
