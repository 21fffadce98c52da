/**
 * Changes to the rows of the office's lists, written by the database to row_changes by triggers (migrations 043,
 * 044 and 050), so no write path can forget one: a request's row and everything it shows, a repair report's own
 * row. A broad search's kept matches find again only the rows changed since they were read
 * (server/lib/keptMatches.ts); the office's request rows are kept under their last change (server/lib/keptRows.ts).
 */
import { sql } from 'kysely';
import { onPostgres, type Db } from '../db/database';

export type ChangedList = 'borrow_requests' | 'repair_reports';

/**
 * The last change of each row, 0 for a row not changed since row_changes began. Read before the rows themselves:
 * a row changed in between is then kept under the older change, which no later reader asks for.
 */
export async function lastChanges(db: Db, list: ChangedList, ids: readonly number[]): Promise<Map<number, number>> {
  const last = new Map<number, number>();
  if (!ids.length) return last;
  const rows = await db
    .selectFrom('row_changes')
    .select(['row_id', (eb) => eb.fn.max('seq').as('seq')])
    .where('list', '=', list)
    .where('row_id', 'in', [...new Set(ids)])
    .groupBy('row_id')
    .execute();
  for (const r of rows) last.set(Number(r.row_id), Number(r.seq));
  return last;
}

/**
 * Drops every change but each row's last (the sweep in app.ts): a row changed since a mark is found by any of its
 * changes. On PostgreSQL a later change may come from an older transaction, so a change goes only if a later one's
 * transaction is not older either: the kept search matches find a row again by its changes' transactions.
 */
export async function pruneRowChanges(db: Db): Promise<void> {
  const later = onPostgres(db) ? sql`later.seq > row_changes.seq and later.tx >= row_changes.tx` : sql`later.seq > row_changes.seq`;
  await sql`delete from row_changes where exists (
    select 1 from row_changes later where later.list = row_changes.list and later.row_id = row_changes.row_id and ${later})`.execute(db);
}

/**
 * A mark of the changes every read from now on sees (server/lib/keptMatches.ts): on SQLite the last change's seq;
 * on PostgreSQL the oldest transaction still open (every one before it has ended).
 */
export async function changeMark(db: Db): Promise<string> {
  const { rows } = onPostgres(db)
    ? await sql<{ mark: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as mark`.execute(db)
    : await sql<{ mark: string }>`select cast(coalesce(max(seq), 0) as text) as mark from row_changes`.execute(db);
  return rows[0].mark;
}

/**
 * Rows of `list` (at most `limit`) changed by what a read at `mark` may not have seen. On PostgreSQL, changes of
 * transactions that had not begun by this statement are left out: they are found next time, and a restored
 * database may carry ids of another server that lie ahead of this one's.
 */
export async function changedSince(db: Db, list: ChangedList, mark: string, limit: number): Promise<number[]> {
  const { rows } = onPostgres(db)
    ? await sql<{ row_id: number }>`select distinct row_id from row_changes
        where list = ${list} and tx >= ${mark}::xid8 and tx < pg_snapshot_xmax(pg_current_snapshot())
        limit ${limit}`.execute(db)
    : await sql<{ row_id: number }>`select distinct row_id from row_changes
        where seq > ${Number(mark)} and list = ${list} limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.row_id));
}
