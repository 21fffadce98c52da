import { repairCode, type RepairStatus } from '../../../core/repairs/rules';
import type { Db } from '../../db/database';

/**
 * The repair a unit is in: the newest damage repair opened for it that has not ended (not repaired, not retired).
 * A unit's page links to it, so "In repair" says which repair.
 */
export async function openRepairOfUnit(db: Db, unitId: number): Promise<{ id: number; code: string; status: RepairStatus } | null> {
  const row = await db
    .selectFrom('repair_reports')
    .select(['id', 'status'])
    .where('damage_unit_id', '=', unitId)
    .where('damage_outcome', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { id: row.id, code: repairCode(row.id), status: row.status as RepairStatus } : null;
}
