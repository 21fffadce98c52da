import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/** Migrations that move existing rows, run over rows written in the shape before them (both databases). */
describe('migration 004: activity and notifications point at entities', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('003_borrowing_lists'));
  });
  afterAll(() => cleanup());

  it('turns request ids and My Requests links into borrow-request entities', async () => {
    const now = new Date().toISOString();
    const raw = db as any;
    const { id: who } = await raw
      .insertInto('accounts')
      .values({
        full_name: 'Ana Cruz',
        email: 'ana@campus.test',
        contact_number: '0917',
        role: 'student',
        status: 'accepted',
        email_verified: 1,
        password_hash: 'x',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: request } = await raw
      .insertInto('borrow_requests')
      .values({
        account_id: who,
        purpose: 'Seminar',
        date_needed: '2025-03-10',
        date_expected_return: '2025-03-11',
        status: 'approved',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await raw
      .insertInto('activity')
      .values([
        { actor_id: who, subject_id: who, request_id: request, action_type: 'request_created', description: 'made', created_at: now },
        { actor_id: who, subject_id: null, request_id: null, action_type: 'maintenance_mode', description: 'on', created_at: now },
      ])
      .execute();
    const notice = (message: string, link: string | null) => ({ account_id: who, title: 't', message, link, created_at: now });
    await raw
      .insertInto('notifications')
      .values([
        notice(`Your request REQ-${request} was approved.`, '/users/requests'),
        notice('Your request REQ-999999 was approved.', '/users/requests'),
        notice('Your Campus GSO account has been approved.', null),
      ])
      .execute();

    await migrateToLatest(db);

    expect(await db.selectFrom('activity').select(['action_type', 'entity_type', 'entity_id']).orderBy('id').execute()).toEqual([
      { action_type: 'request_created', entity_type: 'borrow_request', entity_id: request },
      { action_type: 'maintenance_mode', entity_type: null, entity_id: null },
    ]);
    expect(await db.selectFrom('notifications').select(['entity_type', 'entity_id']).orderBy('id').execute()).toEqual([
      { entity_type: 'borrow_request', entity_id: request },
      { entity_type: null, entity_id: null },
      { entity_type: null, entity_id: null },
    ]);
    const columns = async (table: string) => (await db.introspection.getTables()).find((t) => t.name === table)!.columns.map((c) => c.name);
    expect(await columns('activity')).not.toContain('request_id');
    expect(await columns('notifications')).not.toContain('link');
  });
});
