import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Personnel designations (docs/product.md): the short texts an admin keeps for each personnel member
 * ("Engineering Building, 2nd floor"). They belong to the personnel account and go with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('designations'))
    .addColumn('personnel_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('designation', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('designations_personnel').on('designations').columns(['personnel_id', 'id']).execute();
}
