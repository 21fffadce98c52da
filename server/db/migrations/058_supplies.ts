import type { Kysely } from 'kysely';

/**
 * Supplies (docs/decisions/supplies.md): an item is lent (0, as before) or a supply, issued and not returned (1);
 * a request's line keeps what its item was when it was asked for, as it keeps the name and category.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('supply', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('borrow_request_items')
    .addColumn('supply', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
