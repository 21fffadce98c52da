import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, weekOf } from '../../core/time';
import { act, get, inDays, newItem, submit } from '../borrowing';
import { DEMO, eventually, loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * Bookings with hours (docs/decisions/reservations.md), on SQLite and, with DATABASE_URL, on PostgreSQL: a one-day
 * booking both goes out and comes back on its day, and what the borrower is told names the hours, once per decision.
 */
describe('bookings with hours', () => {
  let app: TestApp;
  let staff: string;
  let faculty: string;

  beforeAll(async () => {
    app = await makeApp();
    [staff, faculty] = await Promise.all([loginAs(app, 'staff'), loginAs(app, 'faculty')]);
  });
  afterAll(() => app.close());

  const book = async (item: number, day: number, lastDay: number, hours: [string, string] | null) => {
    const res = await submit(app, faculty, [[item, 1]], {
      bookAhead: true,
      dateNeeded: inDays(day),
      dateExpectedReturn: inDays(lastDay),
      ...(hours ? { timeFrom: hours[0], timeTo: hours[1] } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().request.id as number;
  };
  const mailsAbout = async (text: string) =>
    (await app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', DEMO.faculty[0]).orderBy('id').execute()).filter((m) =>
      m.body.includes(text),
    );

  it("a one-day booking goes out and comes back on its day, in the day's lists and its pick list", async () => {
    const item = await newItem(app, { quantity: 3 });
    const afternoon = await book(item, 6, 6, ['13:00', '16:00']);
    const wholeDay = await book(item, 6, 6, null);
    const longer = await book(item, 6, 7, ['13:00', '10:00']);
    for (const id of [afternoon, wholeDay, longer]) expect((await act(app, staff, id, 'approve', { items: [item] })).statusCode).toBe(200);

    const day = (await get(app, staff, `/api/borrow-calendar?date=${inDays(6)}`)).json().days[0];
    expect(day.goingOut).toEqual(expect.arrayContaining([afternoon, wholeDay, longer]));
    // Back that day: by its return time, the whole day's last; the longer booking is not back that day.
    expect(day.comingBack.filter((id: number) => [afternoon, wholeDay, longer].includes(id))).toEqual([afternoon, wholeDay]);
    expect(day.comingBackTotal).toBe(day.comingBack.length);
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/borrow-calendar/pick-list.pdf?date=${inDays(6)}`,
      headers: { cookie: staff },
    });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    const backPart = text.slice(text.indexOf('Coming back'), text.indexOf('Overdue'));
    expect(backPart).toMatch(new RegExp(`REQ-${afternoon} 16:00 `));
    expect(backPart).toContain(`REQ-${wholeDay}`);
    expect(backPart).not.toContain(`REQ-${longer}`);
  });

  it('the approval of a booking with hours says its day and hours', async () => {
    const item = await newItem(app, { quantity: 1 });
    const id = await book(item, 5, 5, ['13:00', '16:00']);
    expect((await act(app, staff, id, 'approve', { items: [item] })).statusCode).toBe(200);
    await eventually(async () => (await mailsAbout(`REQ-${id} is approved`)).length === 1);
    const [mail] = await mailsAbout(`REQ-${id} is approved`);
    expect(mail.body).toContain(`held for you on ${formatCalendarDate(inDays(5))}, 13:00-16:00.`);
    expect(mail.body).toContain(`Collect them at the office on ${formatCalendarDate(inDays(5))}, 13:00;`);
    expect(mail.body).not.toContain(' to ');
  });

  it('a weekly series decided at once is one mail naming its dates and hours, and the date not approved', async () => {
    const item = await newItem(app, { quantity: 1 });
    const asked = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: staff },
      payload: { emailOfficeEvents: true },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    let start = inDays(2);
    while (weekOf(start).start !== addDays(start, -1)) start = addDays(start, 1); // a Tuesday
    const tuesdays = Array.from({ length: 4 }, (_, i) => addDays(start, 7 * i));
    const purpose = `Tuesday lab ${Math.random().toString(36).slice(2, 7)}`;
    const made = await app.inject({
      method: 'POST',
      url: '/api/borrow-requests/series',
      headers: { cookie: faculty },
      payload: {
        purpose,
        items: [{ itemId: item, quantity: 1 }],
        pattern: { startDate: start, weekdays: ['TU'], count: 4 },
        timeFrom: '13:00',
        timeTo: '16:00',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ids = made.json().requests.map((r: { id: number }) => r.id) as number[];
    // The office members who asked for mail hear of the series once.
    await eventually(
      async () => (await app.ctx.db.selectFrom('outbox').select('id').where('body', 'like', `%${purpose}%`).execute()).length > 0,
    );
    const officeMails = async () =>
      (await app.ctx.db.selectFrom('outbox').selectAll().where('subject', '=', 'Campus GSO: New weekly booking').execute()).filter((m) =>
        m.body.includes(purpose),
      );
    // Mails leave after the commit, side by side: one per date would all be written by the time one is.
    await eventually(async () => (await officeMails()).length >= 1);
    expect(await officeMails()).toHaveLength(1);
    expect(
      await app.ctx.db
        .selectFrom('outbox')
        .select('id')
        .where('subject', '=', 'Campus GSO: New borrow request')
        .where('body', 'like', `%${purpose}%`)
        .execute(),
    ).toEqual([]);
    const before = (await app.ctx.db.selectFrom('outbox').select('id').where('to_address', '=', DEMO.faculty[0]).execute()).length;
    const res = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/series/${made.json().seriesId}/approve`,
      headers: { cookie: staff },
      payload: { requests: ids.slice(0, 3) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => (await mailsAbout(purpose)).length > 0);
    // One bell notice (checked below) is one mail: the mail count is exact once the one has arrived.
    const after = await app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', DEMO.faculty[0]).orderBy('id').execute();
    expect(after.length - before).toBe(1);
    const mail = after.at(-1)!;
    expect(mail.subject).toBe('Campus GSO: Weekly booking approved');
    expect(mail.body).toContain(`approved for 3 dates, 13:00-16:00: `);
    for (const [i, date] of tuesdays.slice(0, 3).entries()) expect(mail.body).toContain(`${formatCalendarDate(date)} (REQ-${ids[i]})`);
    expect(mail.body).toContain(`Not approved: ${formatCalendarDate(tuesdays[3])} (REQ-${ids[3]})`);
    expect(mail.body).not.toMatch(/from .* to /);
    // The bell says it once too; the office's feed keeps an entry per date.
    const bell = await app.ctx.db.selectFrom('notifications').select('title').where('message', 'like', `%${purpose}%`).execute();
    expect(bell).toEqual([{ title: 'Weekly booking approved' }]);
    const feed = await app.ctx.db.selectFrom('activity').select('entity_id').where('action_type', '=', 'request_approved').execute();
    expect(feed.filter((f) => ids.includes(f.entity_id!))).toHaveLength(3);
  });
});
