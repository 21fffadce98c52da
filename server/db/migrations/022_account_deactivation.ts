import type { Kysely } from 'kysely';

/**
 * Accounts are deactivated rather than deleted when a person leaves (docs/decisions/account-deactivation.md):
 * a deactivated account cannot sign in, and everything it did stays attributed to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('deactivated_at', 'text').execute();
}
