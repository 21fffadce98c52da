import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { HOUSEKEEPING_JOB, SAVED_REPORTS_JOB } from '../../server/jobs';
import { createScheduler, everyMinutes, type ScheduledJob } from '../../server/lib/scheduler';
import { loginAs, makeApp, type TestApp } from '../helpers';

const quiet = { error: () => {} } as unknown as FastifyBaseLogger;
// A fixed instant (11:30 in Manila), whatever the day the test runs; each test moves on from it.
const at = (minutes: number) => new Date(Date.UTC(2031, 2, 12, 3, 30) + minutes * 60_000);

describe('the job runner', () => {
  let app: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    app = await makeApp({ env: { METRICS: 'admin', REMINDER_TIME: '08:00' } });
    // A second app process on the same database, as with several workers or machines.
    other = await buildApp({ config: app.ctx.config, logger: false });
  });
  afterAll(async () => {
    await other.close();
    await app.close();
  });

  it('runs each job once per period, whichever of two apps on one database gets there first', async () => {
    let runs = 0;
    const counted = (): ScheduledJob[] => [everyMinutes('counted', 10, async () => void runs++)];
    const [a, b] = [createScheduler(app.ctx.db, counted, quiet), createScheduler(other.ctx.db, counted, quiet)];
    const ticks = await Promise.all([a.runDue(at(0)), b.runDue(at(0)), a.runDue(at(1)), b.runDue(at(2))]);
    expect(ticks.flat()).toEqual(['counted']);
    expect(runs).toBe(1);
    // The next ten minutes are a new period: run once again. An earlier period is never run after a later one.
    const next = await Promise.all([b.runDue(at(10)), a.runDue(at(11)), a.runDue(at(5))]);
    expect(next.flat()).toEqual(['counted']);
    expect(runs).toBe(2);

    // The app's own jobs: the daily ones, the hourly escalation, the saved reports and the housekeeping, once each.
    // (At once on PostgreSQL; one after the other on SQLite, whose driver would wait for the other app's transaction
    // without letting this process finish it: two processes do not share that wait.)
    const [mine, theirs] =
      app.ctx.dialect === 'postgres'
        ? await Promise.all([app.ctx.jobs.runDue(at(0)), other.ctx.jobs.runDue(at(0))])
        : [await app.ctx.jobs.runDue(at(0)), await other.ctx.jobs.runDue(at(0))];
    expect([...mine, ...theirs].sort()).toEqual(
      [
        'housekeeping',
        'overdue_events',
        'reorder_digest',
        'repair_escalation',
        'reservation_release',
        'return_reminders',
        'saved_reports',
      ].sort(),
    );
    expect(await other.ctx.jobs.runDue(at(1))).toEqual([SAVED_REPORTS_JOB]);
    expect((await app.ctx.jobs.runDue(at(31))).sort()).toEqual([HOUSEKEEPING_JOB, 'repair_escalation', SAVED_REPORTS_JOB].sort());
  });

  it('records a failed run, tries its period again after a pause, and tells administrators and /metrics', async () => {
    let attempts = 0;
    const flaky = (): ScheduledJob[] => [
      everyMinutes(HOUSEKEEPING_JOB, 10, async () => {
        if (++attempts === 1) throw new Error('disk full');
      }),
    ];
    const runner = createScheduler(app.ctx.db, flaky, quiet);
    expect(await runner.runDue(at(100))).toEqual([HOUSEKEEPING_JOB]);
    // Not again at once: after a pause.
    expect(await runner.runDue(at(101))).toEqual([]);
    expect(attempts).toBe(1);

    const admin = await loginAs(app, 'admin');
    const jobsSeen = async () =>
      (await app.inject({ method: 'GET', url: '/api/site/jobs', headers: { cookie: admin } })).json().jobs as Record<string, unknown>[];
    const failed = (await jobsSeen()).find((j) => j.name === HOUSEKEEPING_JOB)!;
    expect(failed).toMatchObject({ label: expect.stringContaining('Housekeeping'), lastError: 'disk full', failures: 1 });
    expect(failed.lastFailureAt).toEqual(expect.any(String));
    const metrics = (await app.inject({ method: 'GET', url: '/metrics', headers: { cookie: admin } })).body;
    expect(metrics).toContain('gso_job_failures{job="housekeeping"} 1');
    expect(metrics).toMatch(/gso_job_last_success_seconds\{job="saved_reports"\} [1-9]/);

    // The same ten minutes, tried again after the pause; then done for them.
    expect(await runner.runDue(at(106))).toEqual([HOUSEKEEPING_JOB]);
    expect(attempts).toBe(2);
    expect(await runner.runDue(at(108))).toEqual([]);
    const recovered = (await jobsSeen()).find((j) => j.name === HOUSEKEEPING_JOB)!;
    expect(recovered).toMatchObject({ lastError: null, failures: 1, lastSuccessAt: expect.any(String) });
  });

  it('shows the jobs, with their next run, to administrators only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site/jobs', headers: { cookie: await loginAs(app, 'admin') } });
    expect(res.statusCode).toBe(200);
    const reminders = res.json().jobs.find((j: { name: string }) => j.name === 'return_reminders');
    expect(reminders).toMatchObject({ label: 'Return reminders', every: 'Daily, at the reminder time' });
    expect(reminders.nextRunAt).toEqual(expect.any(String));
    // Run on the test's day at 11:30: next due the day after at 08:00 (Manila), the escalation at the next hour.
    const next = Object.fromEntries((await app.ctx.jobs.status(at(0))).map((j) => [j.name, j.nextRunAt]));
    expect(next).toMatchObject({ return_reminders: '2031-03-13T00:00:00.000Z', repair_escalation: '2031-03-12T04:00:00.000Z' });
    // A period not yet run is due now: housekeeping's next ten minutes, not yet claimed.
    const later = (await app.ctx.jobs.status(at(130))).find((j) => j.name === 'housekeeping')!;
    expect(later).toMatchObject({ due: true, nextRunAt: at(130).toISOString() });
    expect((await app.inject({ method: 'GET', url: '/api/site/jobs' })).statusCode).toBe(401);
    for (const who of ['staff', 'student', 'personnel'] as const) {
      const refused = await app.inject({ method: 'GET', url: '/api/site/jobs', headers: { cookie: await loginAs(app, who) } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toEqual(expect.any(String));
    }
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/site/jobs'].get['x-roles']).toEqual(['admin']);
  });

  it("runs a job's work at once for an administrator in development, outside its period and without taking it", async () => {
    const admin = { cookie: await loginAs(app, 'admin') };
    const before = (await app.ctx.jobs.status()).find((j) => j.name === 'reorder_digest')!;
    const res = await app.inject({ method: 'POST', url: '/api/dev/jobs/reorder_digest/run', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ran: 'reorder_digest' });
    // Its period is left as it was: the morning's run still comes.
    expect((await app.ctx.jobs.status()).find((j) => j.name === 'reorder_digest')).toEqual(before);
    const unknown = await app.inject({ method: 'POST', url: '/api/dev/jobs/no_such_job/run', headers: admin });
    expect(unknown.statusCode).toBe(404);
    const staff = await app.inject({
      method: 'POST',
      url: '/api/dev/jobs/reorder_digest/run',
      headers: { cookie: await loginAs(app, 'staff') },
    });
    expect(staff.statusCode).toBe(403);
    // Not in production: the route is not there (unauthenticated, so a route that existed would answer 401).
    const production = await makeApp({ env: { NODE_ENV: 'production', COOKIE_SECURE: 'true' } });
    try {
      expect((await production.inject({ method: 'POST', url: '/api/dev/jobs/reorder_digest/run' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('a job running when the app is told to stop ends, and is recorded, before the database closes', async () => {
    // A job caught by the stop: the runner waits for it, starts no other, and records its success.
    const order: string[] = [];
    let started!: () => void;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = (): ScheduledJob[] => [
      everyMinutes('slow', 10, async () => {
        started();
        await released;
        order.push('slow done');
      }),
      everyMinutes('after', 10, async () => void order.push('after ran')),
    ];
    const runner = createScheduler(app.ctx.db, slow, quiet);
    const stop = runner.start();
    await running;
    stop();
    const finished = runner.finished().then(() => order.push('finished'));
    release();
    await finished;
    expect(order).toEqual(['slow done', 'finished']);
    const row = await app.ctx.db.selectFrom('scheduled_jobs').selectAll().where('job', '=', 'slow').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ error: null, succeeded_at: expect.any(String) });

    // Closing an app waits for its runner's runs before it closes the database.
    const twin = await buildApp({ config: app.ctx.config, logger: false });
    const closing: string[] = [];
    twin.ctx.jobs.finished = async () => {
      await Promise.resolve();
      closing.push('jobs finished');
    };
    const destroy = twin.ctx.db.destroy.bind(twin.ctx.db);
    twin.ctx.db.destroy = async () => {
      closing.push('database closed');
      await destroy();
    };
    await twin.close();
    expect(closing).toEqual(['jobs finished', 'database closed']);
  });
});
