import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../freshDatabase';
import { eventually } from '../helpers';
import { clientOf, startServer, type ServerProcess } from '../serverProcess';

// `npm start` with WORKERS=3: three processes on one port, on PostgreSQL when the run has one (else SQLite).
describe('several worker processes', () => {
  let server: ServerProcess;
  let dropDb: (() => Promise<void>) | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-workers-'));

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    const pgDb = serverUrl ? await freshPostgres(serverUrl, 'gso_workers') : null;
    dropDb = pgDb?.drop;
    // Every worker finds the day's reminder run due the moment it starts: they race for it.
    server = await startServer({ WORKERS: '3', DATA_DIR: dir, DATABASE_URL: pgDb?.url ?? '', REMINDER_TIME: '00:00' });
    await eventually(() => server.output().includes('3 worker processes'), 30_000);
  }, 150_000);

  afterAll(async () => {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await dropDb?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('honours a session made through one worker in every other', async () => {
    // Each request on a new connection, so the cluster hands them to different workers.
    const admin = clientOf(server.base);
    expect((await admin.login('admin@campus.test', 'admin123', 'admin')).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      const me = await admin.call('/api/auth/me');
      expect(me.status).toBe(200);
      expect((await me.json()).account.email).toBe('admin@campus.test');
    }
    // Each log line names its process: the nine answers came from all three.
    const served = new Set(
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/api/auth/me"'))
        .map((l) => JSON.parse(l).pid as number),
    );
    expect(served.size).toBe(3);
  }, 60_000);

  it('sends the morning reminders once, though all three workers found them due at the same moment', async () => {
    const admin = clientOf(server.base);
    await admin.login('admin@campus.test', 'admin123', 'admin');
    const schedule = async () => (await admin.call('/api/borrow-records/reminders')).json();
    await eventually(async () => (await schedule()).lastRun !== null, 20_000);
    // On a day the demo's office calendar closes (a weekend, a holiday) the run is claimed and sends nothing.
    const { lastRun } = await schedule();
    if (!lastRun.officeClosed) expect(lastRun.borrowers).toBeGreaterThan(0);
    const student = clientOf(server.base);
    await student.login('student@campus.test', 'student123', 'user');
    const bell = await (await student.call('/api/notifications')).json();
    expect(bell.items.filter((n: { title: string }) => n.title === 'Items due back')).toHaveLength(lastRun.officeClosed ? 0 : 1);
  }, 60_000);

  it('counts sign-in failures across all workers', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await clientOf(server.base).login('student@campus.test', 'wrong-password', 'user')).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it('stops gracefully on SIGTERM: every worker finishes and the whole server exits cleanly', async () => {
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await fetch(`${server.base}/api/health`).catch(() => null)).toBeNull();
  }, 30_000);
});
