import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARGETS, deadlinesOf } from '../../core/repairs/deadlines';
import { DEFAULT_WEEK } from '../../core/site/calendar';
import { workingMinutesBetween } from '../../core/site/workingTime';
import { MSG } from '../../core/messages';
import { FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * Repair deadlines (docs/decisions/repair-deadlines.md): the targets per priority, each report's deadlines stamped
 * in working time, and the lists sorted and narrowed by what is due. On SQLite and, with DATABASE_URL, PostgreSQL.
 */
describe('repair deadlines', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let faculty: string;
  let plumberId: number;
  let plumber: string;
  let electrician: string;
  let student: string;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, faculty, electrician, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'faculty'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
    ]);
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    plumberId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'plumber@campus.test').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => app.close());

  const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as any });
  const FORM = {
    building: 'Science Building',
    room: 'Chem Lab 2',
    priority: 'high',
    day: 'Wednesday',
    timeStart: '09:00',
    timeEnd: '11:00',
    issueDescription: 'The fume hood fan stopped',
  };
  const report = async (over: Record<string, unknown> = {}) => {
    const res = await send(faculty, 'POST', '/api/repairs', { ...FORM, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as {
      id: number;
      dateReported: string;
      respondBy: string;
      respondSoon: string;
      fixBy: string;
      fixSoon: string;
    };
  };
  const weekdays = { week: DEFAULT_WEEK, closures: [] };
  const tz = () => app.ctx.config.campusTimeZone;

  it('anyone reads the targets; only administrators change them, whole and within bounds, with a feed entry', async () => {
    expect((await send(null, 'GET', '/api/repairs/targets')).json()).toEqual(DEFAULT_TARGETS);
    const mine = { ...DEFAULT_TARGETS, high: { respond: { amount: 2, unit: 'hours' }, fix: { amount: 2, unit: 'days' } } };
    for (const who of [staff, faculty]) expect((await send(who, 'PUT', '/api/repairs/targets', mine)).statusCode).toBe(403);
    expect((await send(null, 'PUT', '/api/repairs/targets', mine)).statusCode).toBe(401);
    const bad = await send(admin, 'PUT', '/api/repairs/targets', {
      ...mine,
      low: { respond: { amount: 0, unit: 'days' }, fix: mine.high.fix },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/whole number/);
    for (const hostile of [
      { ...mine, low: null },
      { ...mine, high: { respond: { amount: '2', unit: 'hours' }, fix: mine.high.fix } },
      { ...mine, medium: [] },
    ])
      expect((await send(admin, 'PUT', '/api/repairs/targets', hostile)).statusCode).toBe(400);
    const saved = await send(admin, 'PUT', '/api/repairs/targets', mine);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Repair targets saved.');
    expect((await send(null, 'GET', '/api/repairs/targets')).json()).toEqual(mine);
    const entry = await app.ctx.db.selectFrom('activity').select('description').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.description).toContain('set the repair targets: High: respond within 2 working hours, fix within 2 working days');
    await send(admin, 'PUT', '/api/repairs/targets', DEFAULT_TARGETS);
  });

  it('stamps a new report with its deadlines in the office hours, and a priority change counts them again', async () => {
    await send(admin, 'PUT', '/api/site/calendar/hours', DEFAULT_WEEK);
    try {
      const r = await report();
      const made = new Date(r.dateReported);
      // 4 working hours to respond, within Monday-Friday 8:00-17:00, whatever the day and hour the test runs.
      expect(workingMinutesBetween(made, new Date(r.respondBy), weekdays, tz())).toBe(240);
      expect(workingMinutesBetween(made, new Date(r.respondSoon), weekdays, tz())).toBe(180);
      expect(r).toMatchObject(deadlinesOf(made, 'high', DEFAULT_TARGETS, weekdays, tz()));
      const edited = await send(faculty, 'PUT', `/api/repairs/${r.id}`, { ...FORM, priority: 'low' });
      expect(edited.statusCode, edited.body).toBe(200);
      const low = edited.json().report;
      expect(low).toMatchObject(deadlinesOf(made, 'low', DEFAULT_TARGETS, weekdays, tz()));
      expect(workingMinutesBetween(made, new Date(low.respondBy), weekdays, tz())).toBe(3 * 9 * 60);
      // An edit that keeps the priority keeps the promise made.
      await app.ctx.db.updateTable('repair_reports').set({ respond_by: '2030-01-01T00:00:00.000Z' }).where('id', '=', r.id).execute();
      const same = await send(faculty, 'PUT', `/api/repairs/${r.id}`, {
        ...FORM,
        priority: 'low',
        issueDescription: 'The fume hood fan hums',
      });
      expect(same.json().report.respondBy).toBe('2030-01-01T00:00:00.000Z');
    } finally {
      await send(
        admin,
        'PUT',
        '/api/site/calendar/hours',
        Object.fromEntries(Object.keys(DEFAULT_WEEK).map((d) => [d, { open: '07:00', close: '19:00' }])),
      );
    }
  });

  it('sorts the office list by the deadline that runs now and narrows it to overdue or due soon', async () => {
    const [a, b, c, d] = [await report(), await report(), await report(), await report()];
    const set = (id: number, v: Record<string, string | null>) =>
      app.ctx.db.updateTable('repair_reports').set(v).where('id', '=', id).execute();
    const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // a: response overdue; b: response due soon; c: assigned, so its fix runs, overdue; d: on track.
    await set(a.id, { respond_by: ago(2), respond_soon: ago(3) });
    await set(b.id, { respond_by: ago(-2), respond_soon: ago(1) });
    const assigned = await send(admin, 'POST', `/api/repairs/${c.id}/assign`, {
      assignedTo: plumberId,
      estimatedCost: null,
      adminNotes: '',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const cFixBy = ago(1);
    await set(c.id, { respond_by: ago(-100), fix_by: cFixBy, fix_soon: ago(5) });
    await set(d.id, { respond_by: ago(-50), respond_soon: ago(-40) });
    const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((r) => r.id);
    const mine = [a.id, b.id, c.id, d.id];

    const overdue = await send(staff, 'GET', '/api/repairs?due=overdue&pageSize=50');
    expect(overdue.statusCode, overdue.body).toBe(200);
    expect(
      ids(overdue)
        .filter((id: number) => mine.includes(id))
        .sort(),
    ).toEqual([a.id, c.id].sort());
    expect(overdue.json().counts.all).toBe(overdue.json().total);
    const soon = await send(staff, 'GET', '/api/repairs?due=soon&pageSize=50');
    expect(ids(soon).filter((id: number) => mine.includes(id))).toEqual([b.id]);

    const byDue = ids(await send(staff, 'GET', '/api/repairs?sort=due&pageSize=50')).filter((id: number) => mine.includes(id));
    expect(byDue).toEqual([a.id, c.id, b.id, d.id]);
    // The same order when searching, on the assigned person's list, and a completed report is never overdue.
    const searched = ids(await send(staff, 'GET', '/api/repairs?sort=due&search=fume&pageSize=50')).filter((id: number) =>
      mine.includes(id),
    );
    expect(searched).toEqual([a.id, c.id, b.id, d.id]);
    // The schedule marks an overdue job by its fix-by time: its Wednesday slot (the form's day) carries it.
    const week = (await send(staff, 'GET', '/api/schedule')).json() as { days: { day: string; date: string }[] };
    const wednesday = week.days.find((day) => day.day === 'Wednesday')!.date;
    const day = (await send(staff, 'GET', `/api/schedule/day?date=${wednesday}&pageSize=100`)).json();
    const slot = (day.items as { key: string; fixBy: string | null }[]).find((i) => i.key === `repair-${c.id}`);
    expect(slot?.fixBy).toBe(cFixBy);
    await set(a.id, { status: 'completed', completed_at: ago(0) });
    expect(ids(await send(staff, 'GET', '/api/repairs?due=overdue&pageSize=50'))).not.toContain(a.id);
    for (const bad of ['sort=soonest', 'due=late', 'due=overdue&sort=1'])
      expect((await send(staff, 'GET', `/api/repairs?${bad}`)).statusCode).toBe(400);
  });

  it('on hold stops the clock with a reason the reporter is told; the work waits; resuming moves the deadlines on', async () => {
    const r = await report();
    const assigned = await send(admin, 'POST', `/api/repairs/${r.id}/assign`, {
      assignedTo: plumberId,
      estimatedCost: null,
      adminNotes: '',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const hold = (who: string, body: unknown = { reason: 'Waiting for parts' }) => send(who, 'POST', `/api/repairs/${r.id}/hold`, body);
    for (const who of [faculty, student]) expect((await hold(who)).statusCode).toBe(403);
    expect((await hold(electrician)).statusCode).toBe(404); // not theirs
    const blank = await hold(plumber, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MSG.holdReasonRequired);
    expect((await hold(plumber, { reason: 'x'.repeat(201) })).json().error.message).toBe(MSG.holdReasonTooLong(200));

    const held = await hold(plumber);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().report.onHold).toMatchObject({ reason: 'Waiting for parts' });
    expect((await hold(staff)).json().error.code).toBe('on_hold');
    const notice = await app.ctx.db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select(['notifications.title', 'notifications.message'])
      .where('accounts.email', '=', 'faculty@campus.test')
      .orderBy('notifications.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ title: 'Repair on hold' });
    expect(notice.message).toContain('Waiting for parts');

    // The work waits for the resume, and the report is never overdue while it waits (held two days, due an hour ago).
    const heldAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const oldFixBy = new Date(Date.now() - 3_600_000).toISOString();
    const body = multipart({}, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    const started = await app.inject({
      method: 'POST',
      url: `/api/repairs/${r.id}/start`,
      headers: { cookie: plumber, ...body.headers },
      payload: body.payload,
    });
    expect(started.statusCode).toBe(409);
    expect(started.json().error).toMatchObject({ code: 'on_hold', message: MSG.repairOnHold('Waiting for parts') });
    await app.ctx.db.updateTable('repair_reports').set({ fix_by: oldFixBy, held_at: heldAt }).where('id', '=', r.id).execute();
    expect((await send(staff, 'GET', '/api/repairs?due=overdue&pageSize=100')).json().items.map((i: { id: number }) => i.id)).not.toContain(
      r.id,
    );

    // Resumed: the fix-by moves on by the working time it waited (the office is open 7:00-19:00 every day here).
    const resumed = await send(staff, 'POST', `/api/repairs/${r.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const after = resumed.json().report;
    expect(after.onHold).toBeNull();
    const open = {
      week: Object.fromEntries(Object.keys(DEFAULT_WEEK).map((d) => [d, { open: '07:00', close: '19:00' }])) as never,
      closures: [],
    };
    const waited = workingMinutesBetween(new Date(heldAt), new Date(), open, tz());
    expect(waited).toBeGreaterThan(12 * 60);
    expect(Math.abs(workingMinutesBetween(new Date(oldFixBy), new Date(after.fixBy), open, tz()) - waited)).toBeLessThanOrEqual(1);
    expect((await send(staff, 'POST', `/api/repairs/${r.id}/resume`)).json().error.code).toBe('not_on_hold');
    const again = multipart({}, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    const startedNow = await app.inject({
      method: 'POST',
      url: `/api/repairs/${r.id}/start`,
      headers: { cookie: plumber, ...again.headers },
      payload: again.payload,
    });
    expect(startedNow.statusCode, startedNow.body).toBe(200);

    // The timeline tells the story to the reporter: each step, who and when, the photo of the start.
    const timeline = await send(faculty, 'GET', `/api/repairs/${r.id}/timeline`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    const steps = timeline.json().items as {
      step: string;
      who: string | null;
      text: string;
      photoUrl: string | null;
      workDescription: string | null;
    }[];
    expect(steps.map((s) => s.step)).toEqual(['Reported', 'Assigned', 'On hold', 'Resumed', 'Started']);
    expect(steps[2].text).toContain('on hold: Waiting for parts');
    expect(steps[2].who).toBe('Lito Mendoza'); // the plumber
    expect(steps[4].photoUrl).toBe(`/api/repairs/${r.id}/start-proof`);
    expect(steps.every((s) => s.workDescription === null)).toBe(true);
    expect((await send(electrician, 'GET', `/api/repairs/${r.id}/timeline`)).statusCode).toBe(404);
    expect((await send(student, 'GET', `/api/repairs/${r.id}/timeline`)).statusCode).toBe(404);

    // Completed: the step shows what was done beside the photo of it.
    const finish = multipart(
      { workDescription: 'Replaced the faucet cartridge' },
      { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } },
    );
    const completed = await app.inject({
      method: 'POST',
      url: `/api/repairs/${r.id}/complete`,
      headers: { cookie: plumber, ...finish.headers },
      payload: finish.payload,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const done = (await send(faculty, 'GET', `/api/repairs/${r.id}/timeline`)).json().items as typeof steps;
    expect(done.at(-1)).toMatchObject({
      step: 'Completed',
      photoUrl: `/api/repairs/${r.id}/proof`,
      workDescription: 'Replaced the faucet cartridge',
    });
  });

  it('measures kept promises for the office: per priority and trade, over 30 or 90 days', async () => {
    const figures = async () => {
      const res = await send(staff, 'GET', '/api/repairs/kept-promises?days=90');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { byPriority: { key: string; reports: number; respond: { inTime: number } }[]; byTrade: { label: string }[] };
    };
    for (const who of [faculty, student, electrician]) expect((await send(who, 'GET', '/api/repairs/kept-promises')).statusCode).toBe(403);
    expect((await send(staff, 'GET', '/api/repairs/kept-promises?days=7')).statusCode).toBe(400);
    const before = (await figures()).byPriority.find((g) => g.key === 'high')!;
    const r = await report();
    const assigned = await send(admin, 'POST', `/api/repairs/${r.id}/assign`, {
      assignedTo: plumberId,
      estimatedCost: null,
      adminNotes: '',
    });
    expect(assigned.statusCode).toBe(200);
    const after = await figures();
    const high = after.byPriority.find((g) => g.key === 'high')!;
    expect(high.reports).toBe(before.reports + 1);
    expect(high.respond.inTime).toBe(before.respond.inTime + 1);
    expect(after.byTrade.map((g) => g.label)).toContain('Plumber');
  });
});
