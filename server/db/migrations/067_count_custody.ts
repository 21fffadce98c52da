import type { Kysely } from 'kysely';

/**
 * Custody in the yearly count (docs/decisions/counts.md): a unit in someone's custody at the count's start is
 * expected with its custodian. A room's custody puts it in that room (home_room_id is the room the count expects
 * it in); a person's has no room (found wherever it is scanned). The custodian is kept as the start saw it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('count_units').addColumn('custodian_kind', 'text').execute();
  await db.schema
    .alterTable('count_units')
    .addColumn('custodian_account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('count_units').addColumn('custodian_name', 'text').execute();
}
