import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { placeChanged, sortMatches, type Match, type MatchOrder } from '../../server/lib/keptMatches';

// A kept search's matches after a change (server/lib/keptMatches.ts): the changed rows taken out and those that
// still match put in their place give the same order as sorting every match again.

const order: MatchOrder = { values: [sql`rank`, sql`due`, sql`id`], directions: ['asc', 'desc', 'desc'] };
const STATUSES = ['pending', 'approved', 'returned'];

/** A seeded generator, so a failure can be run again. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function matchOf(id: number, r: () => number): Match {
  const rank = Math.floor(r() * 3);
  const due = r() < 0.1 ? null : `2026-11-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  return { id, status: STATUSES[rank], order: [rank, due, id] };
}

const sorted = (matches: Match[]) => sortMatches(matches, order);
/** The matches themselves in the full sort's order. */
const inOrder = (matches: Match[]) => {
  const byId = new Map(matches.map((m) => [m.id, m]));
  return sorted(matches).ids.map((id) => byId.get(id)!);
};

describe('kept matches after a change', () => {
  it('are in the order a full sort gives, whatever changed', () => {
    const r = random(7);
    let next = 1;
    let rows = new Map<number, Match>();
    for (; next <= 2000; next++) if (r() < 0.7) rows.set(next, matchOf(next, r));
    let kept = inOrder([...rows.values()]);
    for (let round = 0; round < 200; round++) {
      // A change: some rows no longer match, some match with new values, a new row or none.
      const changed: number[] = [];
      const ids = [...rows.keys()];
      for (let k = Math.floor(r() * 4); k > 0; k--) changed.push(ids[Math.floor(r() * ids.length)]);
      if (r() < 0.5) changed.push(next++);
      if (r() < 0.2) changed.push(100_000 + round); // a row that does not match, before or after
      rows = new Map(rows);
      const found: Match[] = [];
      for (const id of new Set(changed)) {
        rows.delete(id);
        if (id < 100_000 && r() < 0.6) {
          const m = matchOf(id, r);
          rows.set(id, m);
          found.push(m);
        }
      }
      kept = placeChanged(kept, changed, found, order);
      expect(kept).toEqual(inOrder([...rows.values()]));
    }
  });

  it('are the same when nothing changed', () => {
    const r = random(3);
    const kept = inOrder(Array.from({ length: 50 }, (_, i) => matchOf(i + 1, r)));
    expect(placeChanged(kept, [], [], order)).toEqual(kept);
  });
});
