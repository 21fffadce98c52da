import type { Kysely } from 'kysely';

/**
 * Repairs opened by damage found at a return are reported by the office, not by the staff member who checked the
 * return: they had such repairs' progress notices, and the rate-it notice of a screen only faculty have, and could
 * not leave while one was open. Those already made lose that reporter, so they read as the new ones do (the
 * office as their reporter, the borrower linked as before); the feed still names who recorded each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('repair_reports').set({ reporter_id: null }).where('damage_item_name', 'is not', null).execute();
}
