import type { Kysely } from 'kysely';

/**
 * Reorder (docs/decisions/reorder.md): an item's reorder level (null: not reordered) and reorder quantity, and when
 * its stock last crossed the level and the office was told (null: above it, or not told yet).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('reorder_level', 'integer').execute();
  await db.schema
    .alterTable('items')
    .addColumn('reorder_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('items').addColumn('reorder_flagged_at', 'text').execute();
  await db.schema.createIndex('items_reorder_level').on('items').column('reorder_level').execute();
}
