/**
 * The unit moves custody makes in its own transactions (docs/decisions/custody.md): issued for long-term use
 * (available → issued) and returned to the office (issued → available), each guarded by the unit's status, each
 * a line in the unit's history and an entry on its item's stock card; and the custody steps that change no status
 * (acknowledged, a transfer started, confirmed or withdrawn) as history lines.
 */
import type { CustodyStep } from '../../../../core/custody/rules';
import type { Db } from '../../../db/database';
import { lockItem } from '../locks';
import { logEvent, now, recount } from './writes';

/** A custody line of the unit's history: the step, `holder` naming the person or room it concerns, and for a loss the count's reference. */
export async function logCustodyStep(
  trx: Db,
  unitId: number,
  actorId: number,
  step: CustodyStep,
  holder: string,
  at = now(),
  reference: string | null = null,
) {
  await logEvent(trx, unitId, actorId, 'custody', reference, step, holder, at);
}

/**
 * Issues these units: each moves only while available (the guarded UPDATE), the item's row locked first (as
 * approvals take it). Answers the id of a unit that was not available (the caller rolls back), or null.
 */
export async function issueUnits(
  trx: Db,
  actorId: number,
  units: { id: number; itemId: number; costCents: number | null }[],
  holder: string,
  reason: string,
  at = now(),
): Promise<number | null> {
  for (const itemId of [...new Set(units.map((u) => u.itemId))].sort((a, b) => a - b)) await lockItem(trx, itemId);
  for (const unit of [...units].sort((a, b) => a.id - b.id)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'issued', updated_at: at })
      .where('id', '=', unit.id)
      .where('status', '=', 'available')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) return unit.id;
    await logCustodyStep(trx, unit.id, actorId, 'issued', holder, at);
    await recount(trx, unit.itemId, 'issued', { actorId, unitId: unit.id, unitCostCents: unit.costCents, reason, at });
  }
  return null;
}

/** Back on the shelf: issued → available, guarded. Answers whether the unit moved. */
export async function returnIssuedUnit(
  trx: Db,
  actorId: number,
  unitId: number,
  holder: string,
  reason: string,
  at = now(),
): Promise<boolean> {
  const unit = await trx.selectFrom('item_units').select('item_id').where('id', '=', unitId).executeTakeFirst();
  if (!unit) return false;
  await lockItem(trx, unit.item_id);
  const done = await trx
    .updateTable('item_units')
    .set({ status: 'available', updated_at: at })
    .where('id', '=', unitId)
    .where('status', '=', 'issued')
    .executeTakeFirstOrThrow();
  if (Number(done.numUpdatedRows) === 0) return false;
  await logCustodyStep(trx, unitId, actorId, 'returned', holder, at);
  await recount(trx, unit.item_id, 'returned', { actorId, unitId, reason, at });
  return true;
}

/** The units of an item in someone's custody (an item is not deleted while it has any). */
export async function itemUnitsIssued(trx: Db, itemId: number): Promise<number> {
  const row = await trx
    .selectFrom('item_units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('item_id', '=', itemId)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Locks a unit's row for the rest of the caller's transaction (PostgreSQL; SQLite runs one writer at a time), so
 * two custody writes on one unit run one after the other. Answers its tag and item, or null when there is no unit.
 */
export async function lockUnitRow(trx: Db, unitId: number): Promise<{ tag: string; itemId: number } | null> {
  await trx
    .updateTable('item_units')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', unitId)
    .execute();
  const unit = await trx.selectFrom('item_units').select(['tag', 'item_id']).where('id', '=', unitId).executeTakeFirst();
  return unit ? { tag: unit.tag, itemId: unit.item_id } : null;
}
