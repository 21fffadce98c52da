/**
 * The bench's yearly count (scripts/bench.ts; docs/decisions/counts.md): a count of the whole campus over the bench's
 * 20,000 tracked units in 2,000 rooms, scanned by 20 counters at once, each going round its rooms one scan after
 * another as a phone does. Some units are scanned a second time by another counter (counted once), some scans are
 * sent twice with the same id (a phone that lost the answer: saved once), and some labels are no unit (unknown
 * tags). A reader asks the progress per building all along.
 *
 * Two phases over the one count. First the counters scan at a person's pace for BENCH_COUNT_PACED_SECONDS (default
 * 60): one label every BENCH_SCAN_EVERY_MS (default 500, twice a brisk counter's pace) each, on a fixed timetable, so
 * a slow answer is not hidden by the next scan waiting for it; that is what a counter waits for, held to the lists'
 * target. Then every counter sends the rest of its rooms as fast as the answers come, as twenty phones emptying the
 * scans they kept offline at once: the rate the server takes, and how long each answer takes at that rate.
 * Reports each phase's p50, p95, p99 and rate, the progress's, and checks that no scan was lost: the units found
 * equal the distinct units scanned, and the figures the count keeps as it goes (count_tallies) equal those its
 * units' own rows give.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../server/db/database';

export type CountBenchFigures = { name: string; p50: number; p95: number; p99: number; rps: number; requests: number; errors: number };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const figures = (name: string, times: number[], seconds: number, errors: number): CountBenchFigures => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    rps: times.length / seconds,
    requests: times.length,
    errors,
  };
};

/** The units a count of the whole campus expects, by home room: read from the bench's database. */
export async function unitsByRoom(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('item_units')
    .select(['tag', 'home_room_id'])
    .where('status', 'not in', ['retired', 'lost'])
    .where('home_room_id', 'is not', null)
    .orderBy('home_room_id')
    .orderBy('tag')
    .execute();
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const list = out.get(r.home_room_id!) ?? [];
    list.push(r.tag);
    out.set(r.home_room_id!, list);
  }
  return out;
}

type Figures = { expected: number; found: number; foundElsewhere: number; notFound: number; unexpected: number; unknownTags: number };

/** The count's figures as its units' rows and unknown tags give them, added up afresh (what the kept ones must equal). */
async function figuresInDatabase(db: Db, countId: number): Promise<Figures> {
  const [e, k] = await Promise.all([
    db
      .selectFrom('count_units')
      .select([
        sql<number>`sum(case when expected = 1 then 1 else 0 end)`.as('expected'),
        sql<number>`sum(case when expected = 1 and found_room_id is not null and (home_room_id is null or found_room_id = home_room_id) then 1 else 0 end)`.as(
          'found',
        ),
        sql<number>`sum(case when expected = 1 and found_room_id is not null and home_room_id is not null and found_room_id <> home_room_id then 1 else 0 end)`.as(
          'elsewhere',
        ),
        sql<number>`sum(case when expected = 0 then 1 else 0 end)`.as('unexpected'),
      ])
      .where('count_id', '=', countId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('count_unknown_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('count_id', '=', countId)
      .executeTakeFirstOrThrow(),
  ]);
  const v = (x: unknown) => Number(x ?? 0);
  return {
    expected: v(e.expected),
    found: v(e.found),
    foundElsewhere: v(e.elsewhere),
    notFound: v(e.expected) - v(e.found) - v(e.elsewhere),
    unexpected: v(e.unexpected),
    unknownTags: v(k.n),
  };
}

export async function countBench(opts: {
  db: Db;
  base: string;
  officeCookie: string;
  counterCookies: string[];
  rooms: Map<number, string[]>;
}): Promise<{ rows: CountBenchFigures[]; flush: CountBenchFigures[]; lost: number; summary: string }> {
  const { base, officeCookie, counterCookies, rooms } = opts;
  const post = (url: string, cookie: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const startedAt = performance.now();
  const start = await post('/api/counts', officeCookie, { reference: `BENCH-${Date.now()}`, name: 'Bench count' });
  if (start.status !== 201) throw new Error(`could not start the count: ${start.status} ${await start.text()}`);
  const count = ((await start.json()) as { count: { id: number; figures: { expected: number } } }).count;
  const startMs = performance.now() - startedAt;

  const roomIds = [...rooms.keys()];
  const pacedMs = Number(process.env.BENCH_COUNT_PACED_SECONDS ?? 60) * 1000;
  const everyMs = Number(process.env.BENCH_SCAN_EVERY_MS ?? 500);
  const paced = { times: [] as number[], errors: 0 };
  const flushed = { times: [] as number[], errors: 0 };
  const scanned = new Set<string>();
  let counting = true;

  const scanStarted = performance.now();
  const pacedUntil = scanStarted + pacedMs;

  // The reader: progress per building, one request after another while the counters scan.
  const progress = { paced: { times: [] as number[], errors: 0 }, flushed: { times: [] as number[], errors: 0 } };
  const reader = (async () => {
    while (counting) {
      const t = performance.now();
      const res = await fetch(`${base}/api/counts/${count.id}/buildings`, { headers: { cookie: officeCookie } });
      await res.arrayBuffer();
      const phase = t < pacedUntil ? progress.paced : progress.flushed;
      phase.times.push(performance.now() - t);
      if (!res.ok) phase.errors++;
    }
  })();

  let flushStarted = Infinity;
  // Counter c's k-th scan is due at its start (the counters spread over one interval) plus k intervals; a scan
  // answered late is followed at once by the next, and the timetable does not move.
  const counterClock = (c: number) => {
    let due = scanStarted + (c * everyMs) / counterCookies.length;
    return async () => {
      const t = performance.now();
      // A scan due after the paced minute is the phones' phase: it is not waited for.
      if (t >= pacedUntil || due >= pacedUntil) {
        flushStarted = Math.min(flushStarted, t);
        return flushed;
      }
      if (due > t) await new Promise((r) => setTimeout(r, due - t));
      due += everyMs;
      return paced;
    };
  };

  type Scan = { id: string; roomId: number; tag: string };
  const scanOnce = async (cookie: string, whenDue: () => Promise<typeof paced>, body: Scan) => {
    const phase = await whenDue();
    const t = performance.now();
    const res = await post(`/api/counts/${count.id}/scans`, cookie, body);
    const answer = (await res.json()) as { result?: string; tag?: string };
    phase.times.push(performance.now() - t);
    if (!res.ok) phase.errors++;
    else if (answer.result !== 'unknown_tag' && answer.tag) scanned.add(answer.tag);
  };

  await Promise.all(
    counterCookies.map(async (cookie, c) => {
      const scan = scanOnce.bind(null, cookie, counterClock(c));
      let n = 0;
      for (let i = c; i < roomIds.length; i += counterCookies.length) {
        const roomId = roomIds[i]!;
        for (const tag of rooms.get(roomId)!) {
          n++;
          const body = { id: randomUUID(), roomId, tag: n % 3 ? tag : tag.toLowerCase() };
          await scan(body);
          if (n % 50 === 0) await scan(body); // the same scan again: saved once
          if (n % 20 === 0) {
            // A unit of a neighbour's room, scanned here too: counted once, where it was first found.
            const other = rooms.get(roomIds[(i + 1) % roomIds.length]!)!;
            await scan({ id: randomUUID(), roomId, tag: other[n % other.length]! });
          }
        }
        await scan({ id: randomUUID(), roomId, tag: `NOT-A-UNIT-${roomId}` });
      }
    }),
  );
  const scanEnded = performance.now();
  const pacedSeconds = (Math.min(flushStarted, scanEnded) - scanStarted) / 1000;
  const flushSeconds = (scanEnded - Math.min(flushStarted, scanEnded)) / 1000;
  counting = false;
  await reader;

  const after = await fetch(`${base}/api/counts/${count.id}`, { headers: { cookie: officeCookie } });
  const figures_ = ((await after.json()) as { figures: Figures }).figures;
  const found = figures_.found + figures_.foundElsewhere + figures_.unexpected;
  const truth = await figuresInDatabase(opts.db, count.id);
  const kept = (Object.keys(truth) as (keyof Figures)[]).every((k) => truth[k] === figures_[k]);
  // A kept figure that differs from the units' rows counts as a scan lost: the run fails.
  const lost = scanned.size - found + (kept ? 0 : 1);
  const n = counterCookies.length;
  const rows = [
    figures(`POST /api/counts/:id/scans (${n} counters, one label every ${everyMs} ms each)`, paced.times, pacedSeconds, paced.errors),
    figures('GET /api/counts/:id/buildings (one reader, while they scan)', progress.paced.times, pacedSeconds, progress.paced.errors),
  ];
  // Not held to the target: the phones send in the background, and the rate is what tells.
  const flush = flushed.times.length
    ? [
        figures(`POST /api/counts/:id/scans (${n} phones sending kept scans at once)`, flushed.times, flushSeconds, flushed.errors),
        figures(
          'GET /api/counts/:id/buildings (one reader, while they send)',
          progress.flushed.times,
          flushSeconds,
          progress.flushed.errors,
        ),
      ]
    : [];
  const summary =
    `start (snapshot of ${count.figures.expected} units) ${startMs.toFixed(0)} ms; ${paced.times.length + flushed.times.length} scans in ${((scanEnded - scanStarted) / 1000).toFixed(1)} s; ` +
    `${scanned.size} distinct units scanned, ${found} found (${figures_.foundElsewhere} elsewhere), ${figures_.unknownTags} unknown tags; ` +
    `${lost === 0 ? 'no scan lost' : `${lost} SCANS LOST`}; ` +
    (kept ? 'the kept figures equal the units’ rows' : `KEPT FIGURES ${JSON.stringify(figures_)} DIFFER FROM ${JSON.stringify(truth)}`);
  return { rows, flush, lost, summary };
}
