/** Reads of the locations (docs/decisions/locations.md): the buildings with their room counts, the rooms list, one room. */
import { sql } from 'kysely';
import type { BuildingDto, RoomDto, RoomList, RoomListParams } from '../../../core/locations/schemas';
import type { Ctx } from '../../context';
import { createListCache } from '../../lib/listCache';
import type { Db } from '../../db/database';
import type { Building, Room } from '../../db/schema';
import { anyContainsCI } from '../../db/search';
import { offsetOf } from '../../lib/paging';

type RoomRow = Room & { building_code: string; building_name: string };

const toBuildingDto = (b: Building & { room_count: number | string }): BuildingDto => ({
  id: b.id,
  code: b.code,
  name: b.name,
  notes: b.notes,
  roomCount: Number(b.room_count),
  createdAt: b.created_at,
});

const toRoomDto = (r: RoomRow): RoomDto => ({
  id: r.id,
  code: r.code,
  name: r.name,
  floor: r.floor,
  notes: r.notes,
  buildingId: r.building_id,
  buildingCode: r.building_code,
  buildingName: r.building_name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  suggested: Number(r.suggested) === 1,
});

const buildingsWithCounts = (db: Db) =>
  db
    .selectFrom('buildings as b')
    .selectAll('b')
    .select((eb) =>
      eb.selectFrom('rooms').select(eb.fn.countAll<number>().as('n')).whereRef('rooms.building_id', '=', 'b.id').as('room_count'),
    );

/** Every building by name, with its number of rooms. */
export async function listBuildings(db: Db): Promise<BuildingDto[]> {
  const rows = await buildingsWithCounts(db)
    .orderBy(sql`lower(b.name)`)
    .orderBy('b.id')
    .execute();
  return rows.map((b) => toBuildingDto({ ...b, room_count: b.room_count ?? 0 }));
}

export async function findBuilding(db: Db, id: number): Promise<BuildingDto | null> {
  const b = await buildingsWithCounts(db).where('b.id', '=', id).executeTakeFirst();
  return b ? toBuildingDto({ ...b, room_count: b.room_count ?? 0 }) : null;
}

const roomsJoined = (db: Db) => db.selectFrom('rooms as r').innerJoin('buildings as b', 'b.id', 'r.building_id');
const roomColumns = (q: ReturnType<typeof roomsJoined>) => q.selectAll('r').select(['b.code as building_code', 'b.name as building_name']);

export async function findRoom(db: Db, id: number): Promise<RoomDto | null> {
  const r = await roomColumns(roomsJoined(db)).where('r.id', '=', id).executeTakeFirst();
  return r ? toRoomDto(r) : null;
}

/** A room by its code, as a label prints it; codes are kept in capitals, so any case finds it. */
export async function findRoomByCode(db: Db, code: string): Promise<RoomDto | null> {
  const r = await roomColumns(roomsJoined(db)).where('r.code', '=', code.trim().toUpperCase()).executeTakeFirst();
  return r ? toRoomDto(r) : null;
}

function searched(ctx: Ctx, search: string | undefined) {
  let q = roomsJoined(ctx.db);
  if (search) q = q.where(anyContainsCI(ctx.dialect, ['r.name', 'r.code', 'b.name', 'b.code'], search));
  return q;
}

/** The rooms list: by building name, then room name; the search over room and building names and codes. */
const keptRooms = createListCache<RoomList>('rooms');

/** The rooms list, kept while no room or building changes (migration 028). */
export async function listRooms(ctx: Ctx, q: RoomListParams): Promise<RoomList> {
  const key = JSON.stringify([q.search ?? '', q.building ?? 0, q.show ?? '', q.page, q.pageSize]);
  return keptRooms(ctx.db, key, () => loadRooms(ctx, q));
}

async function loadRooms(ctx: Ctx, q: RoomListParams): Promise<RoomList> {
  const all = searched(ctx, q.search);
  const inBuilding = q.building ? all.where('r.building_id', '=', q.building) : all;
  const shown = q.show === 'suggested' ? inBuilding.where('r.suggested', '=', 1) : inBuilding;
  const b = q.building ?? 0;
  const [counts, rows] = await Promise.all([
    all
      .select([
        sql<number>`count(*)`.as('all'),
        sql<number>`coalesce(sum(case when r.building_id = ${b} then 1 else 0 end), 0)`.as('building'),
        sql<number>`coalesce(sum(case when r.suggested = 1 and (${b} = 0 or r.building_id = ${b}) then 1 else 0 end), 0)`.as('suggested'),
      ])
      .executeTakeFirstOrThrow(),
    roomColumns(shown)
      .orderBy(sql`lower(b.name)`)
      .orderBy(sql`lower(r.name)`)
      .orderBy('r.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
  ]);
  const allCount = Number(counts.all);
  const building = q.building ? Number(counts.building) : allCount;
  const suggested = Number(counts.suggested);
  return {
    items: rows.map(toRoomDto),
    total: q.show === 'suggested' ? suggested : building,
    counts: { all: allCount, building, suggested },
  };
}

/** Every room the search and building (and the shown and chosen) match, in the list's order: the CSV export and the labels of what the screen shows. */
export async function roomsMatching(
  ctx: Ctx,
  q: { search?: string; building?: number; show?: 'suggested'; ids?: number[] },
): Promise<RoomDto[]> {
  let b = searched(ctx, q.search);
  if (q.building) b = b.where('r.building_id', '=', q.building);
  if (q.show === 'suggested') b = b.where('r.suggested', '=', 1);
  if (q.ids) b = b.where('r.id', 'in', q.ids.length ? q.ids : [0]);
  const rows = await roomColumns(b)
    .orderBy(sql`lower(b.name)`)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();
  return rows.map(toRoomDto);
}

/** Every building and room, for matching imported rows and free-text places (small: a campus has hundreds). */
export async function allPlaces(db: Db): Promise<{ buildings: Building[]; rooms: Room[] }> {
  const [buildings, rooms] = await Promise.all([
    db.selectFrom('buildings').selectAll().execute(),
    db.selectFrom('rooms').selectAll().execute(),
  ]);
  return { buildings, rooms };
}

/** The ids of a building's rooms, as a subquery: the repair boards narrow to a building through it. */
export const roomIdsIn = (db: Db, buildingId: number) => db.selectFrom('rooms').select('id').where('building_id', '=', buildingId);
