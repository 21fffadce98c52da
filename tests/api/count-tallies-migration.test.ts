import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migration 068 (docs/decisions/counts.md) over a database made by the version before it: a count started and
 * scanned before the tallies existed gets its rows added up once, per room, building and the units with no room,
 * equal to what its units and unknown tags say. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('migration 068: the count tallies', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('067_count_custody'));
  });
  afterAll(() => cleanup());

  it('adds up the counts made before', async () => {
    const raw = db as any;
    const at = new Date().toISOString();
    const building = async (code: string) =>
      (
        await raw
          .insertInto('buildings')
          .values({ code, name: `Hall ${code}`, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const room = async (buildingId: number, code: string) =>
      (
        await raw
          .insertInto('rooms')
          .values({ building_id: buildingId, code, name: code, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const b1 = await building('A');
    const b2 = await building('B');
    const [r1, r2, r3] = [await room(b1, 'A-1'), await room(b1, 'A-2'), await room(b2, 'B-1')];
    const { id: countId } = await raw
      .insertInto('counts')
      .values({ reference: 'OLD-1', name: 'Old', status: 'open', whole_campus: 1, started_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await raw
      .insertInto('count_buildings')
      .values([
        { count_id: countId, building_id: b1, building_name: 'Hall A' },
        { count_id: countId, building_id: b2, building_name: 'Hall B' },
      ])
      .execute();
    const unit = (id: number, home: number | null, homeB: number | null, found: number | null, foundB: number | null, expected = 1) => ({
      count_id: countId,
      unit_id: id,
      item_id: 1,
      tag: `T-${id}`,
      item_name: 'Projector',
      expected,
      home_room_id: home,
      home_building_id: homeB,
      found_room_id: found,
      found_building_id: foundB,
      found_at: found === null ? null : at,
    });
    await raw
      .insertInto('count_units')
      .values([
        unit(1, r1, b1, r1, b1), // found at home
        unit(2, r1, b1, r2, b1), // found elsewhere
        unit(3, r2, b1, null, null), // not found
        unit(4, null, null, r3, b2), // no room, found
        unit(5, null, null, null, null), // no room, not found
        unit(6, r3, b2, r2, b1, 0), // unexpected, in A-2
      ])
      .execute();
    await raw
      .insertInto('count_unknown_tags')
      .values([
        { count_id: countId, room_id: r3, building_id: b2, tag: 'X-1', scanned_at: at },
        { count_id: countId, room_id: r3, building_id: b2, tag: 'X-2', scanned_at: at },
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await raw
      .selectFrom('count_tallies')
      .select(['place', 'building_name', 'room_code', 'expected', 'found', 'found_elsewhere', 'unexpected', 'unknown_tags'])
      .where('count_id', '=', countId)
      .orderBy('place')
      .execute();
    const figures = (r: Record<string, unknown>) => [r.expected, r.found, r.found_elsewhere, r.unexpected, r.unknown_tags].map(Number);
    const byPlace = Object.fromEntries(rows.map((r: Record<string, unknown>) => [r.place, figures(r)]));
    expect(byPlace).toEqual({
      [`building:${b1}`]: [3, 1, 1, 1, 0],
      [`building:${b2}`]: [0, 0, 0, 0, 2],
      no_room: [2, 1, 0, 0, 0],
      [`room:${r1}`]: [2, 1, 1, 0, 0],
      [`room:${r2}`]: [1, 0, 0, 1, 0],
      [`room:${r3}`]: [0, 0, 0, 0, 2],
    });
    expect(rows.find((r: { place: string }) => r.place === `room:${r2}`)).toMatchObject({ building_name: 'Hall A', room_code: 'A-2' });
  });
});
