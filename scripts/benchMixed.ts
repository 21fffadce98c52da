/**
 * The bench's mixed run (docs/performance.md, "While changes arrive"): 50 connections read the office's lists and
 * searches while writers approve, return, verify and file reports at a steady rate, so every kept answer goes
 * stale again and again, as on a busy morning. Reports each list's p50/p95/p99 and errors, and the writes made;
 * the bench measures /api/health and the cold pages while the writers go on.
 */
import http from 'node:http';
import { sql } from 'kysely';
import type { Db } from '../server/db/database';

export interface WritePools {
  /** Pending requests with the items of their lines (an approval names the items it lends). */
  pending: { id: number; items: number[] }[];
  approved: number[];
  returned: number[];
}

export interface ListFigures {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export interface MixedWrites {
  done: number;
  refused: number;
  failed: number;
  perSecond: number;
  byKind: Record<string, number>;
  /** Failed changes by kind and status, to say what went wrong. */
  failures: Record<string, number>;
}

/** Ids to change during the run, in a shuffled order so writes spread over the lists' pages. */
export async function writePools(db: Db): Promise<WritePools> {
  const ids = async (status: string) =>
    (
      await db
        .selectFrom('borrow_requests')
        .select('id')
        .where('status', '=', status as never)
        .orderBy(sql`((id % 10007) * 7919) % 10007`)
        .limit(5000)
        .execute()
    ).map((r) => r.id);
  const pendingIds = await ids('pending');
  const lines = pendingIds.length
    ? await db
        .selectFrom('borrow_request_items as bri')
        .leftJoin('items as i', 'i.id', 'bri.item_id')
        .select(['bri.request_id', 'bri.item_id', 'i.tracking'])
        .where('bri.request_id', 'in', pendingIds)
        .execute()
    : [];
  const itemsOf = new Map<number, number[]>();
  // A tracked item is approved with the units chosen at the counter: such requests are left to the office.
  const withUnits = new Set(lines.filter((l) => l.tracking === 'tracked').map((l) => l.request_id));
  for (const l of lines) if (l.item_id !== null) itemsOf.set(l.request_id, [...(itemsOf.get(l.request_id) ?? []), l.item_id]);
  return {
    pending: pendingIds.filter((id) => !withUnits.has(id)).map((id) => ({ id, items: itemsOf.get(id) ?? [] })),
    approved: await ids('approved'),
    returned: await ids('returned'),
  };
}

/** The office's lists and searches the readers go round. */
export const MIXED_READS: [string, string][] = [
  ['requests, All tab', '/api/borrow-requests?page=1&pageSize=20'],
  ['requests, Pending tab', '/api/borrow-requests?status=pending&pageSize=20'],
  ['requests, search <full name>', `/api/borrow-requests?search=${encodeURIComponent('Maria Villareal')}&pageSize=20`],
  ['requests, search <common word>', '/api/borrow-requests?search=seminar&pageSize=20'],
  ['records, All tab', '/api/borrow-records?pageSize=20'],
  ['records, Overdue tab', '/api/borrow-records?status=overdue&pageSize=20'],
  ['inventory, page 1', '/api/items?page=1&pageSize=20'],
  ['repairs, All tab', '/api/repairs?page=1&pageSize=20'],
  ['repairs, Pending tab', '/api/repairs?status=pending&pageSize=20'],
  ['repairs, search <building>', `/api/repairs?search=${encodeURIComponent('Science Hall')}&pageSize=20`],
];

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/**
 * Writes go on connections of their own: a write is not repeated, so it must not go out on a kept-alive connection
 * the server is closing at that moment (its idle timeout), which the readers' busy connections never are.
 */
const writeAgent = new http.Agent({ keepAlive: false });

function call(base: URL, method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent: method === 'GET' ? agent : writeAgent,
        headers: {
          cookie,
          origin: base.origin,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * Starts the writers: one change every 1000/rate ms, in turn an approval, a loan marked returned, a return
 * verified (completed) and a repair report filed by a faculty member. A change the state no longer allows (409)
 * counts as refused, not failed. `stop()` waits for the changes in flight and answers what was done.
 */
export function startWriters(opts: { base: string; officeCookie: string; facultyCookie: string; pools: WritePools; perSecond: number }) {
  const base = new URL(opts.base);
  const writes = { done: 0, refused: 0, failed: 0, byKind: {} as Record<string, number>, failures: {} as Record<string, number> };
  const kinds: [string, () => Promise<{ status: number }> | null][] = [
    [
      'approve',
      () =>
        take(opts.pools.pending, ({ id, items }) => call(base, 'POST', `/api/borrow-requests/${id}/approve`, opts.officeCookie, { items })),
    ],
    [
      'mark returned',
      () => take(opts.pools.approved, (id) => call(base, 'POST', `/api/borrow-records/${id}/mark-returned`, opts.officeCookie, {})),
    ],
    ['verify', () => take(opts.pools.returned, (id) => call(base, 'POST', `/api/borrow-requests/${id}/complete`, opts.officeCookie, {}))],
    [
      'file report',
      () =>
        call(base, 'POST', '/api/repairs', opts.facultyCookie, {
          building: 'Science Hall',
          room: `SH-${100 + (writes.done % 300)}`,
          priority: 'medium',
          day: 'Monday',
          timeStart: '08:00',
          timeEnd: '10:00',
          issueDescription: 'Aircon not cooling (bench)',
        }),
    ],
  ];
  let stopping = false;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  /**
   * One turn's change, starting with kind `i`. A kind whose pool has run out, or whose change the state refuses
   * (409: an item out of stock on a database measured many times over), gives the turn to the next kind, so the
   * changes made keep the rate.
   */
  const turn = async (i: number) => {
    for (let k = 0; k < kinds.length; k++) {
      const [kind, make] = kinds[(i + k) % kinds.length];
      const p = make();
      if (!p) continue;
      const { status } = await p;
      if (status === 409) {
        writes.refused++;
        continue;
      }
      if (status >= 200 && status < 300) {
        writes.done++;
        writes.byKind[kind] = (writes.byKind[kind] ?? 0) + 1;
      } else {
        writes.failed++;
        writes.failures[`${kind} ${status}`] = (writes.failures[`${kind} ${status}`] ?? 0) + 1;
      }
      return;
    }
  };
  const loop = (async () => {
    const gap = 1000 / opts.perSecond;
    for (let i = 0; !stopping; i++) {
      const due = performance.now() + gap;
      inFlight.push(turn(i));
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    async stop(): Promise<MixedWrites> {
      stopping = true;
      await loop;
      await Promise.all(inFlight);
      return { ...writes, perSecond: writes.done / ((performance.now() - started) / 1000) };
    },
  };
}

/** `connections` readers going round the office's lists for `seconds`: each list's latency and errors. */
export async function readLists(opts: { base: string; cookie: string; seconds: number; connections: number }): Promise<ListFigures[]> {
  const base = new URL(opts.base);
  const stopAt = performance.now() + opts.seconds * 1000;
  const times = new Map<string, number[]>(MIXED_READS.map(([name]) => [name, []]));
  const errors = new Map<string, number>(MIXED_READS.map(([name]) => [name, 0]));
  let next = 0;
  const reader = async () => {
    while (performance.now() < stopAt) {
      const [name, path] = MIXED_READS[next++ % MIXED_READS.length];
      const { status, ms } = await call(base, 'GET', path, opts.cookie);
      times.get(name)!.push(ms);
      if (status !== 200) errors.set(name, errors.get(name)! + 1);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, reader));
  return MIXED_READS.map(([name]) => {
    const sorted = times.get(name)!.sort((a, b) => a - b);
    return {
      name,
      requests: sorted.length,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      errors: errors.get(name)!,
    };
  });
}

function take<T>(pool: T[], change: (next: T) => Promise<{ status: number }>) {
  const next = pool.shift();
  return next === undefined ? null : change(next);
}
