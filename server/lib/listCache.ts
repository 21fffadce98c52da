import type { Db } from '../db/database';

/** A row of list_versions: a list's version, or a running total the database keeps the same way (migration 011). */
export async function keptValue(db: Db, name: string): Promise<number> {
  return Number((await db.selectFrom('list_versions').select('version').where('name', '=', name).executeTakeFirstOrThrow()).version);
}

/**
 * Answers of expensive list queries, kept per process and keyed by the list's version (migration 011): the
 * version is read before the query, and the database raises it in the same transaction as any change, so an
 * answer is only ever reused while nothing it depends on has changed. Least recently used answers go first.
 */
export function createListCache<V>(list: string, max = 500) {
  const answers = new Map<string, V>();
  return async function cached(db: Db, key: string, load: () => Promise<V>): Promise<V> {
    const k = `${await keptValue(db, list)}\n${key}`;
    const hit = answers.get(k);
    if (hit !== undefined) {
      answers.delete(k);
      answers.set(k, hit);
      return hit;
    }
    const answer = await load();
    answers.set(k, answer);
    if (answers.size > max) answers.delete(answers.keys().next().value!);
    return answer;
  };
}
