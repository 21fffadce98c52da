import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migration 026 (docs/decisions/rooms-and-followers.md) over a database the previous version made (migrated to 024,
 * with an account, a room and a report in it): the followers table, one row per pair, gone with its report, and the
 * repair lists' version raised by a follow, an unfollow and a room renamed. On SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL or DATABASE_URL.
 */
describe('migration 026: repair followers', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('024_suggested_rooms'));
  });
  afterAll(() => cleanup());

  it('adds the table to a database of the previous version, keeping its data', async () => {
    const raw = db as any;
    const now = new Date().toISOString();
    const [{ id: accountId }] = await raw
      .insertInto('accounts')
      .values({
        full_name: 'Prof. Ana Cruz',
        email: 'ana@campus.test',
        contact_number: '09170000001',
        role: 'faculty',
        password_hash: 'x',
        status: 'accepted',
        created_at: now,
      })
      .returning('id')
      .execute();
    const [{ id: buildingId }] = await raw
      .insertInto('buildings')
      .values({ code: 'AB', name: 'Arts Building', created_at: now })
      .returning('id')
      .execute();
    const [{ id: roomId }] = await raw
      .insertInto('rooms')
      .values({ building_id: buildingId, code: 'AB-101', name: 'Room 101', created_at: now, updated_at: now })
      .returning('id')
      .execute();
    const [{ id: reportId }] = await raw
      .insertInto('repair_reports')
      .values({
        reporter_id: null,
        building: 'Arts Building',
        room: 'Room 101',
        room_id: roomId,
        issue_description: 'Leaking roof',
        priority: 'low',
        status: 'pending',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .execute();

    await migrateToLatest(db);

    const version = async () =>
      Number(
        (await raw.selectFrom('list_versions').select('version').where('name', '=', 'repair_reports').executeTakeFirstOrThrow()).version,
      );
    expect(await raw.selectFrom('repair_reports').select(['id', 'room_id']).execute()).toEqual([{ id: reportId, room_id: roomId }]);

    const v0 = await version();
    await raw.insertInto('repair_followers').values({ report_id: reportId, account_id: accountId, created_at: now }).execute();
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    await expect(
      raw.insertInto('repair_followers').values({ report_id: reportId, account_id: accountId, created_at: now }).execute(),
    ).rejects.toThrow();
    await raw.updateTable('rooms').set({ name: 'Room 101A' }).where('id', '=', roomId).execute();
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    await raw.updateTable('rooms').set({ notes: 'Near the stairs' }).where('id', '=', roomId).execute();
    expect(await version()).toBe(v2);

    await raw.deleteFrom('repair_reports').where('id', '=', reportId).execute();
    expect(await raw.selectFrom('repair_followers').selectAll().execute()).toEqual([]);
  });
});
