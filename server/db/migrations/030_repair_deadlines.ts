import { sql, type Kysely } from 'kysely';

/**
 * Repair deadlines (docs/decisions/repair-deadlines.md): each report's response and fix deadlines and the instants
 * they become due soon, stamped when it is made (or its priority changes) from the targets and the office calendar
 * of that moment. Reports made before this carry none: no promise was made for them. `held_at` and `hold_reason`:
 * a report on hold, its clock stopped until the work resumes. `soon_told` and `overdue_told`: the deadline the
 * escalation last told about as due soon and as overdue, so each level is told once per deadline.
 *
 * The index serves the lists sorted by due: the deadline that runs now (the response until the first assignment,
 * then the fix; none once completed or while on hold, sorted last), written exactly as server/modules/repairs/listOrder.ts orders by
 * it, since both databases use an expression index only for the same expression.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['respond_by', 'respond_soon', 'fix_by', 'fix_soon', 'held_at', 'hold_reason', 'soon_told', 'overdue_told'])
    await db.schema.alterTable('repair_reports').addColumn(column, 'text').execute();
  await sql`create index repair_reports_due on repair_reports ((coalesce(case when status = 'completed' or held_at is not null then null when assigned_to is null then respond_by else fix_by end, '9999')), id)`.execute(
    db,
  );
  // A report's timeline reads its activity entries (server/modules/activity/queries.ts, entriesAbout).
  await db.schema.createIndex('activity_entity').on('activity').columns(['entity_type', 'entity_id', 'created_at']).execute();
  // The kept-promises figures read the reports of the last 30 or 90 days (server/modules/repairs/keptPromises.ts).
  await db.schema.createIndex('repair_reports_created').on('repair_reports').column('created_at').execute();
}
