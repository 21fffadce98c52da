import type { Kysely } from 'kysely';

/**
 * Borrowing holds (docs/decisions/borrow-holds.md): an administrator may stop a student or faculty member from
 * making new borrow requests, with a reason the person is shown. `borrow_hold_reason` is set while the hold is on
 * (null otherwise), `borrow_held_at` when it was placed. Who placed and lifted it, and every earlier hold, are in
 * the activity log.
 *
 * The office's stock figures (docs/decisions/stock-figures.md) sum each item's findings at return, and the admin
 * dashboard's damage and loss card reads the findings of the last 30 days: two indexes on `return_conditions`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('borrow_hold_reason', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('borrow_held_at', 'text').execute();
  await db.schema.createIndex('return_conditions_item').on('return_conditions').columns(['item_id', 'condition']).execute();
  await db.schema.createIndex('return_conditions_created').on('return_conditions').column('created_at').execute();
}
