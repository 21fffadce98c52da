import { sql, type Kysely } from 'kysely';

/**
 * The count's figures kept as it goes (docs/decisions/counts.md, docs/performance.md#the-yearly-count): one row per
 * count and place, updated in each scan's transaction, so the progress reads a few rows rather than adding up every
 * unit of the count at each request. A place is a room ('room:ID', where units are expected, or unexpected units
 * or unknown tags were found), a building ('building:ID', the sum of its rooms, one for each building counted),
 * the units with no home room ('no_room') and those with a person ('custodians'). Expected, found (in the room
 * expected, or anywhere for a unit with no room), found elsewhere and not found go by where the unit was expected;
 * unexpected units and unknown tags by where they were scanned. Counts made before are added up once here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('count_tallies')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('building_id', 'integer')
    .addColumn('room_id', 'integer')
    .addColumn('building_name', 'text')
    .addColumn('room_code', 'text')
    .addColumn('expected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('found_elsewhere', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unexpected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unknown_tags', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('count_tallies_pk', ['count_id', 'place'])
    .execute();
  // The rooms' rows in the progress's order (by building, then code), the whole count's or one building's.
  await sql`create index count_tallies_rooms on count_tallies (count_id, building_name, room_code, room_id) where room_id is not null`.execute(
    db,
  );
  await sql`create index count_tallies_building_rooms on count_tallies (count_id, building_id, room_code, room_id) where room_id is not null`.execute(
    db,
  );
  await sql`create index count_tallies_top on count_tallies (count_id, room_id)`.execute(db);

  const counts = await db.selectFrom('counts').select(['id', 'whole_campus']).orderBy('id').execute();
  for (const c of counts) await tallyOnce(db, c.id, Number(c.whole_campus) === 1);
}

type Row = {
  count_id: number;
  place: string;
  building_id: number | null;
  room_id: number | null;
  building_name: string | null;
  room_code: string | null;
  expected: number;
  found: number;
  found_elsewhere: number;
  unexpected: number;
  unknown_tags: number;
};

/** A count made before this migration, added up from its units and unknown tags. */
async function tallyOnce(db: Kysely<any>, countId: number, wholeCampus: boolean): Promise<void> {
  const n = (v: unknown) => Number(v ?? 0);
  const [buildings, expected, unexpected, unknown] = await Promise.all([
    db.selectFrom('count_buildings').select(['building_id', 'building_name']).where('count_id', '=', countId).execute(),
    db
      .selectFrom('count_units')
      .select([
        'home_building_id as b',
        'home_room_id as r',
        sql<number>`count(*)`.as('e'),
        sql<number>`sum(case when found_room_id is not null and (home_room_id is null or found_room_id = home_room_id) then 1 else 0 end)`.as(
          'f',
        ),
        sql<number>`sum(case when found_room_id is not null and home_room_id is not null and found_room_id <> home_room_id then 1 else 0 end)`.as(
          'x',
        ),
      ])
      .where('count_id', '=', countId)
      .where('expected', '=', 1)
      .groupBy(['home_building_id', 'home_room_id'])
      .execute(),
    db
      .selectFrom('count_units')
      .select(['found_building_id as b', 'found_room_id as r', sql<number>`count(*)`.as('n')])
      .where('count_id', '=', countId)
      .where('expected', '=', 0)
      .where('found_room_id', 'is not', null)
      .groupBy(['found_building_id', 'found_room_id'])
      .execute(),
    db
      .selectFrom('count_unknown_tags')
      .select(['building_id as b', 'room_id as r', sql<number>`count(*)`.as('n')])
      .where('count_id', '=', countId)
      .groupBy(['building_id', 'room_id'])
      .execute(),
  ]);
  const names = new Map(buildings.map((b) => [Number(b.building_id), b.building_name as string]));
  const roomIds = [...new Set([...expected, ...unexpected, ...unknown].map((x) => x.r).filter((r) => r !== null))].map(Number);
  const codes = new Map<number, string>();
  for (let i = 0; i < roomIds.length; i += 500) {
    const rows = await db
      .selectFrom('rooms')
      .select(['id', 'code'])
      .where('id', 'in', roomIds.slice(i, i + 500))
      .execute();
    for (const r of rows) codes.set(Number(r.id), r.code);
  }
  const rows = new Map<string, Row>();
  const row = (place: string, b: number | null, r: number | null): Row => {
    let x = rows.get(place);
    if (!x) {
      x = {
        count_id: countId,
        place,
        building_id: b,
        room_id: r,
        building_name: b === null ? null : (names.get(b) ?? null),
        room_code: r === null ? null : (codes.get(r) ?? null),
        expected: 0,
        found: 0,
        found_elsewhere: 0,
        unexpected: 0,
        unknown_tags: 0,
      };
      rows.set(place, x);
    }
    return x;
  };
  for (const b of buildings) row(`building:${b.building_id}`, Number(b.building_id), null);
  if (wholeCampus) row('no_room', null, null);
  const add = (b: unknown, r: unknown, f: (x: Row) => void) => {
    if (r === null || r === undefined) return f(row('no_room', null, null));
    f(row(`room:${r}`, b === null ? null : Number(b), Number(r)));
    if (b !== null && b !== undefined) f(row(`building:${b}`, Number(b), null));
  };
  for (const e of expected)
    add(e.b, e.r, (x) => {
      x.expected += n(e.e);
      x.found += n(e.f);
      x.found_elsewhere += n(e.x);
    });
  for (const u of unexpected) add(u.b, u.r, (x) => (x.unexpected += n(u.n)));
  for (const k of unknown) add(k.b, k.r, (x) => (x.unknown_tags += n(k.n)));
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += 200)
    await db
      .insertInto('count_tallies')
      .values(all.slice(i, i + 200))
      .execute();
}
