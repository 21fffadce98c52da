import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Webhooks (docs/decisions/webhooks.md): the endpoints administrators register, and the outbox of deliveries, one
 * row per endpoint per event, written in the transaction of the change and sent after it commits. The signing
 * secret is kept as it is (signing needs it); the previous one signs too for a day after a rotation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_until', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('msg_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('give_up_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One row per endpoint per message, and per endpoint per once-only event (an overdue loan, a stock crossing).
  await sql`create unique index webhook_deliveries_message on webhook_deliveries (endpoint_id, msg_id)`.execute(db);
  await sql`create unique index webhook_deliveries_once on webhook_deliveries (endpoint_id, dedupe_key)`.execute(db);
  // The workers' claim reads the pending rows that are due, and only those.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_log on webhook_deliveries (endpoint_id, id)`.execute(db);
  await sql`create index webhook_deliveries_done on webhook_deliveries (created_at) where status <> 'pending'`.execute(db);
}
