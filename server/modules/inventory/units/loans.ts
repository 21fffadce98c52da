/**
 * The unit moves borrowing makes in its own transactions (docs/decisions/units.md): lent at an approval, checked
 * back in, received at a verified return with what the office found, and back from a damage repair. Each move is
 * guarded by the unit's present status, and the item's quantity is written from its units after.
 */
import type { Db } from '../../../db/database';
import type { ItemUnit } from '../../../db/schema';
import { lockItem } from '../locks';
import { setUnitCondition } from './condition';
import { logEvent, now, recount } from './writes';

/**
 * Sends these units of an item out on loan, stamped with the approval's own time so its history lines sit
 * together: each moves only while it is available (the guarded UPDATE), so two approvals racing for one unit
 * cannot both take it. Answers the tag of a unit that was not available (nothing is kept then: the caller's
 * transaction is rolled back), or null when all went out.
 */
export async function lendUnits(
  trx: Db,
  actorId: number,
  itemId: number,
  units: ItemUnit[],
  requestId: number,
  at: string = now(),
): Promise<string | null> {
  for (const unit of [...units].sort((a, b) => a.id - b.id)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'on_loan', updated_at: at })
      .where('id', '=', unit.id)
      .where('item_id', '=', itemId)
      .where('status', '=', 'available')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) return unit.tag;
    await logEvent(trx, unit.id, actorId, 'status', 'available', 'on_loan', `REQ-${requestId}`, at);
  }
  await recount(trx, itemId, 'lent', { actorId, requestId, at });
  return null;
}

/** Checks units back in (a verified return, a loan marked returned): on loan → available. */
export async function checkInUnits(trx: Db, actorId: number, itemId: number, unitIds: number[], requestId: number): Promise<void> {
  const at = now();
  for (const id of [...unitIds].sort((a, b) => a - b)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'available', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'on_loan')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) > 0) await logEvent(trx, id, actorId, 'status', 'on_loan', 'available', `REQ-${requestId}`, at);
  }
  await recount(trx, itemId, 'returned', { actorId, requestId, at });
}

/**
 * A verified return's units (docs/decisions/return-conditions.md): each on loan moves, guarded, to available
 * (good), in repair (damaged, missing parts) or lost, with the request and the finding as its history's note.
 * The item's row is locked first so the recount reads the other writers' units as committed. Answers the units
 * that moved, with their home rooms.
 */
export async function receiveUnits(
  trx: Db,
  actorId: number,
  itemId: number,
  moves: { unitId: number; to: 'available' | 'in_repair' | 'lost'; note: string }[],
  requestId?: number,
): Promise<{ id: number; homeRoomId: number | null }[]> {
  await lockItem(trx, itemId);
  const at = now();
  const moved: { id: number; homeRoomId: number | null }[] = [];
  for (const m of [...moves].sort((a, b) => a.unitId - b.unitId)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: m.to, updated_at: at })
      .where('id', '=', m.unitId)
      .where('status', '=', 'on_loan')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) continue;
    if (m.to === 'in_repair') await setUnitCondition(trx, m.unitId, actorId, 'damaged', null, at);
    await logEvent(trx, m.unitId, actorId, 'status', 'on_loan', m.to, m.note, at);
    const unit = await trx.selectFrom('item_units').select('home_room_id').where('id', '=', m.unitId).executeTakeFirstOrThrow();
    moved.push({ id: m.unitId, homeRoomId: unit.home_room_id });
  }
  await recount(trx, itemId, 'returned', { actorId, requestId: requestId ?? null, at });
  return moved;
}

/**
 * A damage repair ended (docs/decisions/return-conditions.md): the unit in repair goes back to available, or is
 * retired beyond repair with the reason. Guarded on `in_repair`, so a second ending (or the office having put it
 * back by hand) changes nothing. Answers whether the unit moved.
 */
export async function endUnitRepair(
  trx: Db,
  actorId: number | null,
  unitId: number,
  outcome: 'repaired' | 'retired',
  note: string,
  repairId?: number,
): Promise<boolean> {
  const unit = await trx.selectFrom('item_units').select('item_id').where('id', '=', unitId).executeTakeFirst();
  if (!unit) return false;
  await lockItem(trx, unit.item_id);
  const at = now();
  const to = outcome === 'repaired' ? 'available' : 'retired';
  const done = await trx
    .updateTable('item_units')
    .set({ status: to, updated_at: at })
    .where('id', '=', unitId)
    .where('status', '=', 'in_repair')
    .executeTakeFirstOrThrow();
  if (Number(done.numUpdatedRows) === 0) return false;
  await logEvent(trx, unitId, actorId, outcome === 'repaired' ? 'status' : 'retired', 'in_repair', to, note, at);
  if (outcome === 'repaired') await setUnitCondition(trx, unitId, actorId, 'good', null, at);
  await recount(trx, unit.item_id, 'repaired', { actorId, unitId, repairId: repairId ?? null, reason: note, at });
  return true;
}
