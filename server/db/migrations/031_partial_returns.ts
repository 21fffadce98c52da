import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Partial returns (docs/decisions/partial-returns.md), all owned by the borrowing module:
 * - return_batches: one hand-back of some or all of a request's things, by the borrower (with its proof photo) or at
 *   the office's counter (photo optional); verified once (`verified_at`, a guarded update) or refused (`refused_at`:
 *   Not Yet Returned, its things count as out again);
 * - return_batch_lines: how many of each line came back in a batch; the units of a tracked line name their batch in
 *   `borrow_line_units.batch_id` (cleared when the batch is refused);
 * - borrow_request_items.quantity_back (handed back in batches not refused) and quantity_verified (checked in by the
 *   office), so what is still out and what is still unverified are read off the line.
 * Returned requests count everything handed back; completed ones everything verified too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('return_batches'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('borrow_requests.id').onDelete('cascade'))
    .addColumn('proof_path', 'text')
    .addColumn('at_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('verified_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('refused_at', 'text')
    .execute();
  await db.schema.createIndex('return_batches_request').on('return_batches').column('request_id').execute();

  await idColumn(db, db.schema.createTable('return_batch_lines'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('return_batches.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('borrow_request_items.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_batch_lines_batch').on('return_batch_lines').column('batch_id').execute();

  await db.schema
    .alterTable('borrow_line_units')
    .addColumn('batch_id', 'integer', (c) => c.references('return_batches.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('borrow_request_items')
    .addColumn('quantity_back', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('borrow_request_items')
    .addColumn('quantity_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update borrow_request_items set quantity_back = quantity_approved
    where request_id in (select id from borrow_requests where status in ('returned', 'completed'))`.execute(db);
  await sql`update borrow_request_items set quantity_verified = quantity_approved
    where request_id in (select id from borrow_requests where status = 'completed')`.execute(db);
}
