import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Inventory kept in the product:
 * - items.photo_path: an optional photo of the item (a re-encoded upload under UPLOAD_DIR/items), shown in the
 *   borrow grid, the inventory table and the personnel cards;
 * - items.updated_at: when the item was last changed (null until it is);
 * - an index in the lists' order (name without case, then id), so a page of a 10,000-item inventory is read
 *   in order instead of sorting every row;
 * - list_versions row 'items', raised by the database with every change to items (as migration 011 does for
 *   requests), so each process can keep the inventory list's answers (its counts and stat cards are counted
 *   over every item) and know for certain when they are out of date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('photo_path', 'text').execute();
  await db.schema.alterTable('items').addColumn('updated_at', 'text').execute();
  await sql`create index items_name_order on items (lower(name), id)`.execute(db);

  await db.insertInto('list_versions').values({ name: 'items', version: 0 }).execute();
  const bump = `update list_versions set version = version + 1 where name = 'items'`;
  const statements = isPostgres(db)
    ? [
        `create function bump_items_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
        `create trigger items_version after insert or update or delete on items for each statement execute function bump_items_version()`,
      ]
    : ['insert', 'update', 'delete'].map((event) => `create trigger items_version_${event} after ${event} on items begin ${bump}; end`);
  for (const s of statements) await sql.raw(s).execute(db);
}
