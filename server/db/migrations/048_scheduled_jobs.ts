import type { Kysely } from 'kysely';

/**
 * One row per scheduled job (server/lib/scheduler.ts): the last period claimed, so that a job runs once per period
 * whatever the number of app processes, and what administrators are shown of its runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('period', 'text')
    .addColumn('started_at', 'text')
    .addColumn('succeeded_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('error', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
