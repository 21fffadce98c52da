import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCode } from '../../core/borrowing/rules';
import { addDays, formatCalendarDate, instantAt, todayIn, WEEKDAYS, weekdayOf } from '../../core/time';
import { runDueJobs } from '../../server/lib/dailyJobs';
import { REMINDER_JOB, returnReminders } from '../../server/modules/borrowing/reminderJob';
import { act, get, newItem, requestId, submit } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * The office calendar (docs/decisions/office-calendar.md): the demo's week and closures, administrators' changes
 * checked and recorded, borrowing refusing closed days by name, and reminders waiting for an open day. On SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('the office calendar', () => {
  let app: TestApp;
  let admin: string;
  let today: string;
  const send = (cookie: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const calendar = async () => (await app.inject({ method: 'GET', url: '/api/site/calendar' })).json();
  const closed = { open: '08:00', close: '17:00' };
  const everyDay = (hours: { open: string; close: string } | null) => Object.fromEntries(WEEKDAYS.map((d) => [d, hours]));

  beforeAll(async () => {
    app = await makeApp({ demoCalendar: true });
    admin = await loginAs(app, 'admin');
    today = todayIn(app.ctx.config.campusTimeZone);
  });
  afterAll(() => app.close());

  it('starts as the demo has it: Monday to Friday, 8 to 5, with the coming holidays, for anyone to read', async () => {
    const c = await calendar();
    expect(c.hours).toBe('Monday to Friday, 8:00 AM - 5:00 PM');
    expect(c.week.Saturday).toBeNull();
    expect(c.week.Monday).toEqual({ open: '08:00', close: '17:00' });
    expect(c.closures.map((x: { name: string }) => x.name)).toContain('Christmas Break');
    expect(c.closures.every((x: { to: string }) => x.to >= today)).toBe(true);
    const froms = c.closures.map((x: { from: string }) => x.from);
    expect(froms).toEqual([...froms].sort());
    expect((await app.inject({ method: 'GET', url: '/api/site/status' })).json().office.hours).toBe(c.hours);
  });

  it('takes each weekday’s hours from an administrator, checked, and writes the feed', async () => {
    const bad = await send(admin, 'PUT', '/api/site/calendar/hours', { ...everyDay(closed), Monday: { open: '17:00', close: '08:00' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The closing time must be after the opening time.');
    const badTime = await send(admin, 'PUT', '/api/site/calendar/hours', { ...everyDay(closed), Friday: { open: '8am', close: '17:00' } });
    expect(badTime.json().error.message).toBe('Enter the time as HH:MM, for example 08:00.');
    const { Sunday: _, ...missing } = everyDay(closed);
    expect((await send(admin, 'PUT', '/api/site/calendar/hours', missing)).statusCode).toBe(400);
    expect((await send(admin, 'PUT', '/api/site/calendar/hours', { ...everyDay(closed), Monday: 'always' })).statusCode).toBe(400);

    const week = { ...everyDay(closed), Saturday: { open: '08:00', close: '12:00' }, Sunday: null };
    const saved = await send(admin, 'PUT', '/api/site/calendar/hours', week);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().calendar.hours).toBe('Monday to Friday, 8:00 AM - 5:00 PM; Saturday, 8:00 AM - 12:00 PM');
    expect((await app.inject({ method: 'GET', url: '/api/site/status' })).json().office.hours).toBe(saved.json().calendar.hours);
    const entry = await app.ctx.db.selectFrom('activity').select('description').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.description).toMatch(/set the office hours: Monday to Friday, 8:00 AM - 5:00 PM; Saturday/);
  });

  it('adds and removes closures, checked in the form’s order; only administrators', async () => {
    const add = (body: object, cookie = admin) => send(cookie, 'POST', '/api/site/closures', body);
    expect((await add({ name: '  ', from: '2031-01-01', to: '2031-01-01' })).json().error.message).toBe('Closure name is required');
    expect((await add({ name: 'Break', from: '2031-02-30', to: '2031-03-01' })).json().error.message).toBe(
      'Enter the dates as real calendar dates.',
    );
    expect((await add({ name: 'Break', from: '2031-03-05', to: '2031-03-01' })).json().error.message).toBe(
      'The last day cannot be before the first day.',
    );
    expect((await add({ name: 'Break', from: '2031-01-01', to: '2032-06-01' })).json().error.message).toBe(
      'A closure can last at most 366 days.',
    );
    expect((await add({ name: 'x'.repeat(81), from: '2031-01-01', to: '2031-01-01' })).statusCode).toBe(400);
    for (const who of ['student', 'faculty', 'personnel', 'staff'] as const)
      expect((await add({ name: 'Mine', from: '2031-01-01', to: '2031-01-01' }, await loginAs(app, who))).statusCode, who).toBe(403);

    const made = await add({ name: '  Foundation Day ', from: '2031-01-06', to: '2031-01-07' });
    expect(made.statusCode).toBe(201);
    const closure = made.json().closure;
    expect(closure).toMatchObject({ name: 'Foundation Day', from: '2031-01-06', to: '2031-01-07' });
    expect((await calendar()).closures).toContainEqual(closure);
    const removed = await send(admin, 'DELETE', `/api/site/closures/${closure.id}`);
    expect(removed.json().message).toBe('Closure removed: Foundation Day.');
    expect((await send(admin, 'DELETE', `/api/site/closures/${closure.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', '/api/site/closures/abc')).statusCode).toBe(400);
    expect((await calendar()).closures).not.toContainEqual(closure);
  });

  it('refuses a borrow request that needs or returns things on a closed day, naming the closure or the weekday', async () => {
    await app.ctx.db.deleteFrom('office_closures').execute(); // the demo's holidays might fall on the days picked
    await send(admin, 'PUT', '/api/site/calendar/hours', { ...everyDay(closed), Sunday: null });
    const sunday = Array.from({ length: 7 }, (_, i) => addDays(today, i + 8)).find((d) => weekdayOf(d) === 'Sunday')!;
    const monday = addDays(sunday, 1);
    const holiday = (
      await send(admin, 'POST', '/api/site/closures', { name: 'Campus Fair', from: addDays(sunday, 2), to: addDays(sunday, 3) })
    ).json().closure;
    const faculty = await loginAs(app, 'faculty');
    const item = await newItem(app, { quantity: 3 });

    const onSunday = await submit(app, faculty, [[item, 1]], { dateNeeded: sunday, dateExpectedReturn: monday });
    expect(onSunday.statusCode).toBe(400);
    expect(onSunday.json().error).toEqual({
      code: 'office_closed',
      message: `The office is closed on Sundays: ${formatCalendarDate(sunday)} is a Sunday. Please choose another date.`,
    });
    const returnOnHoliday = await submit(app, faculty, [[item, 1]], { dateNeeded: monday, dateExpectedReturn: holiday.to });
    expect(returnOnHoliday.json().error).toEqual({
      code: 'office_closed',
      message: `The office is closed on ${formatCalendarDate(holiday.to)} (Campus Fair). Please choose another date.`,
    });
    // The form's own rules come first, as the form checks them.
    const past = await submit(app, faculty, [[item, 1]], { dateNeeded: addDays(today, -1), dateExpectedReturn: holiday.from });
    expect(past.json().error.message).toBe('The date needed cannot be in the past.');
    // Across a closure is fine: only the two days themselves must be open.
    expect((await submit(app, faculty, [[item, 1]], { dateNeeded: monday, dateExpectedReturn: addDays(holiday.to, 1) })).statusCode).toBe(
      201,
    );
  });

  it('sends no reminders on a closed day; the open day before reminds of loans due before the next open day', async () => {
    const tz = app.ctx.config.campusTimeZone;
    const run = (date: string) => runDueJobs(app.ctx.db, tz, [returnReminders(app.ctx)!], new Date(instantAt(date, '08:00', tz)));
    // A Friday two weeks on, the office closed on the weekend and on the Monday after.
    const friday = Array.from({ length: 7 }, (_, i) => addDays(today, i + 14)).find((d) => weekdayOf(d) === 'Friday')!;
    const tuesday = addDays(friday, 4);
    // Borrowed today (the office open every day for that), due back on the Tuesday.
    await app.ctx.db.deleteFrom('office_closures').execute();
    await send(admin, 'PUT', '/api/site/calendar/hours', everyDay(closed));
    const student = await loginAs(app, 'student');
    const id = await requestId(app, student, [[await newItem(app, { quantity: 2 }), 1]], {
      dateNeeded: today,
      dateExpectedReturn: tuesday,
    });
    const itemId = (await get(app, admin, `/api/borrow-requests/${id}`)).json().request.items[0].itemId;
    expect((await act(app, admin, id, 'approve', { items: [itemId] })).statusCode).toBe(200);
    await send(admin, 'PUT', '/api/site/calendar/hours', { ...everyDay(closed), Saturday: null, Sunday: null });
    await send(admin, 'POST', '/api/site/closures', { name: 'Long Weekend', from: addDays(friday, 3), to: addDays(friday, 3) });
    const remindedOf = async () =>
      (await app.ctx.db.selectFrom('notifications').select('message').where('title', '=', 'Items due back').execute()).filter((n) =>
        n.message.includes(requestCode(id)),
      );

    // Friday, the last open day before Tuesday: due Tuesday is reminded now, not "tomorrow".
    await run(friday);
    const [digest] = await remindedOf();
    expect(digest.message).toContain(`${requestCode(id)} (Department event): due ${formatCalendarDate(tuesday)}`);
    expect(await run(addDays(friday, 1))).toEqual([REMINDER_JOB]); // Saturday: the day is claimed, nothing is sent
    const saturday = await app.ctx.db
      .selectFrom('job_runs')
      .select('summary')
      .where('run_on', '=', addDays(friday, 1))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(saturday.summary)).toMatchObject({ officeClosed: true, loans: 0 });
    expect(await remindedOf()).toEqual([digest]);
    // The office is told the last run (by its day: the Saturday) found the office closed.
    const schedule = (await get(app, admin, '/api/borrow-records/reminders')).json();
    expect(schedule.lastRun).toMatchObject({ runOn: addDays(friday, 1), officeClosed: true, loans: 0 });
  });
});
