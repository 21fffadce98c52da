import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../server/lib/dailyJobs';
import { repairEscalation } from '../../server/modules/repairs/escalation';
import { MSG } from '../../core/messages';
import { login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Escalation by itself (docs/decisions/repair-deadlines.md), with a clock the test sets: the person assigned hears
 * of their jobs due soon, the office of the overdue ones, one digest each per run, each level once per deadline,
 * the hour claimed once whatever the number of runs. On SQLite and, with DATABASE_URL, PostgreSQL.
 */
describe('repair escalation', () => {
  let app: TestApp;
  let faculty: string;
  let admin: string;
  let plumberId: number;

  beforeAll(async () => {
    app = await makeApp();
    [faculty, admin] = await Promise.all([loginAs(app, 'faculty'), loginAs(app, 'admin')]);
    await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    plumberId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'plumber@campus.test').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => app.close());

  const report = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: faculty },
      payload: {
        building: 'Science Building',
        room: 'Chem Lab 2',
        priority: 'high',
        day: 'Wednesday',
        timeStart: '09:00',
        timeEnd: '11:00',
        issueDescription: 'The eyewash station does not run',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { id: number; code: string };
  };
  const assign = (id: number) =>
    app.inject({
      method: 'POST',
      url: `/api/repairs/${id}/assign`,
      headers: { cookie: admin },
      payload: { assignedTo: plumberId, estimatedCost: null, adminNotes: '' },
    });
  const set = (id: number, v: Record<string, string | null>) =>
    app.ctx.db.updateTable('repair_reports').set(v).where('id', '=', id).execute();
  const noticesOf = (email: string) =>
    app.ctx.db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select(['notifications.title', 'notifications.message'])
      .where('accounts.email', '=', email)
      .where((eb) => eb.or([eb('notifications.title', 'like', '%due soon'), eb('notifications.title', 'like', '%overdue')]))
      .orderBy('notifications.id')
      .execute();

  it('tells each level once per deadline, in one digest per person per run, and claims each hour once', async () => {
    // Stop the demo's own reports from joining in: none of them is due in this test's hours.
    await app.ctx.db.updateTable('repair_reports').set({ respond_by: null, respond_soon: null, fix_by: null, fix_soon: null }).execute();
    const now = new Date(Date.UTC(2031, 2, 12, 3, 30)); // a fixed instant, whatever the hour the test runs
    const iso = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    const [soon, late, unassigned, held, done] = [await report(), await report(), await report(), await report(), await report()];
    for (const r of [soon, late, held, done]) expect((await assign(r.id)).statusCode).toBe(200);
    await set(soon.id, { fix_soon: iso(-10), fix_by: iso(60) });
    await set(late.id, { fix_soon: iso(-200), fix_by: iso(-5) });
    await set(unassigned.id, { respond_soon: iso(-100), respond_by: iso(-1) });
    await set(held.id, { fix_soon: iso(-200), fix_by: iso(-5), held_at: iso(-300), hold_reason: 'Waiting for parts' });
    await set(done.id, { fix_soon: iso(-200), fix_by: iso(-5), status: 'completed', completed_at: iso(-1) });

    const job = [repairEscalation(app.ctx)];
    const tz = app.ctx.config.campusTimeZone;
    const [first, second] = await Promise.all([runDueJobs(app.ctx.db, tz, job, now), runDueJobs(app.ctx.db, tz, job, now)]);
    expect([...first, ...second]).toEqual(['repair_escalation']);

    const plumber = await noticesOf('plumber@campus.test');
    expect(plumber).toHaveLength(1);
    expect(plumber[0].title).toBe('Repair due soon');
    expect(plumber[0].message).toContain(soon.code);
    for (const email of ['admin@campus.test', 'staff@campus.test']) {
      const office = await noticesOf(email);
      expect(office).toHaveLength(1);
      expect(office[0].title).toBe('2 repairs overdue');
      expect(office[0].message).toContain(late.code);
      expect(office[0].message).toContain(`${unassigned.code} at Science Building - Chem Lab 2: to be assigned by`);
      expect(office[0].message).not.toContain(held.code);
      expect(office[0].message).not.toContain(done.code);
    }

    // The run is the system's in the Activity Log and the office's bell, not a "Deleted user"'s.
    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: { cookie: admin } })).json();
    const logged = (await get('/api/activity/audit?type=repair_escalation')).items;
    expect(logged.length).toBeGreaterThan(0);
    for (const e of logged) expect(e.actorName).toBe(MSG.systemActor);
    const bell = (await get('/api/notifications')).items.filter((n: { message: string }) => n.message.startsWith('Repair deadlines:'));
    expect(bell.length).toBeGreaterThan(0);
    for (const n of bell) expect(n.title).toBe(MSG.systemActor);
    const csv = await app.inject({ method: 'GET', url: '/api/activity/audit.csv?type=repair_escalation', headers: { cookie: admin } });
    expect(csv.body).toContain(MSG.systemActor);
    expect(csv.body).not.toContain(MSG.deletedUser);

    // The next hour: nothing new to tell. The soon job is now overdue: the office hears of it, once.
    expect(await runDueJobs(app.ctx.db, tz, job, new Date(now.getTime() + 30 * 60_000))).toEqual(['repair_escalation']);
    expect(await noticesOf('admin@campus.test')).toHaveLength(1);
    expect(await runDueJobs(app.ctx.db, tz, job, new Date(now.getTime() + 90 * 60_000))).toEqual(['repair_escalation']);
    const office = await noticesOf('admin@campus.test');
    expect(office).toHaveLength(2);
    expect(office[1].title).toBe('Repair overdue');
    expect(office[1].message).toContain(soon.code);

    // A deadline moved on (a resume, a new priority) is told again: due soon to the plumber, then overdue.
    await set(late.id, { fix_soon: iso(140), fix_by: iso(200) });
    await runDueJobs(app.ctx.db, tz, job, new Date(now.getTime() + 150 * 60_000));
    const toldAgain = await noticesOf('plumber@campus.test');
    expect(toldAgain).toHaveLength(2);
    expect(toldAgain[1].message).toContain(late.code);
    await runDueJobs(app.ctx.db, tz, job, new Date(now.getTime() + 210 * 60_000));
    const again = await noticesOf('admin@campus.test');
    expect(again).toHaveLength(3);
    expect(again[2].message).toContain(late.code);
  });
});
