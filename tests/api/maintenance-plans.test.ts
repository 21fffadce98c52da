import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS, addDays, todayIn, weekOf } from '../../core/time';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Recurring preventive maintenance plans (docs/decisions/maintenance-plans.md), on SQLite and,
 * with DATABASE_URL, on PostgreSQL: next due skipping the office's closures, the job on the weekly schedule, the job
 * done with the checklist opening repairs, the list and the compliance figure, and who may do what.
 */
describe('maintenance plans', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let faculty: string;
  let today: string;
  let roomId: number;
  let personnelId: number;

  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload });
  const create = (body: object, cookie = admin) =>
    send(cookie, 'POST', '/api/maintenance-plans', {
      title: 'Clean the aircon filters',
      roomId,
      personnelId,
      frequency: 'months',
      interval: 3,
      startDate: addDays(today, 7),
      startTime: '09:00',
      endTime: '11:00',
      ...body,
    });

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, faculty] = await Promise.all(
      ['admin', 'staff', 'personnel', 'faculty'].map((w) => loginAs(app, w as 'admin')),
    );
    today = todayIn(app.ctx.config.campusTimeZone);
    const choices = (await send(admin, 'GET', '/api/maintenance-plans/choices')).json();
    roomId = choices.rooms[0].id;
    personnelId = choices.personnel.find((p: { name: string }) => p.name)!.id;
    expect(choices.trades.length).toBeGreaterThan(0);
  });
  afterAll(() => app.close());

  it('makes a quarterly plan whose first job is on the weekly schedule for that person', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(201);
    const { plan, message } = res.json();
    const due = addDays(today, 7);
    expect(plan).toMatchObject({
      title: 'Clean the aircon filters',
      roomId,
      personnelId,
      recurrence: 'Every 3 months',
      lastDone: null,
      overdue: false,
    });
    expect(plan.nextJob).toMatchObject({ planned: due, due });
    expect(message).toContain('on the schedule');
    const week = (await send(admin, 'GET', `/api/schedule?week=${weekOf(due).start}`)).json();
    const item = week.days.flatMap((d: { items: object[] }) => d.items).find((i: { id: number }) => i.id === plan.nextJob.scheduleEntryId);
    expect(item).toMatchObject({
      kind: 'entry',
      date: due,
      startTime: '09:00',
      endTime: '11:00',
      workType: 'Clean the aircon filters',
      personnelId,
    });
    expect(item.issueDescription).toContain(plan.code);
    // The person sees it on their own week too.
    const theirs = (await send(personnel, 'GET', `/api/schedule?week=${weekOf(due).start}`)).json();
    const mine = theirs.days
      .flatMap((d: { items: { id: number; mine: boolean }[] }) => d.items)
      .find((i: { id: number }) => i.id === item.id);
    expect(mine?.mine ?? false).toBe(personnelId === (await send(personnel, 'GET', '/api/auth/me')).json().account?.id);
  });

  it('moves a due date off closed weekdays and closures, counting later dates from the planned ones', async () => {
    // A Monday two weeks or more ahead; its week closed on Sundays, with a closure on that Monday and Tuesday.
    const monday = addDays(weekOf(addDays(today, 14)).start, 0);
    const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, d === 'Sunday' ? null : { open: '08:00', close: '17:00' }]));
    expect((await send(admin, 'PUT', '/api/site/calendar/hours', hours)).statusCode).toBe(200);
    const closure = (
      await send(admin, 'POST', '/api/site/closures', { name: 'Foundation Days', from: monday, to: addDays(monday, 1) })
    ).json().closure;
    try {
      const weekly = (await create({ frequency: 'weeks', interval: 1, startDate: monday })).json().plan;
      expect(weekly.nextJob).toMatchObject({ planned: monday, due: addDays(monday, 2) });
      const sunday = addDays(monday, 6);
      const onSunday = (await create({ frequency: 'days', interval: 10, startDate: sunday })).json().plan;
      expect(onSunday.nextJob).toMatchObject({ planned: sunday, due: addDays(sunday, 1) });
      const byRule = (await create({ frequency: 'rule', rule: 'FREQ=WEEKLY;BYDAY=SU', startDate: monday })).json().plan;
      expect(byRule.nextJob).toMatchObject({ planned: sunday, due: addDays(sunday, 1) });
      expect(byRule.recurrence).toBe('Every week on Sunday');
    } finally {
      await send(admin, 'DELETE', `/api/site/closures/${closure.id}`);
      const open = Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '07:00', close: '19:00' }]));
      await send(admin, 'PUT', '/api/site/calendar/hours', open);
    }
  });

  it('completes a job with the checklist: an inspection, a repair per failed item, the entry completed, the next job scheduled', async () => {
    const plan = (await create({ startDate: today })).json().plan;
    const entryId = plan.nextJob.scheduleEntryId;
    const repairsBefore = (await send(admin, 'GET', '/api/repairs?status=pending&pageSize=100')).json().total;
    const res = await send(staff, 'POST', `/api/maintenance-plans/${plan.id}/complete`, {
      jobId: plan.nextJob.id,
      particulars: { '1.1': { status: 'x', remarks: 'Filter torn' }, '2.1': { status: 'check' }, '5.3': { status: 'x' } },
      priority: 'high',
    });
    expect(res.statusCode).toBe(200);
    const done = res.json();
    expect(done.repairReportIds).toHaveLength(2);
    expect(done.message).toContain('2 repair reports');
    expect(done.plan.lastDone).toBe(today);
    const next = addMonths(today, 3);
    expect(done.plan.nextJob.planned).toBe(next);
    const repairs = (await send(admin, 'GET', '/api/repairs?status=pending&pageSize=100')).json();
    expect(repairs.total).toBe(repairsBefore + 2);
    const report = (await send(admin, 'GET', `/api/repairs/${done.repairReportIds[0]}`)).json();
    expect(JSON.stringify(report)).toContain('Filter torn');
    const inspections = (await send(admin, 'GET', `/api/inspections?pageSize=100`)).json();
    expect(inspections.items.find((i: { id: number }) => i.id === done.inspectionId)).toMatchObject({ problems: 2, priority: 'high' });
    const week = (await send(admin, 'GET', `/api/schedule?week=${weekOf(today).start}`)).json();
    const entry = week.days
      .flatMap((d: { items: object[] }) => d.items)
      .find((i: { id: number; kind: string }) => i.kind === 'entry' && i.id === entryId);
    expect(entry.status).toBe('completed');
    // Done already: a second completion at once has no open job of this date to finish twice.
    expect((await send(admin, 'POST', `/api/maintenance-plans/${plan.id}/complete`, { jobId: plan.nextJob.id })).statusCode).toBe(409);
    // Two people finishing the next job at once: one wins.
    const jobId = done.plan.nextJob.id;
    const both = await Promise.all([admin, staff].map((c) => send(c, 'POST', `/api/maintenance-plans/${plan.id}/complete`, { jobId })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('lists plans with next due, last done and overdue, searches them, and ends one', async () => {
    const late = (
      await create({ title: 'Check the fire extinguisher', startDate: addDays(today, -3), frequency: 'days', interval: 30 })
    ).json().plan;
    expect(late.overdue).toBe(true);
    const overdue = (await send(staff, 'GET', '/api/maintenance-plans?tab=overdue')).json();
    expect(overdue.items.map((p: { id: number }) => p.id)).toContain(late.id);
    expect(overdue.counts.overdue).toBeGreaterThanOrEqual(1);
    const found = (await send(admin, 'GET', '/api/maintenance-plans?tab=all&search=extinguisher')).json();
    expect(found.items.map((p: { id: number }) => p.id)).toEqual([late.id]);
    const compliance = (await send(admin, 'GET', '/api/maintenance-plans/compliance')).json();
    expect(compliance.missed).toBeGreaterThanOrEqual(1);
    expect(compliance.onTime).toBeGreaterThanOrEqual(1);
    expect(compliance.due).toBe(compliance.onTime + compliance.late + compliance.missed);

    const ended = await send(admin, 'DELETE', `/api/maintenance-plans/${late.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().plan).toMatchObject({ nextJob: null, overdue: false });
    expect(ended.json().plan.endedAt).not.toBeNull();
    expect((await send(admin, 'DELETE', `/api/maintenance-plans/${late.id}`)).statusCode).toBe(409);
    expect((await send(admin, 'POST', `/api/maintenance-plans/${late.id}/complete`, { jobId: 1 })).statusCode).toBe(409);
    const endedTab = (await send(admin, 'GET', '/api/maintenance-plans?tab=ended')).json();
    expect(endedTab.items.map((p: { id: number }) => p.id)).toContain(late.id);
  });

  it('edits a plan: its open job is planned again and its entry moved', async () => {
    const plan = (await create({ startDate: addDays(today, 5) })).json().plan;
    const res = await send(admin, 'PUT', `/api/maintenance-plans/${plan.id}`, {
      title: 'Clean the filters',
      roomId,
      trade: 'electrician',
      frequency: 'weeks',
      interval: 2,
      startDate: addDays(today, 9),
      startTime: '13:00',
      endTime: '14:00',
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json().plan;
    expect(edited).toMatchObject({ personnelId: null, trade: 'electrician', tradeLabel: 'Electrician', recurrence: 'Every 2 weeks' });
    expect(edited.nextJob).toMatchObject({ id: plan.nextJob.id, due: addDays(today, 9), scheduleEntryId: plan.nextJob.scheduleEntryId });
  });

  it('refuses what a plan cannot be, with 4xx and a message', async () => {
    const cases: [object, number][] = [
      [{ roomId: null }, 400],
      [{ unitId: 1 }, 400],
      [{ personnelId: null }, 400],
      [{ trade: 'electrician' }, 400],
      [{ frequency: 'rule', rule: 'FREQ=HOURLY' }, 400],
      [{ frequency: 'rule', rule: 'not a rule' }, 400],
      [{ frequency: 'rule', rule: 'FREQ=DAILY;COUNT=1', startDate: today }, 201],
      [{ frequency: 'rule', rule: 'FREQ=DAILY;UNTIL=20000101T000000Z' }, 400],
      [{ startTime: '11:00', endTime: '10:00' }, 400],
      [{ startDate: '2031-02-30' }, 400],
      [{ interval: 0 }, 400],
      [{ roomId: 999999 }, 400],
      [{ personnelId: 1 }, 400],
      [{ title: '   ' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (status === 400) expect(res.json().error.message.length).toBeGreaterThan(5);
    }
    expect((await send(admin, 'GET', '/api/maintenance-plans/999999')).statusCode).toBe(404);
    expect((await send(admin, 'PUT', '/api/maintenance-plans/999999', {})).statusCode).toBe(400);
  });

  it("gives personnel their own plan jobs' checklists to fill, once however often the filled checklist is sent", async () => {
    const me = (await send(personnel, 'GET', '/api/auth/me')).json().account.id as number;
    const choices = (await send(admin, 'GET', '/api/maintenance-plans/choices')).json();
    const other = choices.personnel.find((p: { id: number }) => p.id !== me)!.id as number;
    const theirs = (await create({ title: 'Test the emergency lights', personnelId: me, startDate: today })).json().plan;
    const elsewhere = (await create({ title: 'Flush the water tank', personnelId: other, startDate: today })).json().plan;

    const mine = (await send(personnel, 'GET', '/api/maintenance-plans/mine')).json().items as { id: number }[];
    expect(mine.map((p) => p.id)).toContain(theirs.id);
    expect(mine.map((p) => p.id)).not.toContain(elsewhere.id);
    for (const who of [staff, faculty]) expect((await send(who, 'GET', '/api/maintenance-plans/mine')).statusCode).toBe(403);

    // Another person's job: refused in words that say why (a checklist filled offline meets this when the office moved it).
    const refused = await send(personnel, 'POST', `/api/maintenance-plans/${elsewhere.id}/complete`, { jobId: elsewhere.nextJob.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('The office has given this maintenance job to someone else.');

    // Their own, sent twice with one key (a phone that lost the answer): done once, answered alike.
    const body = { jobId: theirs.nextJob.id, particulars: { '1.1': { status: 'x', remarks: 'Lamp dead' } } };
    const headers = { cookie: personnel, 'idempotency-key': `checklist-${theirs.id}` };
    const first = await app.inject({ method: 'POST', url: `/api/maintenance-plans/${theirs.id}/complete`, headers, payload: body });
    const again = await app.inject({ method: 'POST', url: `/api/maintenance-plans/${theirs.id}/complete`, headers, payload: body });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().inspectionId).toBe(first.json().inspectionId);
    expect(first.json().repairReportIds).toHaveLength(1);
    const plan = (await send(admin, 'GET', `/api/maintenance-plans/${theirs.id}`)).json();
    expect(plan.lastDone).toBe(today);
    expect(plan.nextJob.id).toBe(first.json().plan.nextJob.id);
    // Its next job is theirs too; the one done is not listed any more.
    const after = (await send(personnel, 'GET', '/api/maintenance-plans/mine')).json().items as { id: number; nextJob: { id: number } }[];
    expect(after.find((p) => p.id === theirs.id)?.nextJob.id).toBe(plan.nextJob.id);
  });

  it('lets only administrators make, edit and end plans; the office reads and completes them', async () => {
    expect((await create({}, staff)).statusCode).toBe(403);
    for (const who of [personnel, faculty]) {
      expect((await send(who, 'GET', '/api/maintenance-plans')).statusCode).toBe(403);
      expect((await create({}, who)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/maintenance-plans' })).statusCode).toBe(401);
    expect((await send(staff, 'GET', '/api/maintenance-plans')).statusCode).toBe(200);
  });
});

function addMonths(date: string, n: number) {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}
