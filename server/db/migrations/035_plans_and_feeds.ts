import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Maintenance plans and calendar feeds (docs/decisions/maintenance-plans.md, calendar-feeds.md).
 *
 * Recurring preventive maintenance (docs/decisions/maintenance-plans.md), the maintenance module's: a plan names a
 * room or a unit, a checklist, a person or a trade, how it repeats and from when; each of its jobs is one due date
 * (the planned date moved off closed days) with the schedule entry it put on the week, and, once done, the day, who
 * and the inspection it was saved as. A plan is ended, never deleted, so its jobs stay in the compliance figures.
 *
 * Calendar feeds (docs/decisions/calendar-feeds.md), the calendar module's: one per account, only the SHA-256 of
 * its token kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('maintenance_plans'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('checklist', 'text', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('unit_id', 'integer', (c) => c.references('item_units.id').onDelete('set null'))
    .addColumn('personnel_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('trade', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('interval', 'integer', (c) => c.notNull())
    .addColumn('rule', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('building', 'text', (c) => c.notNull())
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('maintenance_plans_ended').on('maintenance_plans').columns(['ended_at', 'id']).execute();

  await idColumn(db, db.schema.createTable('maintenance_jobs'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('maintenance_plans.id').onDelete('cascade'))
    .addColumn('planned_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('schedule_entry_id', 'integer', (c) => c.references('schedule_entries.id').onDelete('set null'))
    .addColumn('done_on', 'text')
    .addColumn('done_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('inspection_id', 'integer', (c) => c.references('inspections.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenance_jobs_plan').on('maintenance_jobs').columns(['plan_id', 'status']).execute();
  await db.schema.createIndex('maintenance_jobs_due').on('maintenance_jobs').columns(['due_date']).execute();
  // At most one open job per plan: two people completing the same job cannot both schedule the next.
  await db.schema
    .createIndex('maintenance_jobs_one_open')
    .on('maintenance_jobs')
    .column('plan_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await idColumn(db, db.schema.createTable('calendar_feeds'))
    .addColumn('account_id', 'integer', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
