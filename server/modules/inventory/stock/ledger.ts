/**
 * The one writer of the stock card (docs/decisions/stock-card.md): every change of an item's quantity goes through
 * here, in the caller's transaction, as one guarded UPDATE of the item's row that answers the quantity after it
 * (RETURNING), and the entries that say why. The row's lock (PostgreSQL) or the one writer (SQLite) orders the
 * entries of an item as its quantity changed, so the last entry's balance is always the item's quantity.
 */
import { sql } from 'kysely';
import type { StockKind } from '../../../../core/inventory/stock';
import type { Db } from '../../../db/database';
import { sayEvent } from '../../../lib/events';
import { averageCostCentsOf } from './value';

/** What an entry belongs to and says: who, the request, delivery, repair, count or unit, a unit cost, a reason. */
export type StockNote = {
  actorId: number | null;
  requestId?: number | null;
  deliveryId?: number | null;
  repairId?: number | null;
  countId?: number | null;
  unitId?: number | null;
  unitCostCents?: number | null;
  reason?: string | null;
  at?: string;
};

export type StockMove = StockNote & { itemId: number; kind: StockKind; quantity: number };

/**
 * When a move may happen: `lendable` (the item is available and has the quantity: the availability rule, as
 * approvals always guarded), `covered` (the stock stays at zero or above), or `any`.
 */
export type StockGuard = 'lendable' | 'covered' | 'any';

/** Kinds a tracked unit's move is written as, one entry per unit (quantity ±1). */
const PER_UNIT: ReadonlySet<StockKind> = new Set(['lent', 'returned', 'damaged', 'repaired', 'lost', 'retired', 'counted']);

/**
 * Moves an item's stock by `quantity` (signed) and writes its entry, unless the guard refuses: then nothing is
 * written and the answer is null. Otherwise the answer is the balance after the move.
 */
export async function moveStock(trx: Db, move: StockMove, guard: StockGuard = 'covered'): Promise<number | null> {
  let q = trx
    .updateTable('items')
    .set((eb) => ({
      quantity: eb('quantity', '+', move.quantity),
      // Back above its reorder level, the item's crossing is forgotten (docs/decisions/reorder.md).
      ...(move.quantity > 0
        ? {
            reorder_flagged_at: sql<
              string | null
            >`case when quantity + ${move.quantity} > reorder_level then null else reorder_flagged_at end`,
          }
        : {}),
    }))
    .where('id', '=', move.itemId);
  if (guard === 'lendable') q = q.where('item_status', '=', 'available');
  if (guard !== 'any') q = q.where(sql<boolean>`quantity + ${move.quantity} >= 0`);
  const row = await q.returning(['quantity', 'tracking', 'reorder_level']).executeTakeFirst();
  if (!row) return null;
  await writeEntries(trx, move, row.quantity, row.tracking === 'tracked');
  await tellCrossing(trx, move.itemId, Number(row.quantity) - move.quantity, Number(row.quantity), row.reorder_level);
  return row.quantity;
}

/**
 * A tracked item's quantity written from its units (the number available, the one stock meaning), and the change
 * as entries of `kind` (one per unit for unit moves). The item's row is locked first, so the quantity before and
 * the count after are read under the same lock. Answers the balance after; counted items are left as they are.
 */
export async function settleUnits(trx: Db, itemId: number, kind: StockKind, note: StockNote): Promise<number | null> {
  const before = await trx
    .updateTable('items')
    .set((eb) => ({ quantity: eb.ref('quantity') }))
    .where('id', '=', itemId)
    .where('tracking', '=', 'tracked')
    .returning('quantity')
    .executeTakeFirst();
  if (!before) return null;
  const after = await trx
    .updateTable('items')
    .set({
      quantity: sql<number>`(select count(*) from item_units where item_units.item_id = ${itemId} and item_units.status = 'available')`,
      updated_at: note.at ?? new Date().toISOString(),
    })
    .where('id', '=', itemId)
    .returning(['quantity', 'reorder_level'])
    .executeTakeFirstOrThrow();
  const quantity = Number(after.quantity) - Number(before.quantity);
  if (quantity !== 0) await writeEntries(trx, { ...note, itemId, kind, quantity }, Number(after.quantity), true);
  await tellCrossing(trx, itemId, Number(before.quantity), Number(after.quantity), after.reorder_level);
  return Number(after.quantity);
}

/**
 * A move that takes an item from above its reorder level to at or below it (docs/decisions/reorder.md) is the
 * webhooks' stock.below_reorder_level: told at the move that crosses, so once per crossing (again only after the
 * stock rose above the level and fell again).
 */
async function tellCrossing(trx: Db, itemId: number, before: number, after: number, level: number | null): Promise<void> {
  if (level === null || after > level || before <= level) return;
  await sayEvent(trx, { type: 'stock.below_reorder_level', about: { kind: 'item', id: itemId } });
}

/** The entries of one move ending at `balance`: one, or for a tracked item's unit moves one per unit. */
async function writeEntries(trx: Db, move: StockMove, balance: number, tracked: boolean): Promise<void> {
  if (move.quantity === 0) return;
  const at = move.at ?? new Date().toISOString();
  // An issue is costed at the average unit cost of the moment (weighted average), so what a department consumed
  // keeps its cost when later deliveries move the average (docs/decisions/supplies.md).
  const unitCost = move.unitCostCents ?? (move.kind === 'issued' ? await averageCostCentsOf(trx, move.itemId) : null);
  const steps = tracked && PER_UNIT.has(move.kind) ? Math.abs(move.quantity) : 1;
  const step = move.quantity / steps;
  // Numbered after the card's last entry: under the item's row lock (or SQLite's one writer), so no two moves of
  // an item draw the same number (the unique index would refuse them).
  const last = await trx
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.max<number | null>('entry_no').as('n'))
    .where('item_id', '=', move.itemId)
    .executeTakeFirst();
  const first = Number(last?.n ?? 0) + 1;
  const rows = Array.from({ length: steps }, (_, i) => ({
    item_id: move.itemId,
    entry_no: first + i,
    kind: move.kind,
    quantity: step,
    balance_after: Number(balance) - step * (steps - 1 - i),
    unit_cost_cents: unitCost,
    actor_id: move.actorId,
    request_id: move.requestId ?? null,
    delivery_id: move.deliveryId ?? null,
    repair_id: move.repairId ?? null,
    count_id: move.countId ?? null,
    unit_id: steps === 1 ? (move.unitId ?? null) : null,
    reason: move.reason ?? null,
    created_at: at,
  }));
  await trx.insertInto('stock_movements').values(rows).execute();
}

/**
 * Opening entries for items that have none (the demo data and the journeys' data, which write items directly):
 * each card begins with the item's quantity.
 */
export async function openStockCards(trx: Db, reason: string): Promise<void> {
  const at = new Date().toISOString();
  await sql`insert into stock_movements (item_id, entry_no, kind, quantity, balance_after, reason, created_at)
    select i.id, 1, 'opening', i.quantity, i.quantity, ${reason}, ${at} from items i
    where not exists (select 1 from stock_movements m where m.item_id = i.id) order by i.id`.execute(trx);
}
