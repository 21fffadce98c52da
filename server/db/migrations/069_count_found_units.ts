import { sql, type Kysely } from 'kysely';

/**
 * The units a count has found, by count (docs/decisions/counts.md): Not seen for 12 months leaves out the units a
 * count still open has found, reading this index alone (their last counted date is written at the close).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index count_units_found_units on count_units (count_id, unit_id) where found_at is not null`.execute(db);
}
