import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * list_versions row 'deliveries', raised by every change to a delivery (recorded, reversed), so the deliveries
 * list is kept while none changes (server/lib/listCache.ts), as the other office lists are. A delivery's lines
 * are written with it and never change; its supplier's name is never edited.
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
}
