import type { Kysely } from 'kysely';

/**
 * Suggested rooms (docs/decisions/locations.md, Suggested rooms): a room made from a place a repair report typed
 * that was not on the list is marked suggested until the office confirms it. The rooms there are stay confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('suggested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
