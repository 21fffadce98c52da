import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migration 025 (docs/decisions/units.md) over a database made by the version before it (migrated to 024, with
 * items, a request and its line): every item stays counted with its quantity, and the unit tables take rows
 * that hold to their rules (tags unique, a line's units). On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('migration 025: tracked units', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('024_suggested_rooms'));
  });
  afterAll(() => cleanup());

  it('keeps every item counted with its quantity, and takes units', async () => {
    const raw = db as any;
    const now = new Date().toISOString();
    const items = [
      { name: 'Ladder', category: 'Maintenance', quantity: 4, min_stock: 1, item_status: 'available', created_at: now },
      { name: 'Projector', category: 'Electrical', quantity: 0, min_stock: 0, item_status: 'damaged', created_at: now },
    ];
    await raw.insertInto('items').values(items).execute();
    const [ladder] = await raw.selectFrom('items').select('id').where('name', '=', 'Ladder').execute();
    const { id: requestId } = await raw
      .insertInto('borrow_requests')
      .values({
        account_id: null,
        purpose: 'Seminar',
        date_needed: '2026-01-01',
        date_expected_return: '2026-01-02',
        status: 'approved',
        created_at: now,
        search_text: 'seminar',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: lineId } = await raw
      .insertInto('borrow_request_items')
      .values({
        request_id: requestId,
        item_id: ladder.id,
        item_name: 'Ladder',
        category: 'Maintenance',
        quantity_requested: 1,
        quantity_approved: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateToLatest(db);

    const after = await raw.selectFrom('items').select(['name', 'quantity', 'tracking']).orderBy('name').execute();
    expect(after).toEqual([
      { name: 'Ladder', quantity: 4, tracking: 'counted' },
      { name: 'Projector', quantity: 0, tracking: 'counted' },
    ]);
    const unit = {
      item_id: ladder.id,
      serial_number: null,
      condition: 'good',
      status: 'available',
      home_room_id: null,
      created_at: now,
      updated_at: now,
    };
    const { id: unitId } = await raw
      .insertInto('item_units')
      .values({ ...unit, tag: 'LAD-0001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      raw
        .insertInto('item_units')
        .values({ ...unit, tag: 'LAD-0001' })
        .execute(),
    ).rejects.toThrow();
    await raw
      .insertInto('unit_events')
      .values({ unit_id: unitId, kind: 'created', to_value: 'good', actor_id: null, created_at: now })
      .execute();
    await raw.insertInto('borrow_line_units').values({ line_id: lineId, unit_id: unitId, tag: 'LAD-0001' }).execute();
    // A unit deleted with its item: the loan keeps the tag it lent.
    await raw.deleteFrom('items').where('id', '=', ladder.id).execute();
    expect(await raw.selectFrom('item_units').select('id').execute()).toEqual([]);
    expect(await raw.selectFrom('borrow_line_units').select(['unit_id', 'tag']).execute()).toEqual([{ unit_id: null, tag: 'LAD-0001' }]);
  });
});
