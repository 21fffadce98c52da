import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migration 051 (docs/decisions/stock-card.md) over a database made by the version before it (migrated to 050,
 * with counted and tracked items, some of their stock out on loan): every item gets one opening entry equal to
 * its quantity, so its card's balance is its stock from the start. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('migration 051: the stock card opens', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('050_repair_rows_not_kept'));
  });
  afterAll(() => cleanup());

  it('writes one opening entry per item, equal to its quantity, and nothing else', async () => {
    const raw = db as any;
    const now = new Date().toISOString();
    await raw
      .insertInto('items')
      .values([
        {
          name: 'Bond paper',
          category: 'Janitorial',
          quantity: 37,
          min_stock: 5,
          item_status: 'available',
          created_at: now,
          tracking: 'counted',
        },
        {
          name: 'Projector',
          category: 'Electrical',
          quantity: 0,
          min_stock: 0,
          item_status: 'damaged',
          created_at: now,
          tracking: 'counted',
        },
        {
          name: 'Drill',
          category: 'Maintenance',
          quantity: 2,
          min_stock: 1,
          item_status: 'available',
          created_at: now,
          tracking: 'tracked',
        },
      ])
      .execute();
    const drill = (await raw.selectFrom('items').select('id').where('name', '=', 'Drill').executeTakeFirstOrThrow()).id;
    await raw
      .insertInto('item_units')
      .values(
        ['DR-1', 'DR-2', 'DR-3'].map((tag, i) => ({
          item_id: drill,
          tag,
          condition: 'good',
          status: i < 2 ? 'available' : 'on_loan',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    await migrateToLatest(db);

    const entries = await raw
      .selectFrom('stock_movements as m')
      .innerJoin('items as i', 'i.id', 'm.item_id')
      .select(['i.name', 'm.kind', 'm.quantity', 'm.balance_after', 'm.actor_id', 'm.request_id', 'm.reason'])
      .orderBy('i.name')
      .execute();
    expect(entries).toEqual([
      {
        name: 'Bond paper',
        kind: 'opening',
        quantity: 37,
        balance_after: 37,
        actor_id: null,
        request_id: null,
        reason: expect.any(String),
      },
      { name: 'Drill', kind: 'opening', quantity: 2, balance_after: 2, actor_id: null, request_id: null, reason: expect.any(String) },
      { name: 'Projector', kind: 'opening', quantity: 0, balance_after: 0, actor_id: null, request_id: null, reason: expect.any(String) },
    ]);
    const suppliers = await raw.selectFrom('suppliers').selectAll().execute();
    expect(suppliers).toEqual([]);
  });
});
