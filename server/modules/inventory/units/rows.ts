/** Reads of tracked units (docs/decisions/units.md): one unit, units by tag, and the sets the screens and files show. */
import { sql } from 'kysely';
import type { UnitDto } from '../../../../core/inventory/unitSchemas';
import { isTag, tidyTag, type UnitStatus } from '../../../../core/inventory/units';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/database';
import type { ItemUnit } from '../../../db/schema';
import { anyContainsCI } from '../../../db/search';

export const unitsJoined = (db: Db) =>
  db
    .selectFrom('item_units as u')
    .innerJoin('items as i', 'i.id', 'u.item_id')
    .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
    .leftJoin('buildings as b', 'b.id', 'r.building_id')
    .leftJoin('suppliers as s', 's.id', 'u.supplier_id');

export const unitColumns = (q: ReturnType<typeof unitsJoined>) =>
  q
    .selectAll('u')
    .select([
      'i.name as item_name',
      'i.category as category',
      'r.code as room_code',
      'r.name as room_name',
      'b.name as building_name',
      's.name as supplier_name',
    ]);

type UnitRow = ItemUnit & {
  item_name: string;
  category: string;
  room_code: string | null;
  room_name: string | null;
  building_name: string | null;
  supplier_name: string | null;
};

export const toUnitDto = (u: UnitRow): UnitDto => ({
  id: u.id,
  tag: u.tag,
  itemId: u.item_id,
  itemName: u.item_name,
  category: u.category,
  serialNumber: u.serial_number,
  condition: u.condition,
  status: u.status as UnitStatus,
  homeRoom:
    u.home_room_id !== null && u.room_code !== null
      ? { id: u.home_room_id, code: u.room_code, name: u.room_name ?? '', buildingName: u.building_name ?? '' }
      : null,
  createdAt: u.created_at,
  updatedAt: u.updated_at,
  purchaseDate: u.purchase_date,
  purchaseCost: u.purchase_cost_cents === null ? null : Number(u.purchase_cost_cents) / 100,
  supplierId: u.supplier_id,
  supplierName: u.supplier_name,
  warrantyEnd: u.warranty_end,
  propertyNumber: u.property_number,
  deliveryId: u.delivery_id,
  lastCountedAt: u.last_counted_at,
});

export async function findUnit(db: Db, id: number): Promise<UnitDto | null> {
  const row = await unitColumns(unitsJoined(db)).where('u.id', '=', id).executeTakeFirst();
  return row ? toUnitDto(row) : null;
}

/** A unit by its asset tag, in any case; null when no unit has it. */
export async function findUnitByTag(db: Db, tag: string): Promise<UnitDto | null> {
  const t = tidyTag(tag);
  if (!isTag(t)) return null;
  const row = await unitColumns(unitsJoined(db)).where('u.tag', '=', t).executeTakeFirst();
  return row ? toUnitDto(row) : null;
}

/** The units of an item by tag, for an approval's choice: each with its status (or missing). */
export async function unitsByTags(trx: Db, tags: string[]): Promise<ItemUnit[]> {
  const clean = [...new Set(tags.map(tidyTag).filter(isTag))];
  if (!clean.length) return [];
  return trx.selectFrom('item_units').selectAll().where('tag', 'in', clean).execute();
}

/** Every unit of the tags, by tag. */
export async function unitsTagged(db: Db, tags: string[]): Promise<Map<string, ItemUnit>> {
  const out = new Map<string, ItemUnit>();
  const clean = [...new Set(tags)];
  for (let i = 0; i < clean.length; i += 500) {
    for (const u of await db
      .selectFrom('item_units')
      .selectAll()
      .where('tag', 'in', clean.slice(i, i + 500))
      .execute())
      out.set(u.tag, u);
  }
  return out;
}

/** The units of an item to print labels for: as the Units list shows them (search, status), never retired ones. */
export async function unitsForLabels(
  db: Db,
  dialect: Ctx['dialect'],
  itemId: number,
  q: { search?: string; status: string; ids?: number[] },
) {
  let b = unitsJoined(db).where('u.item_id', '=', itemId).where('u.status', '!=', 'retired');
  if (q.search) b = b.where(anyContainsCI(dialect, ['u.tag', 'u.serial_number'], q.search));
  if (q.status !== 'all') b = b.where('u.status', '=', q.status);
  if (q.ids) b = b.where('u.id', 'in', q.ids.length ? q.ids : [0]);
  return (await unitColumns(b).orderBy('u.tag').execute()).map(toUnitDto);
}

/** Units for the export: every unit or one item's, by item name and tag, with the home room's code. */
export const unitsForExport = (db: Db, itemId?: number) => {
  let q = unitColumns(unitsJoined(db));
  if (itemId !== undefined) q = q.where('u.item_id', '=', itemId);
  return q
    .orderBy(sql`lower(i.name)`)
    .orderBy('u.tag')
    .execute();
};

/** Units kept in a room (not retired), by tag: a maintenance plan can name one (docs/decisions/maintenance-plans.md). */
export const unitsWithHomeRooms = async (db: Db): Promise<UnitDto[]> =>
  (
    await unitColumns(unitsJoined(db)).where('u.status', '!=', 'retired').where('u.home_room_id', 'is not', null).orderBy('u.tag').execute()
  ).map(toUnitDto);
