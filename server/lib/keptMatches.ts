/**
 * A broad search's matches kept across changes (docs/history/performance-journal.md, "Search matches kept across changes"). A
 * search over every request or report ("seminar", a building) finds thousands of rows; every tab count and page of
 * it comes from its matches in the list's order. A change touches a row or two, so rather than finding them all
 * again after each change, the matches are kept with a mark of the changes they hold, and a reader after a change
 * finds again only the rows changed since (row_changes, migrations 043 and 044) and puts them in their place.
 *
 * The mark says which changes the matches surely hold:
 * - SQLite has one writer at a time, so a change's seq follows the order of commits: every change up to the
 *   highest seq read has been committed and is seen by what is read after.
 * - PostgreSQL commits transactions in any order, so seq alone could skip a change that a transaction still open
 *   made with a lower seq. There the mark is the oldest transaction still running when the matches were read
 *   (`pg_snapshot_xmin`): every transaction before it has ended, and its changes are held; the changes of it and
 *   later ones (`row_changes.tx`) are found again on the next change, so nothing one of them made is missed.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { changeMark, changedSince, type ChangedList } from './rowChanges';
import { perDatabase, versionsOf, type ListName } from './listCache';

/** A match and what orders it: the values of the list's order, first to last (null after every value). */
export interface Match {
  id: number;
  status: string;
  order: (string | number | null)[];
}

/** A search's matches in the list's order, ids and statuses, from which every tab's count and page are taken. */
export interface OrderedMatches {
  ids: number[];
  statuses: string[];
}

/** A list's order: the values that order its rows, first to last, each ascending or descending. */
export interface MatchOrder {
  values: readonly RawBuilder<unknown>[];
  directions: readonly ('asc' | 'desc')[];
}

/** The matches among `hits` (a query of rows with an id and a status) with the values of `order`. */
export async function readMatches(db: Db, hits: { compile: () => unknown }, order: MatchOrder): Promise<Match[]> {
  const values = sql.join(order.values.map((v, i) => sql`${v} as ${sql.ref(`o${i}`)}`));
  const { rows } = await sql<Record<string, string | number | null>>`select id, status, ${values} from (${hits}) as hits`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), status: String(r.status), order: order.values.map((_, i) => r[`o${i}`]) }));
}

/** Beyond this many rows changed since, the search is run again whole (cheaper than a long list of ids). */
const MAX_CHANGED = 500;

interface Kept {
  /** The version of the searched list the matches are right for. */
  at: string;
  mark: string;
  /** The matches in the list's order. */
  sorted: Match[];
  ordered: OrderedMatches;
}

/** Orders matches by their values in turn (the last value the id, so no two tie). */
function compareMatches({ directions }: MatchOrder) {
  return (a: Match, b: Match): number => {
    for (let i = 0; i < directions.length; i++) {
      const x = a.order[i];
      const y = b.order[i];
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const before = x < y ? -1 : 1;
      return directions[i] === 'asc' ? before : -before;
    }
    return 0;
  };
}

const orderedOf = (sorted: Match[]): OrderedMatches => ({ ids: sorted.map((m) => m.id), statuses: sorted.map((m) => m.status) });

/** Matches in the list's order. */
export function sortMatches(matches: Iterable<Match>, order: MatchOrder): OrderedMatches {
  return orderedOf([...matches].sort(compareMatches(order)));
}

/**
 * Sorted matches after a change: those of the `changed` rows left out, and `found` (the changed rows that match
 * now) each put in its place. A change touches a row or two of thousands, so this finds their places rather than
 * sorting every match again, which each process did for each kept search after every change.
 */
export function placeChanged(sorted: readonly Match[], changed: readonly number[], found: readonly Match[], order: MatchOrder): Match[] {
  const gone = new Set(changed);
  const out = sorted.filter((m) => !gone.has(m.id));
  const compare = compareMatches(order);
  for (const m of found) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(out[mid], m) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, m);
  }
  return out;
}

/**
 * Kept matches of searches over `list`, at most `max` searches per process and database (the least recently used going first).
 * Whatever moves a match must be a change to the list's own rows (a search text rewritten by trigger is).
 */
export function createKeptMatches(list: ChangedList & ListName, max = 20) {
  // Readers after the same change wait for one update rather than each making their own (`making`).
  const keptFor = perDatabase(() => ({ kept: new Map<string, Kept>(), making: new Map<string, Promise<OrderedMatches>>() }));

  async function update(
    { kept }: ReturnType<typeof keptFor>,
    db: Db,
    key: string,
    at: string,
    order: MatchOrder,
    find: (only: number[] | null) => Promise<Match[]>,
  ): Promise<OrderedMatches> {
    const before = kept.get(key);
    const mark = await changeMark(db);
    const changed = before ? await changedSince(db, list, before.mark, MAX_CHANGED + 1) : null;
    const sorted =
      before && changed && changed.length <= MAX_CHANGED
        ? placeChanged(before.sorted, changed, changed.length ? await find(changed) : [], order)
        : (await find(null)).sort(compareMatches(order));
    const entry: Kept = { at, mark, sorted, ordered: orderedOf(sorted) };
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return entry.ordered;
  }

  /**
   * The matches of the search `key` in `order` (whose values `find` reads). `find(null)` reads every match;
   * `find(ids)` the matches among those rows only.
   */
  return async function matches(
    db: Db,
    key: string,
    order: MatchOrder,
    find: (only: number[] | null) => Promise<Match[]>,
  ): Promise<OrderedMatches> {
    const mine = keptFor(db);
    const { kept, making } = mine;
    const at = await versionsOf(db, [list]);
    const hit = kept.get(key);
    if (hit && hit.at === at) return hit.ordered;
    const wait = `${at}\n${key}`;
    const pending = making.get(wait);
    if (pending) return pending;
    const made = update(mine, db, key, at, order, find);
    making.set(wait, made);
    try {
      return await made;
    } finally {
      making.delete(wait);
    }
  };
}
