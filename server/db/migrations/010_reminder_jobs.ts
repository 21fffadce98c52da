import type { Kysely } from 'kysely';

/**
 * Daily jobs run once per campus day whatever the number of app processes: a run is claimed by inserting
 * its (job, day) row in the transaction that does the work. Loans remember the day of their last automatic
 * reminder, so an overdue loan is reminded again only every few days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('run_on', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_on'])
    .execute();
  await db.schema.alterTable('borrow_requests').addColumn('auto_reminded_on', 'text').execute();
}
