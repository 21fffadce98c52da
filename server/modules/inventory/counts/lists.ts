/**
 * The count's lists (docs/decisions/counts.md): its units by group, the unknown tags, the counted items, and the
 * units not seen for months; paged by the database.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { NOT_SEEN_MONTHS, type CountUnitGroup } from '../../../../core/inventory/counts';
import type { CountUnitRowDto } from '../../../../core/inventory/countSchemas';
import type { Db } from '../../../db/database';
import type { DB } from '../../../db/schema';
import { countedSums } from './reads';
import { countOf } from './shared';

const n = (v: unknown) => Number(v ?? 0);

type Units = ExpressionBuilder<DB & { c: DB['count_units'] }, 'c'>;

/** The condition of a group of units, in the count's words (docs/decisions/counts.md). */
function groupWhere(eb: Units, group: CountUnitGroup) {
  const found = eb('c.found_room_id', 'is not', null);
  switch (group) {
    case 'expected':
      return eb('c.expected', '=', 1);
    case 'found':
      return eb.and([
        eb('c.expected', '=', 1),
        found,
        eb.or([eb('c.home_room_id', 'is', null), eb('c.found_room_id', '=', eb.ref('c.home_room_id'))]),
      ]);
    case 'found_elsewhere':
      return eb.and([
        eb('c.expected', '=', 1),
        found,
        eb('c.home_room_id', 'is not', null),
        eb('c.found_room_id', '<>', eb.ref('c.home_room_id')),
      ]);
    case 'not_found':
      return eb.and([eb('c.expected', '=', 1), eb('c.found_room_id', 'is', null)]);
    case 'unexpected':
      return eb('c.expected', '=', 0);
  }
}

/**
 * One group of a count's units, by tag; a building or room filter is the home's, or for units found away, either
 * end's; `place` keeps the units expected with no room, with a person or with none.
 */
export async function countUnits(
  db: Db,
  countId: number,
  q: { page: number; pageSize: number; group: CountUnitGroup; buildingId?: number; roomId?: number; place?: 'no_room' | 'custodians' },
): Promise<{ items: CountUnitRowDto[]; total: number }> {
  await countOf(db, countId);
  const away = q.group === 'found_elsewhere';
  const base = db
    .selectFrom('count_units as c')
    .where('c.count_id', '=', countId)
    .where((eb) => groupWhere(eb, q.group))
    .$if(q.buildingId !== undefined, (w) =>
      w.where((eb) =>
        q.group === 'unexpected'
          ? eb('c.found_building_id', '=', q.buildingId!)
          : away
            ? eb.or([eb('c.home_building_id', '=', q.buildingId!), eb('c.found_building_id', '=', q.buildingId!)])
            : eb('c.home_building_id', '=', q.buildingId!),
      ),
    )
    .$if(q.roomId !== undefined, (w) =>
      w.where((eb) =>
        q.group === 'unexpected'
          ? eb('c.found_room_id', '=', q.roomId!)
          : away
            ? eb.or([eb('c.home_room_id', '=', q.roomId!), eb('c.found_room_id', '=', q.roomId!)])
            : eb('c.home_room_id', '=', q.roomId!),
      ),
    )
    // The units expected with no room: with a person (custodians), or none at all (no_room).
    .$if(q.place !== undefined, (w) =>
      w
        .where('c.home_room_id', 'is', null)
        .where((eb) => (q.place === 'custodians' ? eb('c.custodian_kind', '=', 'person') : eb('c.custodian_kind', 'is', null))),
    );
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    unitRows(base)
      .orderBy('c.tag')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return { items: rows.map(unitRowDto), total: n(total?.n) };
}

const unitRows = <Q extends ReturnType<typeof countUnitsFrom>>(base: Q) =>
  base
    .leftJoin('rooms as h', 'h.id', 'c.home_room_id')
    .leftJoin('rooms as f', 'f.id', 'c.found_room_id')
    .leftJoin('accounts as a', 'a.id', 'c.found_by')
    .select([
      'c.unit_id',
      'c.tag',
      'c.item_id',
      'c.item_name',
      'h.code as home_code',
      'f.code as found_code',
      'a.full_name as found_by_name',
      'c.found_at',
      'c.cost_cents',
      'c.moved_at',
      'c.lost_at',
      'c.custodian_name',
    ]);
const countUnitsFrom = (db: Db) => db.selectFrom('count_units as c');

type UnitRow = Awaited<ReturnType<ReturnType<typeof unitRows>['execute']>>[number];
export const unitRowDto = (r: UnitRow): CountUnitRowDto => ({
  unitId: r.unit_id,
  tag: r.tag,
  itemId: r.item_id,
  itemName: r.item_name,
  homeRoom: r.home_code,
  foundRoom: r.found_code,
  foundBy: r.found_by_name,
  foundAt: r.found_at,
  purchaseCost: r.cost_cents === null ? null : n(r.cost_cents) / 100,
  movedAt: r.moved_at,
  lostAt: r.lost_at,
  custodian: r.custodian_name,
});

/** Every unit of a group, by tag (the report). */
export async function allUnits(db: Db, countId: number, group: CountUnitGroup, extra?: 'moved'): Promise<CountUnitRowDto[]> {
  const rows = await unitRows(
    countUnitsFrom(db)
      .where('c.count_id', '=', countId)
      .where((eb) => (extra === 'moved' ? eb('c.moved_at', 'is not', null) : groupWhere(eb, group))),
  )
    .orderBy('c.tag')
    .execute();
  return rows.map(unitRowDto);
}

export async function unknownTags(db: Db, countId: number, q: { page: number; pageSize: number; roomId?: number }) {
  await countOf(db, countId);
  const base = db
    .selectFrom('count_unknown_tags as t')
    .where('t.count_id', '=', countId)
    .$if(q.roomId !== undefined, (w) => w.where('t.room_id', '=', q.roomId!));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .leftJoin('rooms as r', 'r.id', 't.room_id')
      .leftJoin('accounts as a', 'a.id', 't.scanned_by')
      .select(['t.tag', 'r.code', 'a.full_name', 't.scanned_at'])
      .orderBy('t.scanned_at')
      .orderBy('t.tag')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    items: rows.map((r) => ({ tag: r.tag, roomCode: r.code, scannedBy: r.full_name, scannedAt: r.scanned_at })),
    total: n(total?.n),
  };
}

export async function countItems(db: Db, countId: number, q: { page: number; pageSize: number }) {
  await countOf(db, countId);
  const base = db.selectFrom('count_items as ci').where('ci.count_id', '=', countId);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    itemRows(db, countId, base)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return { items: rows.map(itemRowDto), total: n(total?.n) };
}

const itemRows = (db: Db, countId: number, base: ReturnType<typeof countItemsFrom>) =>
  base
    .leftJoin(countedSums(db, countId).as('s'), 's.item_id', 'ci.item_id')
    .select(['ci.item_id', 'ci.item_name', 'ci.category', 'ci.expected', 'ci.cost_cents', 's.counted', 's.rooms'])
    .orderBy('ci.item_name')
    .orderBy('ci.item_id');
const countItemsFrom = (db: Db) => db.selectFrom('count_items as ci');

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number];
export const itemRowDto = (r: ItemRow) => {
  const counted = r.counted === null || r.counted === undefined ? null : n(r.counted);
  return {
    itemId: r.item_id,
    itemName: r.item_name,
    category: r.category,
    expected: n(r.expected),
    counted,
    difference: counted === null ? null : counted - n(r.expected),
    rooms: n(r.rooms),
    unitCost: r.cost_cents === null ? null : n(r.cost_cents) / 100,
  };
};

/** Every item counted by quantity (the report and the close). */
export async function allItems(db: Db, countId: number) {
  return (await itemRows(db, countId, countItemsFrom(db).where('ci.count_id', '=', countId)).execute()).map(itemRowDto);
}

/**
 * Units not seen for 12 months: not retired nor lost, and found by no count since then (or never, for units
 * older than that) nor by a count still open, the longest unseen first.
 */
export async function notSeen(db: Db, q: { page: number; pageSize: number }, at = new Date()) {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - NOT_SEEN_MONTHS);
  const since = cutoff.toISOString();
  const base = db
    .selectFrom('item_units as u')
    .where('u.status', 'not in', ['retired', 'lost'])
    .where((eb) =>
      eb.or([eb('u.last_counted_at', '<', since), eb.and([eb('u.last_counted_at', 'is', null), eb('u.created_at', '<', since)])]),
    )
    // Found by a count still open: seen, though its date is written when that count closes (index
    // count_units_found_units, migration 069: read once for the statement, not per unit).
    .where('u.id', 'not in', (eb) =>
      eb
        .selectFrom('count_units as c')
        .select('c.unit_id')
        .where('c.count_id', 'in', eb.selectFrom('counts').select('id').where('status', '=', 'open'))
        .where('c.found_at', 'is not', null),
    );
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .innerJoin('items as i', 'i.id', 'u.item_id')
      .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
      .select(['u.id', 'u.tag', 'i.name', 'r.code', 'u.status', 'u.last_counted_at'])
      .orderBy(sql`coalesce(u.last_counted_at, u.created_at)`)
      .orderBy('u.tag')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    items: rows.map((r) => ({
      unitId: r.id,
      tag: r.tag,
      itemName: r.name,
      homeRoom: r.code,
      status: r.status,
      lastCountedAt: r.last_counted_at,
    })),
    total: n(total?.n),
  };
}
