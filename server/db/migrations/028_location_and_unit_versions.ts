import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Kept answers for the rooms list and the units lists (server/lib/listCache.ts, docs/decisions/lists.md): the
 * database raises `rooms` with every change to rooms or buildings (a room's row shows its building's name), and
 * `item_units` with every change to units or to rooms (a unit's row shows its home room), in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('list_versions')
    .values([
      { name: 'rooms', version: 0 },
      { name: 'item_units', version: 0 },
    ])
    .execute();
  const watch: [table: string, lists: string[]][] = [
    ['rooms', ['rooms', 'item_units']],
    ['buildings', ['rooms', 'item_units']],
    ['item_units', ['item_units']],
  ];
  for (const [table, lists] of watch) {
    const bump = `update list_versions set version = version + 1 where name in (${lists.map((l) => `'${l}'`).join(', ')})`;
    const statements = isPostgres(db)
      ? [
          `create function bump_${table}_lists() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
          `create trigger ${table}_lists after insert or update or delete on ${table} for each statement execute function bump_${table}_lists()`,
        ]
      : ['insert', 'update', 'delete'].map(
          (event) => `create trigger ${table}_lists_${event} after ${event} on ${table} begin ${bump}; end`,
        );
    for (const s of statements) await sql.raw(s).execute(db);
  }
}
