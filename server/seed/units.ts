import type { Ctx } from '../context';
import { roomsMatching } from '../modules/locations';
import { editUnit, findUnitByTag, itemsNamed, trackItem } from '../modules/inventory';

/**
 * Demo tracked units (docs/decisions/units.md), through the inventory service as the office would: the portable
 * aircon unit is tracked (tag AC-0001, kept in the Administration Building's Main Hall). Items the journeys count on stay counted.
 */
export async function seedUnits(ctx: Ctx): Promise<void> {
  const admin = await ctx.db.selectFrom('accounts').selectAll().where('email', '=', 'admin@campus.test').executeTakeFirstOrThrow();
  const [aircon] = await itemsNamed(ctx.db, ['Portable Aircon Unit']);
  if (!aircon) return;
  await trackItem(ctx, admin, aircon.id, { prefix: 'AC', condition: 'good' });
  const room = (await roomsMatching(ctx, { search: 'ADM-HALL' })).find((r) => r.code === 'ADM-HALL');
  const unit = await findUnitByTag(ctx.db, 'AC-0001');
  if (unit && room) {
    await editUnit(ctx, admin, unit.id, { condition: 'good', status: 'available', homeRoomId: room.id, serialNumber: 'CARRIER-15HP-0391' });
  }
}
