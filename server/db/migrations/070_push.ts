import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Web Push (docs/decisions/push.md): each person's subscriptions, one per device (its endpoint is the push service's
 * address for that browser, so it is unique: a device signed in by another person moves to them), with the kinds of
 * notice chosen there; and the VAPID keys the server made for itself when the settings name none (one row).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('push_subscriptions'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    // The chosen kinds, comma separated ("job_assigned,job_due"); empty: on, but nothing chosen.
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_account').on('push_subscriptions').column('account_id').execute();

  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
