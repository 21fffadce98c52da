import type { Kysely } from 'kysely';

/**
 * The reporter's photo of the problem (docs/decisions/repairs-lifecycle.md): optional, one per report, stored like
 * the other uploaded images (re-encoded, shrunk in the browser first). Null: no photo.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_reports').addColumn('issue_photo_path', 'text').execute();
}
