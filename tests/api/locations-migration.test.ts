import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingCodeOf, roomCodeOf, uniqueCode } from '../../core/locations/rules';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migration 023 (docs/decisions/locations.md) over repair reports written before it, with free-text places in odd
 * spacing and case: each distinct place becomes one building and one room, every report points at its room,
 * and no text is lost. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
describe('migration 023: buildings and rooms from the reports’ free-text places', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('022_account_deactivation'));
  });
  afterAll(() => cleanup());

  it('makes codes from names, unique', () => {
    expect(buildingCodeOf('Science Building')).toBe('SB');
    expect(buildingCodeOf('  library ')).toBe('LIB');
    expect(buildingCodeOf('!!!')).toBe('BLDG');
    expect(roomCodeOf('SB', 'Chem Lab #2')).toBe('SB-CHEM-LAB-2');
    expect(uniqueCode('SB', (c) => ['SB', 'SB2'].includes(c), false)).toBe('SB3');
    expect(uniqueCode('SB-R1', (c) => c === 'SB-R1')).toBe('SB-R1-2');
  });

  it('finds or makes each building and room, sets room_id, and keeps the texts', async () => {
    const now = new Date().toISOString();
    const raw = db as any;
    const places: [string, string][] = [
      ['Science Building', 'Chem Lab 2'],
      ['  science   building ', 'CHEM LAB 2 '],
      ['SCIENCE BUILDING', 'Room 101'],
      ['Sports Building', 'Main Court'], // same initials as Science Building: another code
      ['Library', '2nd  Floor Reading Area'],
      ['Library', ''], // no room: left without one
      ['   ', 'Room 1'], // no building: left without one
    ];
    await raw
      .insertInto('repair_reports')
      .values(
        places.map(([building, room], i) => ({
          reporter_id: null,
          building,
          room,
          issue_description: `Issue ${i}`,
          priority: 'low',
          status: 'pending',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    await migrateToLatest(db);

    const buildings = await raw.selectFrom('buildings').select(['id', 'code', 'name']).orderBy('name').execute();
    expect(buildings.map((b: { code: string; name: string }) => [b.code, b.name])).toEqual([
      ['LIB', 'Library'],
      ['SB', 'Science Building'],
      ['SB2', 'Sports Building'],
    ]);
    const rooms = await raw
      .selectFrom('rooms')
      .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
      .select(['rooms.id', 'rooms.code', 'rooms.name', 'buildings.code as building'])
      .orderBy('rooms.code')
      .execute();
    expect(rooms.map((r: { code: string; name: string; building: string }) => [r.building, r.code, r.name])).toEqual([
      ['LIB', 'LIB-2ND-FLOOR-READING-AREA', '2nd Floor Reading Area'],
      ['SB', 'SB-CHEM-LAB-2', 'Chem Lab 2'],
      ['SB', 'SB-ROOM-101', 'Room 101'],
      ['SB2', 'SB2-MAIN-COURT', 'Main Court'],
    ]);
    const roomOf = new Map(rooms.map((r: { id: number; code: string }) => [r.id, r.code]));
    const reports = await raw
      .selectFrom('repair_reports')
      .select(['building', 'room', 'room_id', 'issue_description'])
      .orderBy('id')
      .execute();
    expect(
      reports.map((r: { building: string; room: string; room_id: number | null }) => [
        r.building,
        r.room,
        r.room_id && roomOf.get(r.room_id),
      ]),
    ).toEqual([
      ['Science Building', 'Chem Lab 2', 'SB-CHEM-LAB-2'],
      ['  science   building ', 'CHEM LAB 2 ', 'SB-CHEM-LAB-2'],
      ['SCIENCE BUILDING', 'Room 101', 'SB-ROOM-101'],
      ['Sports Building', 'Main Court', 'SB2-MAIN-COURT'],
      ['Library', '2nd  Floor Reading Area', 'LIB-2ND-FLOOR-READING-AREA'],
      ['Library', '', null],
      ['   ', 'Room 1', null],
    ]);
  });
});
