import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineQueue, type QueueEvent } from '../../client/lib/offlineQueue';

/**
 * The one offline queue (docs/decisions/offline-queue.md) over fake-indexeddb: strictly in order, one at a time, each
 * with its Idempotency-Key; refusals kept with the server's words without holding the line (except their chain);
 * network failures and server errors retried; the line kept across a new instance over the same IndexedDB.
 */

type Call = { url: string; method: string; key: string; body: unknown };
type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';

/** A server that answers by a script, each request in turn (the last reply repeats), and counts what it applied once per key. */
function server(script: (call: Call, n: number) => Reply) {
  const calls: Call[] = [];
  const applied = new Map<string, number>();
  let inFlight = 0;
  let most = 0;
  const fetch = (async (url: string, init: RequestInit) => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    const headers = init.headers as Record<string, string>;
    const call = { url, method: init.method!, key: headers['idempotency-key']!, body: init.body ? JSON.parse(String(init.body)) : null };
    calls.push(call);
    const reply = script(call, calls.length);
    inFlight--;
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply.status < 300) applied.set(call.key, (applied.get(call.key) ?? 0) + 1);
    return new Response(JSON.stringify(reply.body ?? { ok: true }), { status: reply.status, headers: reply.headers });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls, applied, mostAtOnce: () => most };
}

let n = 0;
const open: OfflineQueue[] = [];
function queue(fetch: typeof globalThis.fetch, dbName = `queue-${++n}`, online = () => true) {
  const q = new OfflineQueue({ dbName, fetch, isOnline: online, backoff: () => 5, watchOnline: false });
  open.push(q);
  return q;
}
const scan = (personId: number, tag: string, extra: Record<string, unknown> = {}) => ({
  kind: 'count-scan',
  method: 'POST' as const,
  url: '/api/counts/1/scans',
  body: { tag },
  personId,
  meta: { tag },
  ...extra,
});
/** Waits until the queue has nothing it can send now. */
async function settled(q: OfflineQueue, until: () => boolean = () => true) {
  for (let i = 0; i < 400; i++) {
    await q.idle();
    if (until()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the queue did not settle');
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((q) => q.close()));
});

describe('the offline queue', () => {
  it('sends in the order the changes were made, one at a time, each with its own Idempotency-Key', async () => {
    const s = server(() => ({ status: 200 }));
    const q = queue(s.fetch);
    const sent: string[] = [];
    q.subscribe((e) => e.type === 'sent' && sent.push((e.entry.meta as { tag: string }).tag));
    for (const tag of ['A', 'B', 'C', 'D']) await q.add(scan(7, tag));
    q.setPerson(7);
    await settled(q, () => sent.length === 4);
    expect(s.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['A', 'B', 'C', 'D']);
    expect(sent).toEqual(['A', 'B', 'C', 'D']);
    expect(s.mostAtOnce()).toBe(1);
    expect(new Set(s.calls.map((c) => c.key)).size).toBe(4);
    expect(await q.entries()).toEqual([]);
  });

  it('sends nothing while offline, and everything once when the connection returns', async () => {
    let online = false;
    const s = server(() => ({ status: 200 }));
    const q = queue(s.fetch, undefined, () => online);
    q.setPerson(7);
    for (const tag of ['A', 'B', 'C']) await q.add(scan(7, tag));
    await settled(q);
    expect(s.calls).toEqual([]);
    expect(q.state).toBe('offline');
    expect((await q.entries(7)).map((e) => e.state)).toEqual(['waiting', 'waiting', 'waiting']);
    online = true;
    q.sendNow();
    await settled(q, () => s.calls.length === 3);
    expect([...s.applied.values()]).toEqual([1, 1, 1]);
    expect(q.state).toBe(null);
  });

  it('keeps an entry first in line and tries it again after a network failure or a server error, with the same key', async () => {
    const s = server((_call, i) => (i === 1 ? 'network' : i === 2 ? { status: 503 } : { status: 200 }));
    const q = queue(s.fetch);
    q.setPerson(7);
    await q.add(scan(7, 'A'));
    await q.add(scan(7, 'B'));
    await settled(q, () => s.calls.length === 4);
    expect(s.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['A', 'A', 'A', 'B']);
    expect(new Set(s.calls.slice(0, 3).map((c) => c.key)).size).toBe(1);
    expect(await q.entries()).toEqual([]);
  });

  it('is applied once when the answer was lost and the change is sent again with its key', async () => {
    // The server applies the first send but the phone never hears back; the resend is answered as the first time.
    const seen = new Set<string>();
    const s = server((call) => {
      if (!seen.has(call.key)) {
        seen.add(call.key);
        return 'network';
      }
      return { status: 200, body: { replayed: true } };
    });
    const q = queue(s.fetch);
    const answers: unknown[] = [];
    q.subscribe((e) => e.type === 'sent' && answers.push(e.answer));
    q.setPerson(7);
    await q.add(scan(7, 'A'));
    await settled(q, () => answers.length === 1);
    expect(s.calls.map((c) => c.key)).toEqual([s.calls[0]!.key, s.calls[0]!.key]);
    expect(answers).toEqual([{ replayed: true }]);
  });

  it('takes a refused entry out of the line and keeps it with the server’s words, sending the ones behind it', async () => {
    const s = server((call) =>
      (call.body as { tag: string }).tag === 'B'
        ? { status: 409, body: { error: { code: 'count_closed', message: 'Count CNT-1 is closed.' } } }
        : { status: 200 },
    );
    const q = queue(s.fetch);
    const events: QueueEvent['type'][] = [];
    q.subscribe((e) => events.push(e.type));
    q.setPerson(7);
    for (const tag of ['A', 'B', 'C']) await q.add(scan(7, tag));
    await settled(q, () => s.calls.length === 3);
    const left = await q.entries(7);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      state: 'refused',
      meta: { tag: 'B' },
      body: { tag: 'B' },
      refusal: { status: 409, code: 'count_closed', message: 'Count CNT-1 is closed.' },
    });
    expect(events.filter((t) => t !== 'changed')).toEqual(['sent', 'refused', 'sent']);
    // Retried, it goes again with a new key (the refusal was kept with the old one); discarded, it is gone.
    await q.retry(left[0]!.id);
    await settled(q, () => s.calls.length === 4);
    expect(s.calls[3]!.key).not.toBe(s.calls[1]!.key);
    await q.discard(left[0]!.id);
    expect(await q.entries()).toEqual([]);
  });

  it('holds the rest of a chain behind a refused entry, but not other entries', async () => {
    const s = server((call) =>
      call.url === '/api/jobs/1/start'
        ? { status: 409, body: { error: { code: 'conflict', message: 'Already started.' } } }
        : { status: 200 },
    );
    const q = queue(s.fetch);
    q.setPerson(7);
    await q.add({ kind: 'job-start', method: 'POST', url: '/api/jobs/1/start', personId: 7, chain: 'job:1' });
    await q.add({ kind: 'job-complete', method: 'POST', url: '/api/jobs/1/complete', personId: 7, chain: 'job:1' });
    await q.add(scan(7, 'A'));
    await settled(q, () => s.calls.length === 2);
    expect(s.calls.map((c) => c.url)).toEqual(['/api/jobs/1/start', '/api/counts/1/scans']);
    expect((await q.entries(7)).map((e) => [e.kind, e.state])).toEqual([
      ['job-start', 'refused'],
      ['job-complete', 'waiting'],
    ]);
    await q.discard((await q.entries(7))[0]!.id);
    await settled(q, () => s.calls.length === 3);
    expect(s.calls[2]!.url).toBe('/api/jobs/1/complete');
  });

  it('tries again, without refusing, what the server asks to be sent later or is still applying', async () => {
    const s = server((_c, i) =>
      i === 1
        ? { status: 429, body: { error: { code: 'rate_limited', message: 'Too many' } } }
        : i === 2
          ? { status: 409, body: { error: { code: 'conflict', message: 'still being applied' } }, headers: { 'retry-after': '1' } }
          : { status: 200 },
    );
    const q = queue(s.fetch);
    q.setPerson(7);
    await q.add(scan(7, 'A'));
    await settled(q, () => s.calls.length === 3);
    expect(await q.entries()).toEqual([]);
  });

  it('sends only the signed-in person’s entries, and stops without losing anything when the session is gone', async () => {
    let session = 7;
    const s = server(() =>
      session === 0 ? { status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in' } } } : { status: 200 },
    );
    const q = queue(s.fetch);
    await q.add(scan(7, 'MINE'));
    await q.add(scan(8, 'THEIRS'));
    q.setPerson(7);
    await settled(q, () => s.calls.length === 1);
    expect(s.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['MINE']);
    expect((await q.entries()).map((e) => e.personId)).toEqual([8]);
    // Signed out: kept, not sent.
    q.setPerson(null);
    await q.add(scan(7, 'LATER'));
    await settled(q);
    expect(s.calls).toHaveLength(1);
    // The session ended on the server: the entry stays waiting, the line stands still until a sign-in.
    session = 0;
    q.setPerson(7);
    await settled(q, () => q.state === 'signed-out');
    expect((await q.entries(7)).map((e) => e.state)).toEqual(['waiting']);
    session = 7;
    q.setPerson(8);
    await settled(q, () => s.calls.filter((c) => (c.body as { tag: string }).tag === 'THEIRS').length === 1);
    expect((await q.entries()).map((e) => (e.meta as { tag: string }).tag)).toEqual(['LATER']);
  });

  it('keeps its line across a new instance over the same IndexedDB (a reload), and sends each entry once', async () => {
    const offline = server(() => 'network');
    const first = queue(offline.fetch, 'queue-reload', () => false);
    first.setPerson(7);
    for (const tag of ['A', 'B', 'C']) await first.add(scan(7, tag));
    await first.close();

    const s = server(() => ({ status: 200 }));
    const second = queue(s.fetch, 'queue-reload');
    expect((await second.entries(7)).map((e) => (e.meta as { tag: string }).tag)).toEqual(['A', 'B', 'C']);
    second.setPerson(7);
    await settled(second, () => s.calls.length === 3);
    expect(s.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['A', 'B', 'C']);
    expect([...s.applied.values()]).toEqual([1, 1, 1]);
    expect(await second.entries()).toEqual([]);
  });

  it('keeps photos as Blobs and sends them as a multipart form', async () => {
    let form: FormData | null = null;
    const fetch = (async (_url: string, init: RequestInit) => {
      form = init.body as FormData;
      return new Response('{}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const q = queue(fetch, 'queue-photo', () => false);
    await q.add({
      kind: 'job-start',
      method: 'POST',
      url: '/api/repairs/1/start',
      personId: 7,
      parts: [
        { name: 'note', value: 'Before' },
        { name: 'proof', file: new Blob(['png'], { type: 'image/png' }), fileName: 'before.png' },
      ],
    });
    const [kept] = await q.entries(7);
    expect(kept!.parts![1]).toMatchObject({ name: 'proof', fileName: 'before.png' });
    await q.close();
    const again = queue(fetch, 'queue-photo');
    again.setPerson(7);
    await settled(again, () => form !== null);
    const sent = form as unknown as FormData;
    expect(sent.get('note')).toBe('Before');
    const file = sent.get('proof') as File;
    expect(file.name).toBe('before.png');
    expect(await file.text()).toBe('png');
  });

  it('neither opens nor creates its store on a device that never queued anything', async () => {
    const s = server(() => ({ status: 200 }));
    const q = queue(s.fetch, 'queue-never-used');
    q.setPerson(7);
    await settled(q);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('queue-never-used');
    await q.add(scan(7, 'A'));
    await settled(q, () => s.calls.length === 1);
    expect((await indexedDB.databases()).map((d) => d.name)).toContain('queue-never-used');
  });

  it('starts again at once, with the backoff from its start, when the browser says it is back online', async () => {
    // The page's window, for its `online` event only.
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    try {
      let reachable = false;
      const s = server(() => (reachable ? { status: 200 } : 'network'));
      const waits: number[] = [];
      // A minute between retries: only the `online` event can bring the next send within the test.
      const q = new OfflineQueue({
        dbName: 'queue-online',
        fetch: s.fetch,
        isOnline: () => true,
        backoff: (n) => (waits.push(n), 60_000),
        watchOnline: true,
      });
      open.push(q);
      q.setPerson(7);
      await q.add(scan(7, 'A'));
      await settled(q, () => s.calls.length === 1 && q.state === 'offline');
      // Still unreachable when the event comes: tried once more, and the next wait is the first one again.
      page.dispatchEvent(new Event('online'));
      await settled(q, () => s.calls.length === 2 && waits.length === 2);
      expect(waits).toEqual([1, 1]);
      reachable = true;
      page.dispatchEvent(new Event('online'));
      await settled(q, () => s.calls.length === 3 && q.state === null);
      expect(await q.entries()).toEqual([]);
      expect(new Set(s.calls.map((c) => c.key)).size).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps an entry waiting, with its key, when the server answers 409 with Retry-After, and refuses a plain 409', async () => {
    let busy = true;
    const s = server((call) =>
      (call.body as { tag: string }).tag === 'B'
        ? { status: 409, body: { error: { code: 'conflict', message: 'Taken.' } } }
        : busy
          ? {
              status: 409,
              body: { error: { code: 'conflict', message: 'This change is still being applied.' } },
              headers: { 'retry-after': '1' },
            }
          : { status: 200 },
    );
    const q = queue(s.fetch);
    q.setPerson(7);
    await q.add(scan(7, 'A'));
    await settled(q, () => s.calls.length >= 2);
    expect((await q.entries(7)).map((e) => e.state)).toEqual(['waiting']);
    busy = false;
    await q.add(scan(7, 'B'));
    await settled(q, () => s.calls.some((c) => (c.body as { tag: string }).tag === 'B'));
    const calls = s.calls.filter((c) => (c.body as { tag: string }).tag === 'A');
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect((await q.entries(7)).map((e) => [(e.meta as { tag: string }).tag, e.state])).toEqual([['B', 'refused']]);
  });
});
