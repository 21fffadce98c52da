import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Two office reads at scale (docs/performance.md, docs/decisions/lists.md):
 * - list_versions row 'deliveries', raised by every change to a delivery (recorded, reversed), so the deliveries
 *   list is kept while none changes (server/lib/listCache.ts), as the other office lists are. A delivery's lines
 *   are written with it and never change; its supplier's name is never edited.
 * - The loans out by their return date (approved, not a booking still on the shelf): the office's day and week
 *   count the overdue from it and read the longest overdue first, instead of reading every loan out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('list_versions').values({ name: 'deliveries', version: 0 }).execute();
  const bump = `update list_versions set version = version + 1 where name = 'deliveries'`;
  const statements = isPostgres(db)
    ? [
        `create function bump_deliveries_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
        `create trigger deliveries_version after insert or update or delete on deliveries
         for each statement execute function bump_deliveries_version()`,
      ]
    : ['insert', 'update', 'delete'].map(
        (event) => `create trigger deliveries_version_${event} after ${event} on deliveries begin ${bump}; end`,
      );
  for (const s of statements) await sql.raw(s).execute(db);
  await sql`create index borrow_requests_out_due on borrow_requests (date_expected_return, id)
    where status = 'approved' and (book_ahead <> 1 or handed_out_at is not null)`.execute(db);
}
