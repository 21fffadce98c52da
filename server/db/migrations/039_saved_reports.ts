import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Saved reports for administrators (docs/decisions/reports.md).
 *
 * Saved reports, the reports module's: a name, the report's kind and filters (JSON), a schedule (none, weekly,
 * monthly), the administrators who receive it (JSON ids) and its due time: `next_run_at` is claimed by one
 * conditional update per send, so two processes send a period once and a period missed while down is sent on the
 * next tick. The ratings report reads repairs by when they were rated (the index on `rated_at` is migration 038's). The development
 * outbox keeps a mail's attachments (JSON), so a scheduled report's PDF can be read back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('saved_reports'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'text')
    .addColumn('last_sent_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_reports_due').on('saved_reports').columns(['next_run_at', 'id']).execute();
  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachments').execute();
  await db.schema.dropTable('saved_reports').execute();
}
