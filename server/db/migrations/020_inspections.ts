import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Saved preventive-maintenance inspections: the filled checklist of one building and room for a
 * month, with the priority the admin chose; each particular marked with a problem became a pending repair
 * report, whose ids are kept with it. The particulars are the checklist's own JSON (core/forms/checklist).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('inspections'))
    .addColumn('campus', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('building', 'text', (c) => c.notNull())
    .addColumn('designation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('month_year', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('particulars', 'text', (c) => c.notNull())
    .addColumn('repair_report_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inspections_place').on('inspections').columns(['building', 'room', 'id']).execute();
  await db.schema.createIndex('inspections_newest').on('inspections').columns(['id']).execute();
}
