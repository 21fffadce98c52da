/**
 * The bench's stock cards (scripts/bench.ts; docs/decisions/stock-card.md): 200,000 stock movements (times
 * BENCH_SCALE) over two years, written in bulk as the rest of the fill is, each card's running balance kept as it
 * is written so the last entry's balance is the item's quantity (the product's invariant, checked at the end).
 *
 * - Supplies: one item in ten of the counted ones (1,000 at scale 1), each with an opening balance, then
 *   deliveries received at a unit cost (one delivery each, from 20 suppliers), issues to requests, and the odd
 *   count or adjustment with its reason; their quantities are set to where their cards end.
 * - The deep card: the first supply holds 20,000 entries (times the scale), and sits at its reorder level.
 * - Reorder levels on every supply: one in five at or above its stock (the To Reorder list: about 200 rows at scale
 *   1, with 90 days of issues to count), the others below it.
 * - Every other item gets its opening entry (openStockCards), equal to its quantity.
 */
import { sql } from 'kysely';
import type { StockKind } from '../core/inventory/stock';
import type { Db } from '../server/db/database';
import { OPENING_REASON } from '../server/db/migrations/051_stock_ledger';
import { openStockCards } from '../server/modules/inventory/stock/ledger';

export type StockPlan = {
  /** All movements to write, openings included. */
  movements: number;
  /** Entries on the deep card. */
  deepEntries: number;
  /** Item ids that become supplies (the first is the deep card). */
  supplies: number[];
  /** Request ids an issue may name (1 to requests). */
  requests: number;
  /** Accounts who record entries (the office's staff). */
  actors: { first: number; last: number };
};

const SUPPLIERS = Array.from({ length: 20 }, (_, i) => `Bench Supplier ${String(i + 1).padStart(2, '0')}`);
const DAY = 86_400_000;
const HISTORY_DAYS = 730;
const BATCH = 1000;

type Rand = { int: (lo: number, hi: number) => number; rand: () => number };
type Movement = {
  item_id: number;
  entry_no: number;
  kind: StockKind;
  quantity: number;
  balance_after: number;
  unit_cost_cents: number | null;
  actor_id: number | null;
  request_id: number | null;
  delivery_id: number | null;
  reason: string | null;
  created_at: string;
};

/** Writes the movements, deliveries and reorder levels; answers the number of entries and deliveries written. */
export async function fillStock(
  trx: Db,
  now: number,
  plan: StockPlan,
  { int, rand }: Rand,
): Promise<{ entries: number; deliveries: number; onReorder: number }> {
  const at = new Date(now).toISOString();
  await trx
    .insertInto('suppliers')
    .values(SUPPLIERS.map((name) => ({ name, name_key: name.toLowerCase(), contact: null, created_at: at })))
    .execute();
  const items = new Map(
    (await trx.selectFrom('items').select(['id', 'name']).where('id', 'in', plan.supplies).execute()).map((i) => [i.id, i.name]),
  );
  // The other supplies share what the deep card and the other items' openings leave, to the entry.
  const others = Math.max(1, plan.supplies.length - 1);
  const rest = plan.movements - plan.deepEntries - ((await countItems(trx)) - plan.supplies.length);
  const entriesOf = (n: number) => (n === 0 ? plan.deepEntries : Math.floor(rest / others) + (n <= rest % others ? 1 : 0));

  let movements: Movement[] = [];
  let deliveries: { row: object; line: object }[] = [];
  let deliveryId = 0;
  let entries = 0;
  let onReorder = 0;
  const flush = async (all = false) => {
    if (deliveries.length && (all || deliveries.length >= BATCH || movements.length >= BATCH)) {
      await trx
        .insertInto('deliveries')
        .values(deliveries.map((d) => d.row) as never)
        .execute();
      await trx
        .insertInto('delivery_lines')
        .values(deliveries.map((d) => d.line) as never)
        .execute();
      deliveries = [];
    }
    if (movements.length && (all || movements.length >= BATCH)) {
      await trx.insertInto('stock_movements').values(movements).execute();
      entries += movements.length;
      movements = [];
    }
  };

  for (const [n, itemId] of plan.supplies.entries()) {
    const count = entriesOf(n);
    const name = items.get(itemId)!;
    // Times spread over two years, in order: the card's order is its ids', and its dates agree.
    const start = now - HISTORY_DAYS * DAY;
    const times = Array.from({ length: count }, () => start + Math.floor(rand() * HISTORY_DAYS * DAY)).sort((a, b) => a - b);
    const opening = int(20, 200);
    let balance = 0;
    for (const [k, t] of times.entries()) {
      const created = new Date(k === 0 ? start : t).toISOString();
      const base = {
        item_id: itemId,
        entry_no: k + 1,
        unit_cost_cents: null,
        request_id: null,
        delivery_id: null,
        reason: null,
        created_at: created,
      };
      const actor = int(plan.actors.first, plan.actors.last);
      let m: Movement;
      const roll = rand();
      if (k === 0) m = { ...base, kind: 'opening', quantity: opening, balance_after: 0, actor_id: null, reason: OPENING_REASON };
      else if (balance < 15 || roll < 0.15) {
        const quantity = int(50, 200);
        const cost = int(20, 500) * 100 + int(0, 3) * 25;
        deliveryId++;
        const reference = `DR-${created.slice(0, 4)}-${String(deliveryId).padStart(6, '0')}`;
        const supplier = int(1, SUPPLIERS.length);
        deliveries.push({
          row: {
            supplier_id: supplier,
            reference,
            received_on: created.slice(0, 10),
            note: null,
            total_cents: quantity * cost,
            received_by: actor,
            created_at: created,
            search_text: [reference, SUPPLIERS[supplier - 1], name].join(' ').toLowerCase(),
          },
          line: { delivery_id: deliveryId, item_id: itemId, item_name: name, quantity, unit_cost_cents: cost },
        });
        m = { ...base, kind: 'received', quantity, balance_after: 0, unit_cost_cents: cost, actor_id: actor, delivery_id: deliveryId };
      } else if (roll < 0.97) {
        const quantity = -Math.min(balance, int(1, 12));
        m = { ...base, kind: 'issued', quantity, balance_after: 0, actor_id: actor, request_id: int(1, plan.requests) };
      } else {
        const quantity = roll < 0.985 ? -Math.min(balance, int(1, 3)) : int(1, 3);
        const kind = roll < 0.99 ? 'counted' : 'adjusted';
        m = { ...base, kind, quantity, balance_after: 0, actor_id: actor, reason: kind === 'adjusted' ? 'Found on the shelf count' : null };
      }
      balance += m.quantity;
      m.balance_after = balance;
      movements.push(m);
      await flush();
    }
    // One supply in five (and the deep card) at or below its reorder level: the To Reorder list's rows.
    const listed = n === 0 || rand() < 0.2;
    if (listed) onReorder++;
    await trx
      .updateTable('items')
      .set({
        supply: 1,
        quantity: balance,
        reorder_level: listed ? balance + int(0, 20) : balance > 0 ? int(0, balance - 1) : null,
        reorder_quantity: int(5, 20) * 10,
      })
      .where('id', '=', itemId)
      .execute();
  }
  await flush(true);
  // Every other card opens with its item's quantity, as the migration opened the cards of the items there were.
  await openStockCards(trx, OPENING_REASON);
  return { entries: entries + (await countItems(trx)) - plan.supplies.length, deliveries: deliveryId, onReorder };
}

const countItems = async (trx: Db) =>
  Number(
    (
      await trx
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Items whose card's last balance, or whose entries' sum, is not their quantity, or whose entries are not numbered
 * 1 to their count: none, or the fill is wrong.
 */
export async function stockMismatches(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from items i
    where i.quantity <> (select m.balance_after from stock_movements m where m.item_id = i.id order by m.entry_no desc limit 1)
       or i.quantity <> (select sum(m.quantity) from stock_movements m where m.item_id = i.id)
       or (select count(*) from stock_movements m where m.item_id = i.id)
          <> (select max(m.entry_no) from stock_movements m where m.item_id = i.id)`.execute(db);
  return Number(rows[0].n);
}
