/**
 * A unit's condition follows what happened to it (docs/decisions/return-conditions.md): found damaged or missing
 * parts at a return, it is Damaged while in repair (never "Good" beside "In repair"); mended, it is Good again.
 * Written in the caller's transaction, with a line in the unit's history when it changes.
 */
import type { UnitCondition } from '../../../../core/inventory/units';
import type { Db } from '../../../db/database';
import { logEvent } from './writes';

export async function setUnitCondition(
  trx: Db,
  unitId: number,
  actorId: number | null,
  to: UnitCondition,
  note: string | null,
  at: string,
): Promise<void> {
  const unit = await trx.selectFrom('item_units').select('condition').where('id', '=', unitId).executeTakeFirst();
  if (!unit || unit.condition === to) return;
  await trx.updateTable('item_units').set({ condition: to, updated_at: at }).where('id', '=', unitId).execute();
  await logEvent(trx, unitId, actorId, 'condition', unit.condition, to, note, at);
}
