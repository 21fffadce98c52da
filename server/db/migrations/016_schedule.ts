import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Manual entries of the weekly schedule (docs/product.md; docs/decisions/weekly-schedule.md): each on a calendar date (its week and
 * weekday follow from it), HH:MM times, tied to a personnel account (not matched by name). Scheduled repair work
 * is not copied here; the week reads it from the repair reports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('schedule_entries'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('work_type', 'text', (c) => c.notNull())
    .addColumn('personnel_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('building', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('issue_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedule_entries_date').on('schedule_entries').columns(['date', 'start_time']).execute();
  await db.schema.createIndex('schedule_entries_personnel').on('schedule_entries').columns(['personnel_id', 'date']).execute();
}
