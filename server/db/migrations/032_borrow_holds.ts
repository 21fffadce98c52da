import type { Kysely } from 'kysely';

/**
 * Borrowing holds (docs/decisions/borrow-holds.md): an administrator may stop a student or faculty member from
 * making new borrow requests, with a reason the person is shown. `borrow_hold_reason` is set while the hold is on
 * (null otherwise), `borrow_held_at` when it was placed. Who placed and lifted it, and every earlier hold, are in
 * the activity log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('borrow_hold_reason', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('borrow_held_at', 'text').execute();
}
