import type { Kysely } from 'kysely';

/**
 * Campus sign-in (docs/decisions/campus-sign-in.md), the auth module's and the accounts module's.
 *
 * `campus_logins`: one row per sign-in started with the campus identity provider, kept until its answer comes back
 * (or ten minutes): the SHA-256 of the state, of the browser's binding cookie, the nonce and the PKCE verifier. The
 * answer spends the row, so a state works once.
 *
 * `accounts.campus_subject`: the provider's subject (issuer and sub) of a linked account, unique;
 * `accounts.last_signed_in_at`: the last sign-in of any kind, which the end-of-term sweep chooses by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campus_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('binding_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('portal', 'text', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campus_logins_expires').on('campus_logins').column('expires_at').execute();

  await db.schema.alterTable('accounts').addColumn('campus_subject', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('last_signed_in_at', 'text').execute();
  await db.schema.createIndex('accounts_campus_subject').on('accounts').column('campus_subject').unique().execute();
  await db.schema.createIndex('accounts_last_signed_in').on('accounts').columns(['role', 'last_signed_in_at']).execute();
}
