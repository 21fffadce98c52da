import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migrations 055 and 056 (docs/decisions/departments.md) over a database the previous version made (migrated to
 * 050, with accounts and a request in it): no department was recorded before, so the departments table starts empty
 * and every account and request keeps its data with no department. On SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL or DATABASE_URL.
 */
describe('migrations 055-056: departments', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('050_repair_rows_not_kept'));
  });
  afterAll(() => cleanup());

  it('adds the list and the columns to a database of the previous version, losing nothing', async () => {
    const raw = db as any;
    const now = new Date().toISOString();
    const people = [
      { full_name: 'Prof. Ana Cruz', email: 'ana@campus.test', role: 'faculty' },
      { full_name: 'Ben Reyes', email: 'ben@campus.test', role: 'student' },
      { full_name: 'Carla Admin', email: 'carla@campus.test', role: 'admin' },
    ];
    for (const p of people)
      await raw
        .insertInto('accounts')
        .values({ ...p, contact_number: '09170000001', password_hash: 'x', status: 'accepted', created_at: now })
        .execute();
    const before = await raw.selectFrom('accounts').selectAll().orderBy('id').execute();
    const [{ id: ana }] = before;
    const [{ id: requestId }] = await raw
      .insertInto('borrow_requests')
      .values({
        account_id: ana,
        purpose: 'Seminar',
        date_needed: '2026-03-02',
        date_expected_return: '2026-03-04',
        status: 'pending',
        created_at: now,
        search_text: 'prof. ana cruz\nseminar',
      })
      .returning('id')
      .execute();

    await migrateToLatest(db);

    const after = await raw.selectFrom('accounts').selectAll().orderBy('id').execute();
    const withoutDepartment = (a: Record<string, unknown>) => Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'department_id'));
    expect(after.map(withoutDepartment)).toEqual(before);
    expect(after.map((a: { department_id: unknown }) => a.department_id)).toEqual([null, null, null]);
    expect(await raw.selectFrom('departments').selectAll().execute()).toEqual([]);
    const request = await raw.selectFrom('borrow_requests').select(['id', 'purpose', 'department_id']).executeTakeFirstOrThrow();
    expect(request).toEqual({ id: requestId, purpose: 'Seminar', department_id: null });

    // The list works: codes unique, names unique without regard to case, a version raised by each change.
    const version = async () =>
      Number((await raw.selectFrom('list_versions').select('version').where('name', '=', 'departments').executeTakeFirstOrThrow()).version);
    const v0 = await version();
    const [{ id: ceng }] = await raw
      .insertInto('departments')
      .values({ name: 'College of Engineering', code: 'CENG', created_at: now, updated_at: now })
      .returning('id')
      .execute();
    expect(await version()).toBeGreaterThan(v0);
    await expect(
      raw.insertInto('departments').values({ name: 'Other', code: 'CENG', created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      raw.insertInto('departments').values({ name: 'college of engineering', code: 'COE', created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    await raw.updateTable('accounts').set({ department_id: ceng }).where('id', '=', ana).execute();
    await raw.updateTable('borrow_requests').set({ department_id: ceng }).where('id', '=', requestId).execute();
    await expect(raw.updateTable('accounts').set({ department_id: 424242 }).where('id', '=', ana).execute()).rejects.toThrow();
  });
});
