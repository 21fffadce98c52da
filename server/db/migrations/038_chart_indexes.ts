import type { Kysely } from 'kysely';

/**
 * The dashboards' charts (docs/decisions/dashboard-charts.md) count repairs completed and rated per week of a period:
 * the office's over every report, a personnel member's over their own. Indexes on when a report was completed and
 * rated, and on the assignee with when it was assigned, so each chart reads the period's rows only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('repair_reports_completed').on('repair_reports').column('completed_at').execute();
  await db.schema.createIndex('repair_reports_rated').on('repair_reports').column('rated_at').execute();
  await db.schema.createIndex('repair_reports_assigned_at').on('repair_reports').columns(['assigned_to', 'assigned_at']).execute();
}
