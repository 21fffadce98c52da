import { sql, type Kysely } from 'kysely';

/**
 * The slot the office schedules a repair in, kept apart from the day and times the reporter preferred: assigning
 * used to write over the preference, so the reporter's wish was lost once the office chose another time. Reports
 * already assigned take their present day and times as their slot (the preference they overwrote cannot be
 * recovered); the weekly schedule reads the slot from now on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['scheduled_day', 'scheduled_time_start', 'scheduled_time_end'])
    await db.schema.alterTable('repair_reports').addColumn(column, 'text').execute();
  await sql`update repair_reports set scheduled_day = day, scheduled_time_start = time_start, scheduled_time_end = time_end
    where assigned_at is not null and day is not null`.execute(db);
}
