import type { Ctx } from '../context';
import { findRoomByCode, roomsMatching } from '../modules/locations';
import { addUnits, editUnit, editUnitAsset, findUnitByTag, itemsNamed, trackItem } from '../modules/inventory';

/** The office's computers, bought two years ago: each item's units by room, their cost and property numbers. */
const COMPUTERS: { item: string; prefix: string; cost: number; rooms: [room: string, units: number][] }[] = [
  {
    item: 'Desktop Computer',
    prefix: 'DSK',
    cost: 38_500,
    rooms: [
      ['IT-LAB3', 4],
      ['ADM-REG', 2],
      ['LIB-2RA', 1],
      ['SCI-FR', 1],
    ],
  },
  {
    item: 'Laptop Computer',
    prefix: 'LAP',
    cost: 42_750,
    rooms: [
      ['FC-LOUNGE', 2],
      ['SCI-FR', 2],
      ['ADM-105', 2],
    ],
  },
];
const BOUGHT_DAYS_AGO = 730;

/**
 * Demo tracked units (docs/decisions/units.md), through the inventory service as the office would: the portable
 * aircon unit is tracked (tag AC-0001, kept in the Administration Building's Main Hall), and the desktop and laptop
 * computers are added in their rooms with their costs. Their history is dated back to their purchase, two years ago
 * (written directly), so the yearly counts (counts.ts) and Not seen for 12 months have a past to read. Items the
 * journeys count on stay counted.
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

  const bought = new Date(Date.now() - BOUGHT_DAYS_AGO * 86_400_000);
  const items = await itemsNamed(
    ctx.db,
    COMPUTERS.map((c) => c.item),
  );
  const ids: number[] = [];
  for (const c of COMPUTERS) {
    const item = items.find((i) => i.name === c.item);
    if (!item) continue;
    ids.push(item.id);
    await trackItem(ctx, admin, item.id, { prefix: c.prefix, condition: 'good' });
    for (const [code, count] of c.rooms) {
      const home = await findRoomByCode(ctx.db, code);
      const units = await addUnits(ctx, admin, item.id, { count, prefix: c.prefix, condition: 'good', homeRoomId: home?.id ?? null });
      for (const u of units)
        await editUnitAsset(ctx, admin, u.id, {
          purchaseDate: bought.toISOString().slice(0, 10),
          purchaseCost: c.cost,
          propertyNumber: `PN-${bought.getUTCFullYear()}-${u.tag}`,
        });
    }
  }
  await datedBack(ctx, ids, bought.toISOString());
}

/** The computers' rows, history, stock card and feed entries as of their purchase. */
async function datedBack(ctx: Ctx, itemIds: number[], at: string): Promise<void> {
  if (!itemIds.length) return;
  const units = ctx.db.selectFrom('item_units').select('id').where('item_id', 'in', itemIds);
  await ctx.db.updateTable('items').set({ created_at: at }).where('id', 'in', itemIds).execute();
  await ctx.db.updateTable('item_units').set({ created_at: at, updated_at: at }).where('item_id', 'in', itemIds).execute();
  await ctx.db.updateTable('unit_events').set({ created_at: at }).where('unit_id', 'in', units).execute();
  await ctx.db.updateTable('stock_movements').set({ created_at: at }).where('item_id', 'in', itemIds).execute();
  await ctx.db
    .updateTable('activity')
    .set({ created_at: at })
    .where('entity_type', '=', 'item')
    .where('entity_id', 'in', itemIds)
    .execute();
}
