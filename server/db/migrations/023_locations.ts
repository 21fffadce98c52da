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

async function backfill(db: Kysely<any>): Promise<void> {
  const places: { building: string; room: string }[] = await db
    .selectFrom('repair_reports')
    .select(['building', 'room'])
    .distinct()
    .execute();
  if (!places.length) return;
  const now = new Date().toISOString();
  const buildings = new Map<string, { id: number; code: string }>();
  const buildingCodes = new Set<string>();
  const rooms = new Map<string, number>();
  const roomCodes = new Set<string>();
  // In a stable order, so the same reports make the same codes on either database.
  places.sort((a, b) => (a.building + '\u0000' + a.room < b.building + '\u0000' + b.room ? -1 : 1));
  for (const place of places) {
    const buildingName = tidyName(place.building ?? '');
    const roomName = tidyName(place.room ?? '');
    if (!buildingName || !roomName) continue;
    const bKey = buildingName.toLowerCase();
    let building = buildings.get(bKey);
    if (!building) {
      const code = uniqueCode(buildingCodeOf(buildingName), (c) => buildingCodes.has(c), false);
      const { id } = await db
        .insertInto('buildings')
        .values({ code, name: buildingName, notes: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      building = { id, code };
      buildings.set(bKey, building);
      buildingCodes.add(code);
    }
    const rKey = `${building.id}\u0000${roomName.toLowerCase()}`;
    let roomId = rooms.get(rKey);
    if (roomId === undefined) {
      const code = uniqueCode(roomCodeOf(building.code, roomName), (c) => roomCodes.has(c));
      ({ id: roomId } = await db
        .insertInto('rooms')
        .values({ building_id: building.id, code, name: roomName, floor: null, notes: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow());
      rooms.set(rKey, roomId!);
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
