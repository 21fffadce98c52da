import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migrations 045-047 over a database the previous version made (migrated to 044, with its data): the automatic
 * jobs' past entries marked as the system's, assigned reports given their scheduled slot, and damage repairs
 * reported by the office. On SQLite, and on PostgreSQL with TEST_DATABASE_URL or DATABASE_URL.
 */
describe('migrations 045-047: system entries, scheduled slots, damage repairs by the office', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('044_row_change_transactions'));
  });
  afterAll(() => cleanup());

  it('reads the data made before as the new version writes it', async () => {
    const raw = db as any;
    const now = new Date().toISOString();
    const [{ id: staffId }] = await raw
      .insertInto('accounts')
      .values({
        full_name: 'Ramon Dela Cruz',
        email: 'staff@campus.test',
        contact_number: '09170000001',
        role: 'staff',
        password_hash: 'x',
        status: 'accepted',
        created_at: now,
      })
      .returning('id')
      .execute();
    const report = (over: Record<string, unknown>) =>
      raw
        .insertInto('repair_reports')
        .values({
          reporter_id: staffId,
          building: 'Arts Building',
          room: 'Room 101',
          issue_description: 'Leaking roof',
          priority: 'low',
          status: 'pending',
          created_at: now,
          updated_at: now,
          ...over,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const pending = await report({ day: 'Monday', time_start: '08:00', time_end: '09:00' });
    const assigned = await report({ status: 'scheduled', assigned_at: now, day: 'Friday', time_start: '13:00', time_end: '14:00' });
    const damage = await report({ damage_item_name: 'Projector', damage_quantity: 1 });
    const entry = (actor: number | null, action_type: string, description: string) =>
      raw
        .insertInto('activity')
        .values({ actor_id: actor, subject_id: null, action_type, description, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const escalation = await entry(
      null,
      'repair_escalation',
      'Repair deadlines: 1 due soon told to the people assigned, 0 overdue told to the office',
    );
    const reminders = await entry(null, 'reminder_sent', 'Automatic reminders sent to 2 borrowers about 3 loans');
    const released = await entry(null, 'request_cancelled', '2 bookings not collected on their day released');
    const byPerson = await entry(null, 'request_cancelled', 'Deleted user cancelled REQ-4'); // an account since removed
    const byStaff = await entry(staffId, 'reminder_sent', 'Ramon Dela Cruz reminded a borrower of REQ-5');

    await migrateToLatest(db);

    const marks = await raw.selectFrom('activity').select(['id', 'automatic']).orderBy('id').execute();
    expect(Object.fromEntries(marks.map((m: { id: number; automatic: number }) => [m.id, Number(m.automatic)]))).toEqual({
      [escalation.id]: 1,
      [reminders.id]: 1,
      [released.id]: 1,
      [byPerson.id]: 0,
      [byStaff.id]: 0,
    });
    const rows = await raw
      .selectFrom('repair_reports')
      .select(['id', 'reporter_id', 'day', 'time_start', 'scheduled_day', 'scheduled_time_start', 'scheduled_time_end'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: pending.id,
        reporter_id: staffId,
        day: 'Monday',
        time_start: '08:00',
        scheduled_day: null,
        scheduled_time_start: null,
        scheduled_time_end: null,
      },
      {
        id: assigned.id,
        reporter_id: staffId,
        day: 'Friday',
        time_start: '13:00',
        scheduled_day: 'Friday',
        scheduled_time_start: '13:00',
        scheduled_time_end: '14:00',
      },
      {
        id: damage.id,
        reporter_id: null,
        day: null,
        time_start: null,
        scheduled_day: null,
        scheduled_time_start: null,
        scheduled_time_end: null,
      },
    ]);
  });
});
