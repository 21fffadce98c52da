import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { freshPostgres } from '../freshDatabase';
import { eventually } from '../helpers';
import { clientOf, startServer, type ServerProcess } from '../serverProcess';
import { startReceiver, type Receiver } from '../webhookReceiver';

// `npm start` with WORKERS=3, on PostgreSQL when the run has one (else SQLite): every process runs the sender, and
// each event still arrives once (docs/decisions/webhooks.md).
describe('webhook deliveries with three worker processes', () => {
  let server: ServerProcess;
  let receiver: Receiver;
  let dropDb: (() => Promise<void>) | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-hooks-'));

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    const pgDb = serverUrl ? await freshPostgres(serverUrl, 'gso_hooks') : null;
    dropDb = pgDb?.drop;
    receiver = await startReceiver();
    server = await startServer({ WORKERS: '3', DATA_DIR: dir, DATABASE_URL: pgDb?.url ?? '' });
    await eventually(() => server.output().includes('3 worker processes'), 30_000);
  }, 150_000);

  afterAll(async () => {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await receiver.close();
    await dropDb?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends each event once, whichever process wrote it and however many look for work', async () => {
    const admin = clientOf(server.base);
    expect((await admin.login('admin@campus.test', 'admin123', 'admin')).status).toBe(200);
    const post = async (url: string, body: object, status = 200) => {
      const res = await admin.call(url, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status, await res.clone().text()).toBe(status);
      return res.json();
    };
    const allowed = await admin.call('/api/webhooks/allowed-hosts', { method: 'PUT', body: JSON.stringify({ hosts: '127.0.0.1' }) });
    expect(allowed.status).toBe(200);
    const { secret } = await post(
      '/api/webhooks',
      { url: receiver.url, description: 'Three workers', allEvents: false, events: ['account.approved'] },
      201,
    );

    // Six calls, each on a new connection (so spread over the workers), each approving ten new accounts.
    const CALLS = 6;
    const PER_CALL = 10;
    await Promise.all(
      Array.from({ length: CALLS }, (_, c) =>
        post('/api/accounts/bulk', {
          approve: true,
          accounts: Array.from({ length: PER_CALL }, (_, i) => ({
            role: 'student',
            fullName: `Worker Test ${c}-${i}`,
            email: `worker${c}-${i}@campus.test`,
            contactNumber: '09170000000',
          })),
        }),
      ),
    );
    const total = CALLS * PER_CALL;
    // Each send follows a claim, and each claim counts an attempt: every delivery delivered at its first attempt
    // means no process claimed one another had, so nothing more can come.
    const { items } = await (await admin.call('/api/webhooks')).json();
    const log = async () =>
      (await (await admin.call(`/api/webhooks/${items[0].id}/deliveries?pageSize=100`)).json()).items as {
        status: string;
        attempts: number;
      }[];
    await eventually(async () => (await log()).filter((d) => d.status === 'delivered').length === total, 40_000);
    expect((await log()).map((d) => d.attempts)).toEqual(Array(total).fill(1));
    expect(receiver.received).toHaveLength(total);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(total);
    const emails = receiver.received.map((r) => (new Webhook(secret).verify(r.body, r.headers) as { data: { email: string } }).data.email);
    expect(new Set(emails).size).toBe(total);
  }, 120_000);
});
