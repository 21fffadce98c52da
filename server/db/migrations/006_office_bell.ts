import type { Kysely } from 'kysely';

/**
 * The office's bell (admins, staff and personnel see the office's activity there): when each person last
 * looked, and whether they want an email when a request is filed or a return awaits verification.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('office_bell')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('seen_at', 'text')
    .addColumn('email_office_events', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
