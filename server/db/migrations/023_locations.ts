import { sql, type Kysely } from 'kysely';
import { buildingCodeOf, roomCodeOf, tidyName, uniqueCode } from '../../../core/locations/rules';
import { idColumn } from './helpers';

/**
 * Locations (docs/decisions/locations.md): the campus's buildings and their rooms, and repair_reports.room_id
 * pointing at the room a report is about. The free-text building and room of every report stay as they were;
 * the backfill reads each distinct place (trimmed, inner spaces made one, any case), finds or makes its building
 * and room, and points the reports at it. A report with a blank building or room keeps room_id null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('buildings'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index buildings_name on buildings (lower(name))`.execute(db);

  await idColumn(db, db.schema.createTable('rooms'))
    .addColumn('building_id', 'integer', (c) => c.notNull().references('buildings.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('floor', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index rooms_building_name on rooms (building_id, lower(name))`.execute(db);

  await db.schema
    .alterTable('repair_reports')
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id'))
    .execute();
  await db.schema.createIndex('repair_reports_room').on('repair_reports').column('room_id').execute();

  await backfill(db);
}

interface Place {
  building: string;
  room: string;
  n: number | string;
  first: number;
}

/**
 * The name a building or room gets from the ways reports wrote it: the one most reports used, then one in mixed
 * case ("Science Building" over "SCIENCE BUILDING"), then the one written first.
 */
function nameFrom(variants: { name: string; n: number; first: number }[]): string {
  const mixed = (s: string) => (/[a-z]/.test(s) && /[A-Z]/.test(s) ? 1 : 0);
  return [...variants].sort((a, b) => b.n - a.n || mixed(b.name) - mixed(a.name) || a.first - b.first)[0]!.name;
}

async function backfill(db: Kysely<any>): Promise<void> {
  const places: Place[] = await db
    .selectFrom('repair_reports')
    .select(['building', 'room', sql<number>`count(*)`.as('n'), sql<number>`min(id)`.as('first')])
    .groupBy(['building', 'room'])
    .execute();
  const usable = places
    .map((p) => ({ ...p, n: Number(p.n), b: tidyName(p.building ?? ''), r: tidyName(p.room ?? '') }))
    .filter((p) => p.b && p.r)
    .sort((a, b) => a.first - b.first); // the order reports were written: the same codes on either database
  if (!usable.length) return;
  const variants = (key: (p: (typeof usable)[number]) => string, name: (p: (typeof usable)[number]) => string) => {
    const out = new Map<string, Map<string, { name: string; n: number; first: number }>>();
    for (const p of usable) {
      const k = key(p);
      const byName = out.get(k) ?? new Map();
      const v = byName.get(name(p)) ?? { name: name(p), n: 0, first: p.first };
      v.n += p.n;
      v.first = Math.min(v.first, p.first);
      byName.set(name(p), v);
      out.set(k, byName);
    }
    return new Map([...out].map(([k, m]) => [k, nameFrom([...m.values()])]));
  };
  const bKey = (p: { b: string }) => p.b.toLowerCase();
  const rKey = (p: { b: string; r: string }) => `${bKey(p)}\u0000${p.r.toLowerCase()}`;
  const buildingNames = variants(bKey, (p) => p.b);
  const roomNames = variants(rKey, (p) => p.r);

  const now = new Date().toISOString();
  const buildings = new Map<string, { id: number; code: string }>();
  const rooms = new Map<string, number>();
  const buildingCodes = new Set<string>();
  const roomCodes = new Set<string>();
  for (const place of usable) {
    let building = buildings.get(bKey(place));
    if (!building) {
      const name = buildingNames.get(bKey(place))!;
      const code = uniqueCode(buildingCodeOf(name), (c) => buildingCodes.has(c), false);
      const { id } = await db
        .insertInto('buildings')
        .values({ code, name, notes: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      building = { id, code };
      buildings.set(bKey(place), building);
      buildingCodes.add(code);
    }
    let roomId = rooms.get(rKey(place));
    if (roomId === undefined) {
      const name = roomNames.get(rKey(place))!;
      const code = uniqueCode(roomCodeOf(building.code, name), (c) => roomCodes.has(c));
      ({ id: roomId } = await db
        .insertInto('rooms')
        .values({ building_id: building.id, code, name, floor: null, notes: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow());
      rooms.set(rKey(place), roomId!);
      roomCodes.add(code);
    }
    await db
      .updateTable('repair_reports')
      .set({ room_id: roomId })
      .where('building', '=', place.building)
      .where('room', '=', place.room)
      .execute();
  }
}
