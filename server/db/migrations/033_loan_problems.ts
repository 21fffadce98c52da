import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './helpers';

/**
 * Problems reported during a loan (docs/decisions/loan-problems.md): loan_problems (borrowing), per unit (tracked)
 * or per quantity of a counted line, broken or missing, with the borrower's description and photo, who and when;
 * resolved when the office verifies the return (`resolved_at`, `resolved_by`, and the finding it became,
 * `condition_id`). A change raises the borrow_requests list version (migration 011): the office's lists show the
 * count of open problems on each request. Nothing to backfill.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('loan_problems'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('borrow_requests.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('borrow_request_items.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.references('item_units.id').onDelete('set null'))
    .addColumn('tag', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('photo_path', 'text')
    .addColumn('reported_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('condition_id', 'integer', (c) => c.references('return_conditions.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('loan_problems_request').on('loan_problems').columns(['request_id', 'resolved_at']).execute();

  const bump = `update list_versions set version = version + 1 where name = 'borrow_requests'`;
  const statements = isPostgres(db)
    ? [
        `create function bump_loan_problems_lists() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
        `create trigger loan_problems_lists after insert or update or delete on loan_problems for each statement execute function bump_loan_problems_lists()`,
      ]
    : ['insert', 'update', 'delete'].map(
        (event) => `create trigger loan_problems_lists_${event} after ${event} on loan_problems begin ${bump}; end`,
      );
  for (const s of statements) await sql.raw(s).execute(db);
}
