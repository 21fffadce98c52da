import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * API tokens for the campus's other systems (docs/decisions/api-tokens.md): only the SHA-256 of a token's secret is
 * kept. A token is never deleted, only revoked, so the Activity Log's entries made with it (activity.api_token_id)
 * keep its name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('api_tokens'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('activity').addColumn('api_token_id', 'integer').execute();
}
