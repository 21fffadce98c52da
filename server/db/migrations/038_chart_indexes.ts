import type { Kysely } from 'kysely';

/**
 * The dashboards' charts (docs/decisions/dashboard-charts.md) count requests made, and repairs completed and rated,
 * per week of a period: the office's over every row, a personnel member's over their own. Indexes on when a request
 * was made (with its status), when a report was completed (with its priority and when it was made) and rated, and on
 * the assignee with when it was assigned, so each chart reads the period's rows only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Requests per week by outcome: the period's requests and their status, read from the index alone.
  await db.schema.createIndex('borrow_requests_created_status').on('borrow_requests').columns(['created_at', 'status']).execute();
  // Repairs closed per week and fix time by priority, from the index alone.
  await db.schema
    .createIndex('repair_reports_completed')
    .on('repair_reports')
    .columns(['completed_at', 'priority', 'created_at'])
    .execute();
  await db.schema.createIndex('repair_reports_rated').on('repair_reports').column('rated_at').execute();
  await db.schema.createIndex('repair_reports_assigned_at').on('repair_reports').columns(['assigned_to', 'assigned_at']).execute();
}
