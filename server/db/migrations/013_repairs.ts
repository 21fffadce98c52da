import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Repair reports (docs/product.md; docs/decisions/repairs-lifecycle.md): reported by a faculty account, assigned to a
 * personnel account (not matched by name), advanced with proof images, rated once by the reporter. Costs are
 * kept in centavos, so both databases add them up exactly; days are weekday names, times HH:MM.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('repair_reports'))
    .addColumn('reporter_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('building', 'text', (c) => c.notNull())
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('issue_description', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('day', 'text')
    .addColumn('time_start', 'text')
    .addColumn('time_end', 'text')
    .addColumn('assigned_to', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('admin_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('personnel_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('estimated_cost_cents', 'integer')
    .addColumn('actual_cost_cents', 'integer')
    .addColumn('start_proof_path', 'text')
    .addColumn('proof_path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('date_completed', 'text')
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'text')
    .addColumn('rated_at', 'text')
    .execute();
  await db.schema.createIndex('repair_reports_status').on('repair_reports').columns(['status', 'priority', 'created_at']).execute();
  await db.schema.createIndex('repair_reports_assigned').on('repair_reports').columns(['assigned_to', 'status']).execute();
  await db.schema.createIndex('repair_reports_reporter').on('repair_reports').columns(['reporter_id', 'created_at']).execute();
}
