import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { todayIn, addDays } from '../../core/time';
import { freshPostgres } from '../freshDatabase';
import { FILES } from '../helpers';
import { clientOf, openEveryDayOn, startServer } from '../serverProcess';

// The server killed with SIGKILL in the middle of a burst of approvals and returns: after a
// restart every answered write is there, the database opens cleanly, stock adds up and every proof is whole.
describe('a crash in the middle of work', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-crash-'));
  let dropDb: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropDb?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loses no answered write', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    const pgDb = serverUrl ? await freshPostgres(serverUrl, 'gso_crash') : null;
    dropDb = pgDb?.drop;
    const env = { DATA_DIR: dir, DATABASE_URL: pgDb?.url ?? '' };
    let server = await startServer(env);
    await openEveryDayOn(server.base);
    const admin = clientOf(server.base);
    const faculty = clientOf(server.base);
    expect((await admin.login('admin@campus.test', 'admin123', 'admin')).status).toBe(200);
    expect((await faculty.login('faculty@campus.test', 'faculty123', 'user')).status).toBe(200);
    const chairs = async () => {
      const list = await (await admin.call('/api/items?search=Monobloc&pageSize=10')).json();
      return list.items.find((i: { name: string }) => i.name === 'Monobloc Chair') as { id: number; quantity: number };
    };
    const chair = await chairs();
    const today = todayIn('Asia/Manila');

    // 40 requests of 2 chairs; the first 20 approved before the burst.
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await faculty.call('/api/borrow-requests', {
        method: 'POST',
        body: JSON.stringify({
          purpose: `Crash drill ${i}`,
          dateNeeded: today,
          dateExpectedReturn: addDays(today, 3),
          items: [{ itemId: chair.id, quantity: 2 }],
        }),
      });
      expect(res.status).toBe(201);
      ids.push((await res.json()).request.id);
    }
    const approve = (id: number) =>
      admin.call(`/api/borrow-requests/${id}/approve`, { method: 'POST', body: JSON.stringify({ items: [chair.id] }) });
    for (const id of ids.slice(0, 20)) expect((await approve(id)).status).toBe(200);

    // The burst: the other 20 approved while the first 20 are returned with proof photos, 8 at a time.
    const work = [
      ...ids.slice(20).map((id) => ({ kind: 'approve' as const, id })),
      ...ids.slice(0, 20).map((id) => ({ kind: 'return' as const, id })),
    ].sort((a, b) => (a.id % 7) - (b.id % 7));
    const answered = { approve: [] as number[], return: [] as number[] };
    let killed = false;
    const run = async (step: (typeof work)[number]) => {
      const res =
        step.kind === 'approve'
          ? await approve(step.id)
          : await faculty.call(`/api/borrow-requests/${step.id}/return`, {
              method: 'POST',
              body: (() => {
                const form = new FormData();
                form.append('proof', new Blob([FILES.png], { type: 'image/png' }), 'proof.png');
                return form;
              })(),
            });
      if (res.status === 200) answered[step.kind].push(step.id);
      if (!killed && answered.approve.length + answered.return.length >= 15) {
        killed = true;
        server.process.kill('SIGKILL');
      }
    };
    const queue = [...work];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (queue.length && !killed) await run(queue.shift()!).catch(() => {});
      }),
    );
    await server.exited;
    expect(answered.approve.length + answered.return.length).toBeGreaterThanOrEqual(15);
    expect(answered.approve.length + answered.return.length).toBeLessThan(40);

    if (!pgDb) {
      const db = new SQLite(path.join(dir, 'gso.sqlite'));
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    }

    server = await startServer(env);
    try {
      const office = clientOf(server.base);
      await office.login('admin@campus.test', 'admin123', 'admin');
      const statusOf = async (id: number) => (await (await office.call(`/api/borrow-requests/${id}`)).json()).request.status as string;
      const statuses = new Map(await Promise.all(ids.map(async (id) => [id, await statusOf(id)] as const)));
      for (const id of answered.approve) expect(statuses.get(id), `approval of ${id}`).toBe('approved');
      for (const id of answered.return) expect(statuses.get(id), `return of ${id}`).toBe('returned');
      // Every return the database holds, answered or cut off, points at a whole proof photo.
      for (const [id, status] of statuses) {
        if (status !== 'returned') continue;
        const proof = await office.call(`/api/borrow-requests/${id}/proof`);
        expect(proof.status, `proof of ${id}`).toBe(200);
        expect(await sharp(Buffer.from(await proof.arrayBuffer())).stats(), `proof of ${id} decodes`).toBeTruthy();
      }
      // Stock adds up: what is on the shelf plus what our requests have out is what there was.
      const out = [...statuses.values()].filter((s) => s === 'approved' || s === 'returned').length * 2;
      const list = await (await office.call('/api/items?search=Monobloc&pageSize=10')).json();
      const after = list.items.find((i: { name: string }) => i.name === 'Monobloc Chair').quantity;
      expect(after + out).toBe(chair.quantity);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);
});
