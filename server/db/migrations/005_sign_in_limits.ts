import type { Kysely } from 'kysely';

/**
 * One table of windowed counters that every app process shares: the HTTP rate limits, the sign-in throttle,
 * verification attempts and sends, registrations, logged 404s (docs/decisions/scale.md). Replaces login_failures.
 * reset_at is milliseconds since the epoch, so a window check is a number comparison on both databases.
 * A verification code is bound to the sign-in that proved the password: only its ticket (a cookie) may
 * submit codes or ask for a new one; sent_at spaces the mails out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counters_reset_at').on('counters').column('reset_at').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.deleteFrom('verification_codes').execute();
  await db.schema.alterTable('verification_codes').addColumn('ticket_hash', 'text').execute();
  await db.schema.alterTable('verification_codes').addColumn('sent_at', 'text').execute();
}
