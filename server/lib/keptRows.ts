/**
 * Rows of a list kept written as JSON across changes (docs/decisions/lists.md): the office's requests. After a change
 * a page reads its rows' last changes in one indexed statement (row_changes, server/lib/rowChanges.ts), and a row
 * whose last change (and whatever else its key holds) is the one it was written at is sent as written.
 */
import { safeParse, type $ZodType } from 'zod/v4/core';

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
