import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCode } from '../../core/borrowing/rules';
import { addDays, todayIn } from '../../core/time';
import { act, inDays, newItem, requestId } from '../borrowing';
import { ADDED_PASSWORD, addAccount, login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Private calendar feeds (docs/decisions/calendar-feeds.md), on SQLite and, with DATABASE_URL, on
 * PostgreSQL: the address made once, the feed read as iCalendar by a parser, revoked and regenerated, and nothing
 * else told to whoever holds no token.
 */
describe('calendar feeds', () => {
  let app: TestApp;
  let faculty: string;
  let personnel: string;
  let admin: string;

  const send = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload });
  const read = (path: string) => app.inject({ method: 'GET', url: path });
  const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
  const dateOf = (d: Date) => d.toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await makeApp();
    [faculty, personnel, admin] = await Promise.all([loginAs(app, 'faculty'), loginAs(app, 'personnel'), loginAs(app, 'admin')]);
  });
  afterAll(() => app.close());

  it("is off until turned on; the address is shown once and answers the person's loans as all-day iCalendar events", async () => {
    expect((await send(faculty, 'GET', '/api/calendar-feed')).json()).toEqual({ enabled: false, createdAt: null });
    const item = await newItem(app, { quantity: 5, name: 'Projector for the feed' });
    const id = await requestId(app, faculty, [[item, 1]], { dateNeeded: inDays(2), dateExpectedReturn: inDays(4) });
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);

    const made = await send(faculty, 'POST', '/api/calendar-feed');
    expect(made.statusCode).toBe(201);
    const { url, path } = made.json();
    expect(url.endsWith(path)).toBe(true);
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\/feed\.ics$/);
    expect((await send(faculty, 'GET', '/api/calendar-feed')).json().enabled).toBe(true);
    // Only the hash is kept.
    const stored = await app.ctx.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(path.split('/')[3]);

    const res = await read(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('BEGIN:VCALENDAR');
    const evs = events(res.body);
    const pickup = evs.find((e) => e.uid.startsWith(`loan-${id}-pickup@`))!;
    const back = evs.find((e) => e.uid.startsWith(`loan-${id}-return@`))!;
    expect(pickup.summary).toBe(`Pick up ${requestCode(id)}`);
    expect(pickup.datetype).toBe('date');
    expect(res.body).toContain(`DTSTART;VALUE=DATE:${inDays(2).replace(/-/g, '')}`);
    expect(res.body).toContain(`DTSTART;VALUE=DATE:${inDays(4).replace(/-/g, '')}`);
    expect(back.summary).toBe(`Return ${requestCode(id)}`);
    expect(String(pickup.description)).toContain('Projector for the feed');
    // The same UIDs on the next read: apps update rather than copy.
    const again = events((await read(path)).body)
      .map((e) => e.uid)
      .sort();
    expect(again).toEqual(evs.map((e) => e.uid).sort());
  });

  it('shows a booking with hours as timed events at its pick-up and return times, in the campus time zone', async () => {
    const item = await newItem(app, { quantity: 1, name: 'Projector by the hour' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/borrow-requests',
      headers: { cookie: faculty },
      payload: {
        purpose: 'Tuesday lab',
        dateNeeded: inDays(3),
        dateExpectedReturn: inDays(3),
        items: [{ itemId: item, quantity: 1 }],
        bookAhead: true,
        timeFrom: '13:00',
        timeTo: '16:00',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().request.id as number;
    const { path } = (await send(faculty, 'POST', '/api/calendar-feed')).json();
    const text = (await read(path)).body;
    const evs = events(text);
    const pickup = evs.find((e) => e.uid.startsWith(`loan-${id}-pickup@`))!;
    const back = evs.find((e) => e.uid.startsWith(`loan-${id}-return@`))!;
    // 13:00 in Manila (UTC+8) is 05:00 UTC, 16:00 is 08:00 UTC: each a moment at the booking's own time, no made-up end.
    expect(pickup.datetype).toBe('date-time');
    expect(pickup.start.toISOString()).toBe(`${inDays(3)}T05:00:00.000Z`);
    expect(back.start.toISOString()).toBe(`${inDays(3)}T08:00:00.000Z`);
    const vevent = (uid: string) => text.slice(text.indexOf(`UID:${uid}`), text.indexOf('END:VEVENT', text.indexOf(`UID:${uid}`)));
    expect(vevent(back.uid)).toContain(`DTSTART:${inDays(3).replace(/-/g, '')}T080000Z`);
    expect(vevent(back.uid)).not.toContain('DTEND');
    expect(vevent(pickup.uid)).not.toContain('DTEND');
    expect(pickup.summary).toBe(`Pick up ${requestCode(id)} (awaiting approval)`);
    // The campus zone is a calendar property: in the header, once, before any event.
    expect(text.match(/^X-WR-TIMEZONE:Asia\/Manila\r$/gm)).toHaveLength(1);
    expect(text.indexOf('X-WR-TIMEZONE:')).toBeLessThan(text.indexOf('BEGIN:VEVENT'));
  });

  it('shows personnel their tasks of the week as timed events in the campus time zone', async () => {
    const me = (await send(personnel, 'GET', '/api/auth/me')).json();
    const personnelId = me.account?.id ?? me.id;
    const today = todayIn(app.ctx.config.campusTimeZone);
    const choices = (await send(admin, 'GET', '/api/maintenance-plans/choices')).json();
    const plan = (
      await send(admin, 'POST', '/api/maintenance-plans', {
        title: 'Clean the aircon filters',
        roomId: choices.rooms[0].id,
        personnelId,
        frequency: 'months',
        interval: 3,
        startDate: addDays(today, 1),
        startTime: '09:00',
        endTime: '11:30',
      })
    ).json().plan;
    const { path } = (await send(personnel, 'POST', '/api/calendar-feed')).json();
    const evs = events((await read(path)).body);
    const job = evs.find((e) => e.uid.startsWith(`entry-${plan.nextJob.scheduleEntryId}@`))!;
    expect(job.summary).toBe('Clean the aircon filters');
    // 09:00 in Manila (UTC+8) is 01:00 UTC.
    expect(job.start.toISOString()).toBe(`${addDays(today, 1)}T01:00:00.000Z`);
    expect(job.end?.toISOString()).toBe(`${addDays(today, 1)}T03:30:00.000Z`);
    expect(dateOf(job.start)).toBe(addDays(today, 1));
  });

  it('stops answering a revoked or replaced address with 404, and tells nothing without a token', async () => {
    const first = (await send(faculty, 'POST', '/api/calendar-feed')).json().path;
    const second = (await send(faculty, 'POST', '/api/calendar-feed')).json().path;
    expect(first).not.toBe(second);
    const old = await read(first);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.code).toBe('not_found');
    expect((await read(second)).statusCode).toBe(200);
    expect((await send(faculty, 'DELETE', '/api/calendar-feed')).statusCode).toBe(200);
    expect((await read(second)).statusCode).toBe(404);
    expect((await send(faculty, 'GET', '/api/calendar-feed')).json().enabled).toBe(false);
    // A made-up token of the right shape, and one of the wrong shape.
    expect((await read(`/api/calendar/${'A'.repeat(43)}/feed.ics`)).statusCode).toBe(404);
    expect((await read('/api/calendar/short/feed.ics')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/calendar-feed' })).statusCode).toBe(401);
  });

  it('ends with a deactivation: reactivating the account does not bring the old address back', async () => {
    const person = await addAccount(app, 'student');
    const cookie = await login(app, person.email, ADDED_PASSWORD, 'user');
    const old = (await send(cookie, 'POST', '/api/calendar-feed')).json().path;
    expect((await read(old)).statusCode).toBe(200);
    expect((await send(admin, 'POST', `/api/accounts/${person.id}/deactivate`)).statusCode).toBe(200);
    expect((await read(old)).statusCode).toBe(404);
    expect((await send(admin, 'POST', `/api/accounts/${person.id}/reactivate`)).statusCode).toBe(200);
    expect((await read(old)).statusCode).toBe(404);
    const again = await login(app, person.email, ADDED_PASSWORD, 'user');
    expect((await send(again, 'GET', '/api/calendar-feed')).json()).toEqual({ enabled: false, createdAt: null });
    const fresh = (await send(again, 'POST', '/api/calendar-feed')).json().path;
    expect((await read(fresh)).statusCode).toBe(200);
  });
});
