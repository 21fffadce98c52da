/**
 * Rows of a list kept written as JSON across changes (docs/history/performance-journal.md, "Rows kept across changes"). A list's
 * kept answers (listCache.ts) go with any change to the list; on a busy morning nearly every reader is the first
 * after one. But a change touches a row or two: the rest of a page is what it was. The database writes a row's
 * every change to row_changes (migration 043), so a page reads its rows' last changes in one indexed statement, and
 * a row whose last change (and whatever else its key holds) is the one it was written at is sent as written.
 */
import { sql } from 'kysely';
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { FastifyReply } from 'fastify';
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
 * Drops every change but each row's last (the sweep in app.ts): the keys only ever need the last. On PostgreSQL a
 * later change may come from an older transaction, so a change goes only if a later one's transaction is not
 * older either: the kept search matches find a row again by its changes' transactions (keptMatches.ts).
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

export interface KeptRow<E> {
  key: string;
  json: string;
  extra: E;
  /** The lists' versions when the key was last found right: while they stand, nothing the row shows changed. */
  checkedAt: string;
}

/**
 * Rows written through `schema` (fields it does not list dropped, a row that does not fit an error, as the API
 * contract does for every answer: server/plugins/contract.ts), at most `max` of them, the least recently used
 * going first. `extra` is what a caller keeps beside a row to check it against the database (say, its items).
 */
export function createKeptRows<T, E = null>(schema: $ZodType, max = 10_000) {
  const rows = new Map<number, KeptRow<E>>();
  const touch = (id: number, row: KeptRow<E>) => {
    rows.delete(id);
    rows.set(id, row);
  };
  return {
    /**
     * The rows of `ids` still as kept: those checked at `at` (the versions of the lists whose every change raises
     * them, read before anything else), then those whose key `keysOf` (asked only about the others) finds the same.
     */
    async kept(ids: readonly number[], at: string, keysOf: (ids: number[]) => Promise<(id: number) => string>) {
      const found = new Map<number, KeptRow<E>>();
      const unchecked: number[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        if (row && row.checkedAt === at) {
          touch(id, row);
          found.set(id, row);
        } else unchecked.push(id);
      }
      const keyOf = unchecked.length ? await keysOf(unchecked) : () => '';
      for (const id of unchecked) {
        const row = rows.get(id);
        if (!row || row.key !== keyOf(id)) continue;
        row.checkedAt = at;
        touch(id, row);
        found.set(id, row);
      }
      /** The key to write a row under: the one just read, or, for a row checked at `at`, the one it has. */
      const asked = new Set(unchecked);
      const keyFor = (id: number) => (asked.has(id) ? keyOf(id) : rows.get(id)!.key);
      return { found, keyFor };
    },
    /** Writes a row and keeps it under `key`, checked at `at`. */
    put(id: number, key: string, at: string, value: T, extra: E): string {
      const parsed = safeParse(schema, value);
      if (!parsed.success) throw new Error(`A row of the list does not fit its schema: ${parsed.error.message}`);
      const json = JSON.stringify(parsed.data);
      touch(id, { key, json, extra, checkedAt: at });
      if (rows.size > max) rows.delete(rows.keys().next().value!);
      return json;
    },
  };
}

/** The rows in the order of `ids`: those kept, the rest written by `write` (a row gone since is left out). */
export async function inOrder(
  ids: readonly number[],
  kept: ReadonlyMap<number, { json: string }>,
  write: (missing: number[]) => Promise<[number, string][]>,
): Promise<string[]> {
  const missing = ids.filter((id) => !kept.has(id));
  const written = new Map(missing.length ? await write(missing) : []);
  return ids.flatMap((id) => kept.get(id)?.json ?? written.get(id) ?? []);
}

/**
 * A list's answer as JSON from rows already written: the rest of the answer through the list's schema (with no
 * rows), the rows placed in its `items`.
 */
export function writeList(schema: $ZodType, rest: object, rows: readonly string[]): string {
  const parsed = safeParse(schema, { ...rest, items: [] });
  if (!parsed.success) throw new Error(`A list answer does not fit its schema: ${parsed.error.message}`);
  const json = JSON.stringify(parsed.data);
  const empty = '"items":[]';
  const at = json.indexOf(empty);
  if (at < 0) throw new Error('A list answer has no items');
  return `${json.slice(0, at)}"items":[${rows.join(',')}]${json.slice(at + empty.length)}`;
}

/** Sends an answer written by writeList (already through its schema, so not serialized again). */
export const sendWritten = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
