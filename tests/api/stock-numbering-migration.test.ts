import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseAt } from '../freshDatabase';

/**
 * Migration 060 (docs/decisions/stock-card.md, "At scale") over a database made by the version before it (migrated
 * to 059, two items' entries written in turn): each card's entries are numbered 1 to their count in their order,
 * so its pages are ranges of those numbers. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('migration 060: the stock card numbers its entries', () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await databaseAt('059_reorder'));
  });
  afterAll(() => cleanup());

  it('numbers each card 1 to its count, in the order the entries were written', async () => {
    const raw = db as any;
    const now = new Date().toISOString();
    const item = (name: string) => ({
      name,
      category: 'Janitorial',
      quantity: 0,
      min_stock: 0,
      item_status: 'available',
      created_at: now,
      tracking: 'counted',
    });
    await raw
      .insertInto('items')
      .values([item('Bond paper'), item('Bleach')])
      .execute();
    const ids = (await raw.selectFrom('items').select(['id', 'name']).orderBy('id').execute()).map((r: { id: number }) => r.id);
    // Written in turn, as two items moving at once are: paper, bleach, paper, paper, bleach.
    const moves: [number, string, number, number][] = [
      [ids[0], 'opening', 5, 5],
      [ids[1], 'opening', 2, 2],
      [ids[0], 'issued', -1, 4],
      [ids[0], 'received', 10, 14],
      [ids[1], 'issued', -2, 0],
    ];
    for (const [itemId, kind, quantity, balance] of moves)
      await raw
        .insertInto('stock_movements')
        .values({ item_id: itemId, kind, quantity, balance_after: balance, created_at: now })
        .execute();

    await migrateToLatest(db);

    const rows = await raw.selectFrom('stock_movements').select(['item_id', 'entry_no', 'kind']).orderBy('id').execute();
    expect(rows).toEqual([
      { item_id: ids[0], entry_no: 1, kind: 'opening' },
      { item_id: ids[1], entry_no: 1, kind: 'opening' },
      { item_id: ids[0], entry_no: 2, kind: 'issued' },
      { item_id: ids[0], entry_no: 3, kind: 'received' },
      { item_id: ids[1], entry_no: 2, kind: 'issued' },
    ]);
    // A second entry with a number its card already has is refused by the unique index.
    await expect(
      raw
        .insertInto('stock_movements')
        .values({ item_id: ids[0], entry_no: 3, kind: 'adjusted', quantity: 1, balance_after: 15, created_at: now })
        .execute(),
    ).rejects.toThrow();
  });
});
