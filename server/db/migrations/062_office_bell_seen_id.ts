import { sql, type Kysely } from 'kysely';

/**
 * The office bell remembers the newest entry a person had when they marked it read, not only the moment: entries
 * written in the same millisecond as the mark were taken as read by a time comparison.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('office_bell').addColumn('seen_id', 'integer').execute();
  await sql`update office_bell set seen_id = (select max(a.id) from activity a where a.created_at <= office_bell.seen_at)
    where seen_at is not null`.execute(db);
}
