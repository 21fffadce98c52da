import type { Db } from '../db/database';
import { readTogether } from './readTogether';

/** The lists whose versions the database raises with every change to what they show (migrations 011, 015, 021, 028, 055, 061). */
export type ListName =
  'borrow_requests' | 'items' | 'repair_reports' | 'schedule_entries' | 'accounts' | 'rooms' | 'item_units' | 'departments' | 'deliveries';

/** Every list's version, read once for all who ask at the same moment (readTogether.ts), per database. */
const versionReaders = new WeakMap<Db, (name: string) => Promise<number | undefined>>();
function versionReader(db: Db) {
  let reader = versionReaders.get(db);
  if (!reader) {
    reader = readTogether(async () => {
      const rows = await db.selectFrom('list_versions').select(['name', 'version']).execute();
      return new Map(rows.map((r) => [r.name, Number(r.version)]));
    });
    versionReaders.set(db, reader);
  }
  return reader;
}

/** A row of list_versions: a list's version, or a running total the database keeps the same way (migration 011). */
export async function keptValue(db: Db, name: string): Promise<number> {
  const version = await versionReader(db)(name);
  if (version === undefined) throw new Error(`list_versions has no row ${name}`);
  return version;
}

/** The versions of several lists, in one read, as one string. */
export async function versionsOf(db: Db, lists: readonly ListName[]): Promise<string> {
  return (await Promise.all(lists.map((l) => keptValue(db, l)))).join('.');
}

/**
 * One `T` per database, made when first asked: what a process keeps of one database must never answer for another.
 * A running app has one database, but the tests run many apps, each on its own database, in one process.
 */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const all = new WeakMap<Db, T>();
  return (db) => {
    let mine = all.get(db);
    if (mine === undefined) all.set(db, (mine = make()));
    return mine;
  };
}

/** Answers a list cache holds: never changed once kept, so their JSON can be kept beside them (plugins/contract.ts). */
const keptAnswers = new WeakSet<object>();
export const isKeptAnswer = (value: unknown): value is object => typeof value === 'object' && value !== null && keptAnswers.has(value);

/**
 * Answers of list queries, kept per process and database and keyed by the versions of the lists they show: the versions are
 * read before the query, and the database raises them in the same transaction as any change, so an answer is
 * only ever reused while nothing it depends on has changed (whichever process made the change). At most `max`
 * answers are kept (a page holds at most 100 rows), the least recently used going first, so whatever is asked the
 * memory stays bounded. The key must hold everything else the answer depends on: the query, today's date when
 * the answer counts days, the viewer when it differs per viewer.
 */
export function createListCache<V>(lists: ListName | readonly ListName[], max = 200) {
  const names = typeof lists === 'string' ? [lists] : lists;
  // Readers who ask for the same answer while it is being made wait for that one query rather than each running
  // their own (`making`): after a change, the next readers of a list (on a busy morning, many at once) cost one query.
  const keptFor = perDatabase(() => ({ answers: new Map<string, V>(), making: new Map<string, Promise<V>>() }));
  return async function cached(db: Db, key: string, load: () => Promise<V>): Promise<V> {
    const { answers, making } = keptFor(db);
    const k = `${await versionsOf(db, names)}\n${key}`;
    const hit = answers.get(k);
    if (hit !== undefined) {
      answers.delete(k);
      answers.set(k, hit);
      return hit;
    }
    const pending = making.get(k);
    if (pending) return pending;
    const made = load().then((answer) => {
      answers.set(k, answer);
      if (typeof answer === 'object' && answer !== null) keptAnswers.add(answer);
      if (answers.size > max) answers.delete(answers.keys().next().value!);
      return answer;
    });
    making.set(k, made);
    try {
      return await made;
    } finally {
      making.delete(k);
    }
  };
}
