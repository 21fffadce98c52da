import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * The office calendar's closures (docs/decisions/office-calendar.md): holidays and breaks, each a named range of
 * calendar dates, both ends included. The weekly hours are a setting (`office_week`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('office_closures'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('office_closures_ends_on').on('office_closures').columns(['ends_on', 'starts_on']).execute();
}
