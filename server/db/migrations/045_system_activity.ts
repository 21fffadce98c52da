import { sql, type Kysely } from 'kysely';

/**
 * Entries the automatic jobs write (the repair escalation, the return reminders, the overnight release of bookings
 * not collected) are marked as the system's, so the Activity Log and the office's bell name them as such instead of
 * "Deleted user": both have no actor, and only this mark tells them apart. The entries the jobs wrote before are
 * found by their wording, which no person's action shares.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activity')
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update activity set automatic = 1 where actor_id is null and (
      (action_type = 'repair_escalation' and description like 'Repair deadlines:%')
      or (action_type = 'reminder_sent' and description like 'Automatic reminders sent%')
      or (action_type = 'request_cancelled' and description like '%not collected on%released'))`.execute(db);
}
