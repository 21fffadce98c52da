import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('items'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sqlNonNegative('quantity')))
    .addColumn('min_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('items_category').on('items').column('category').execute();

  await idColumn(db, db.schema.createTable('borrow_requests'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('date_needed', 'text', (c) => c.notNull())
    .addColumn('date_expected_return', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('proof_path', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('returned_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('reminded_at', 'text')
    .execute();
  await db.schema.createIndex('borrow_requests_status').on('borrow_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('borrow_requests_account').on('borrow_requests').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('borrow_requests_created').on('borrow_requests').column('created_at').execute();

  await idColumn(db, db.schema.createTable('borrow_request_items'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('borrow_requests.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('quantity_requested', 'integer', (c) => c.notNull())
    .addColumn('quantity_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('borrow_request_items_request').on('borrow_request_items').column('request_id').execute();
  await db.schema.createIndex('borrow_request_items_item').on('borrow_request_items').column('item_id').execute();

  await idColumn(db, db.schema.createTable('return_proofs'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('borrow_requests.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rejected_at', 'text')
    .execute();
  await db.schema.createIndex('return_proofs_request').on('return_proofs').column('request_id').execute();
}

function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
