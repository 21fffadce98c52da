import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt, todayIn } from '../../core/time';
import { runDueJobs } from '../../server/lib/dailyJobs';
import { RELEASE_JOB, reservationRelease } from '../../server/modules/borrowing/releaseJob';
import { act, get, inDays, newItem, requestId, stockOf, submit, today } from '../borrowing';
import { login, loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';
import { TIMES_MSG } from '../../core/borrowing/timesOfDay';
import { addDays, daysBetween, weekOf } from '../../core/time';
import { NO_DATE_TICKED } from '../../core/borrowing/approveForm';

/**
 * docs/decisions/reservations.md: availability by date, requests the dates cannot cover refused with those dates,
 * reservations held on their dates only and handed out on the day, and two approvals racing for the last unit on a
 * date (on PostgreSQL these really run at once, over the pool).
 */
describe('availability by date', () => {
  let app: TestApp;
  let staff: string;
  let personnel: string;
  let faculty: string;
  let student: string;
  let other: string;

  beforeAll(async () => {
    app = await makeApp();
    [staff, personnel, faculty, student] = await Promise.all([
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
    ]);
    other = await login(app, 'mlopez@campus.test', 'student123', 'user');
  });
  afterAll(() => app.close());

  const free = async (item: number, from: string, to: string, cookie = student) => {
    const res = await get(app, cookie, `/api/availability?items=${item}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items[0] as { free: number; days: { date: string; free: number }[] };
  };
  const freeOn = async (item: number, from: string, to: string) => (await free(item, from, to)).days.map((d) => d.free);
  const book = (cookie: string, item: number, n: number, from: number, to: number) =>
    submit(app, cookie, [[item, n]], { bookAhead: true, dateNeeded: inDays(from), dateExpectedReturn: inDays(to) });
  const bookId = async (cookie: string, item: number, n: number, from: number, to: number) => {
    const res = await book(cookie, item, n, from, to);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().request.id as number;
  };
  const approve = async (id: number, item: number, units: string[] = []) => {
    const res = await act(app, staff, id, 'approve', { items: [item], units });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().request;
  };

  /** `n` approved loans of another student written straight to the table (a busy day, many overdue), their ids. */
  const approvedLoans = async (n: number, purpose: string, dates: (i: number) => { date_needed: string; date_expected_return: string }) => {
    const account = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'mlopez@campus.test').executeTakeFirstOrThrow()
    ).id;
    const at = new Date().toISOString();
    const made = await app.ctx.db
      .insertInto('borrow_requests')
      .values(
        Array.from({ length: n }, (_, i) => ({
          account_id: account,
          purpose: `${purpose} ${i}`,
          ...dates(i),
          status: 'approved',
          created_at: at,
          decided_at: at,
          search_text: `${purpose.toLowerCase()} ${i}`,
        })),
      )
      .returning('id')
      .execute();
    return made.map((m) => m.id);
  };

  it('an ordinary loan holds from today to its return; the day after it is free again', async () => {
    const item = await newItem(app, { quantity: 2 });
    await approve(await requestId(app, faculty, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(2) }), item);
    expect(await freeOn(item, inDays(0), inDays(3))).toEqual([1, 1, 1, 2]);
    expect((await free(item, inDays(0), inDays(3))).free).toBe(1);
  });

  it('a reservation holds its own dates only, and takes nothing from the shelf until handed out', async () => {
    const item = await newItem(app, { quantity: 1 });
    const id = await bookId(faculty, item, 1, 5, 6);
    const approved = await approve(id, item);
    expect(approved).toMatchObject({ bookAhead: true, handedOutAt: null, totalApproved: 0 });
    expect(approved.items[0]).toMatchObject({ quantityReserved: 1, quantityApproved: 0 });
    expect(await stockOf(app, item)).toBe(1);
    expect(await freeOn(item, inDays(3), inDays(7))).toEqual([1, 1, 0, 0, 1]);

    // A booking over a taken day is refused at once, naming the day and what is free on it.
    const clash = await book(student, item, 1, 6, 7);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('dates_unavailable');
    expect(clash.json().conflicts).toEqual([
      { itemId: item, itemName: expect.any(String), wanted: 1, days: [{ date: inDays(6), free: 0 }] },
    ]);
    expect(clash.json().error.message).toContain('not free on');

    // Today's loan may go out while it is back before the reservation; one running into it may not.
    expect((await submit(app, student, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(4) })).statusCode).toBe(201);
    const over = await submit(app, student, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(5) });
    expect(over.statusCode).toBe(409);
    expect(over.json().conflicts[0].days.map((d: { date: string }) => d.date)).toEqual([inDays(5)]);
    // Pending requests hold nothing: the other booking for later days is free.
    expect((await book(other, item, 1, 7, 8)).statusCode).toBe(201);
  });

  it('an ordinary approval that would run into a reservation approved meanwhile is refused and takes nothing', async () => {
    const item = await newItem(app, { quantity: 1 });
    const loan = await requestId(app, student, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(3) });
    await approve(await bookId(faculty, item, 1, 2, 2), item);
    const res = await act(app, personnel, loan, 'approve', { items: [item] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('dates_unavailable');
    expect(res.json().conflicts[0].days).toEqual([{ date: inDays(2), free: 0 }]);
    expect(await stockOf(app, item)).toBe(1);
    expect((await get(app, staff, `/api/borrow-requests/${loan}`)).json().request.status).toBe('pending');
  });

  it('same-day return and re-lend: the return day is held, and once the loan is back the unit lends again that day', async () => {
    const item = await newItem(app, { quantity: 1 });
    await approve(await requestId(app, faculty, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(1) }), item);
    // Dates are whole days, both ends included: the day it is due back is not free; the next day is.
    expect((await book(student, item, 1, 1, 2)).statusCode).toBe(409);
    const after = await book(student, item, 1, 2, 2);
    expect(after.statusCode, after.body).toBe(201);
    const loans = await app.ctx.db
      .selectFrom('borrow_request_items')
      .select('request_id')
      .where('item_id', '=', item)
      .where('quantity_approved', '>', 0)
      .executeTakeFirstOrThrow();
    expect(
      (await app.inject({ method: 'POST', url: `/api/borrow-records/${loans.request_id}/mark-returned`, headers: { cookie: staff } }))
        .statusCode,
    ).toBe(200);
    expect(await freeOn(item, inDays(0), inDays(1))).toEqual([1, 1]);
    const again = await requestId(app, student, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(0) });
    await approve(again, item);
    expect(await freeOn(item, inDays(0), inDays(1))).toEqual([0, 1]);
  });

  it('an overdue loan holds through today only; a unit in repair is free on no day', async () => {
    const item = await newItem(app, { quantity: 2 });
    const id = await requestId(app, faculty, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(0) });
    await approve(id, item);
    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ date_needed: inDays(-4), date_expected_return: inDays(-2) })
      .where('id', '=', id)
      .execute();
    expect(await freeOn(item, inDays(0), inDays(1))).toEqual([1, 2]);

    const tracked = await newItem(app, { quantity: 3 });
    const prefix = `AV${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/items/${tracked}/track`,
          headers: { cookie: staff },
          payload: { prefix, condition: 'good' },
        })
      ).statusCode,
    ).toBe(200);
    const unit = await app.ctx.db.selectFrom('item_units').select('id').where('tag', '=', `${prefix}-0002`).executeTakeFirstOrThrow();
    const put = await app.inject({
      method: 'PUT',
      url: `/api/units/${unit.id}`,
      headers: { cookie: staff },
      payload: { condition: 'damaged', status: 'in_repair' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await freeOn(tracked, inDays(1), inDays(3))).toEqual([2, 2, 2]);
    expect((await book(faculty, tracked, 3, 1, 2)).statusCode).toBe(409);
    const res = await approve(await bookId(faculty, tracked, 2, 1, 2), tracked);
    expect(res.items[0].quantityReserved).toBe(2);
    expect(await freeOn(tracked, inDays(1), inDays(3))).toEqual([0, 0, 2]);
  });

  it('answers in the campus time zone, from today on, and refuses questions it cannot answer', async () => {
    const item = await newItem(app, { quantity: 1 });
    const campusToday = todayIn('Asia/Manila');
    const res = await get(app, student, `/api/availability?items=${item}&from=${inDays(-3)}&to=${inDays(1)}`);
    expect(res.json().from).toBe(campusToday);
    expect(res.json().items[0].days.map((d: { date: string }) => d.date)).toEqual([campusToday, inDays(1)]);
    for (const q of [
      `items=${item}&from=2026-02-30&to=${inDays(1)}`,
      `items=${item}&from=${inDays(2)}&to=${inDays(1)}`,
      `items=${item}&from=${inDays(0)}&to=${inDays(400)}`,
      `items=abc&from=${inDays(0)}&to=${inDays(1)}`,
      `from=${inDays(0)}&to=${inDays(1)}`,
    ]) {
      const bad = await get(app, student, `/api/availability?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().error.code).toBe('invalid_input');
    }
    expect((await app.inject({ method: 'GET', url: `/api/availability?items=${item}&from=${today()}&to=${today()}` })).statusCode).toBe(
      401,
    );
    // Booking ahead is for a later day.
    const todayBooking = await book(student, item, 1, 0, 1);
    expect(todayBooking.statusCode).toBe(400);
  });

  describe('times of day', () => {
    const atHours = (cookie: string, item: number, from: string, to: string, day = 3, lastDay = day) =>
      submit(app, cookie, [[item, 1]], {
        bookAhead: true,
        dateNeeded: inDays(day),
        dateExpectedReturn: inDays(lastDay),
        timeFrom: from,
        timeTo: to,
      });
    const freeAt = async (item: number, from: string, to: string, fromTime: string, toTime: string) => {
      const res = await get(app, student, `/api/availability?items=${item}&from=${from}&to=${to}&fromTime=${fromTime}&toTime=${toTime}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items[0] as { days: { free: number }[] }).days.map((d) => d.free);
    };

    it('a morning and an afternoon booking share the last unit; one over both is refused, naming its hours', async () => {
      const item = await newItem(app, { quantity: 1 });
      const morning = await atHours(faculty, item, '08:00', '12:00');
      expect(morning.statusCode, morning.body).toBe(201);
      expect(morning.json().request).toMatchObject({ timeFrom: '08:00', timeTo: '12:00', bookAhead: true });
      await approve(morning.json().request.id, item);
      // Back by 12:00 and out again at 12:00: the hours are half-open, they never meet.
      const afternoon = await atHours(student, item, '12:00', '16:00');
      expect(afternoon.statusCode, afternoon.body).toBe(201);
      await approve(afternoon.json().request.id, item);

      const overlap = await atHours(other, item, '11:00', '13:00');
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().conflicts).toEqual([
        { itemId: item, itemName: expect.any(String), wanted: 1, days: [{ date: inDays(3), free: 0 }], hours: 'between 11:00 and 13:00' },
      ]);
      expect(overlap.json().error.message).toContain('not free on');
      expect(overlap.json().error.message).toContain('between 11:00 and 13:00. Choose other dates, times or fewer.');
      // The whole day meets them; the evening and the next morning are free.
      expect((await book(other, item, 1, 3, 3)).statusCode).toBe(409);
      expect(await freeOn(item, inDays(3), inDays(4))).toEqual([0, 1]);
      expect(await freeAt(item, inDays(3), inDays(3), '16:00', '19:00')).toEqual([1]);
      expect(await freeAt(item, inDays(3), inDays(3), '09:00', '10:00')).toEqual([0]);
      expect(await freeAt(item, inDays(3), inDays(3), '12:00', '12:30')).toEqual([0]);
      const evening = await atHours(other, item, '16:00', '19:00');
      expect(evening.statusCode, evening.body).toBe(201);
      await approve(evening.json().request.id, item);

      // Across days: from 15:00 on the first to 10:00 on the last holds neither the first's morning nor the last's noon.
      const overnight = await atHours(faculty, item, '15:00', '10:00', 5, 6);
      expect(overnight.statusCode, overnight.body).toBe(201);
      expect(overnight.json().request).toMatchObject({ dateNeeded: inDays(5), dateExpectedReturn: inDays(6), timeFrom: '15:00' });
      await approve(overnight.json().request.id, item);
      expect(await freeAt(item, inDays(5), inDays(5), '08:00', '15:00')).toEqual([1]);
      expect(await freeAt(item, inDays(5), inDays(6), '14:00', '09:00')).toEqual([0, 0]);
      expect((await atHours(student, item, '10:00', '12:00', 6)).statusCode).toBe(201);
      expect((await atHours(student, item, '09:00', '11:00', 6)).statusCode).toBe(409);
      expect((await atHours(student, item, '07:00', '15:30', 5)).statusCode).toBe(409);
    });

    it('two bookings of the same hours racing for the last unit: exactly one is approved', async () => {
      const item = await newItem(app, { quantity: 1 });
      const ids: number[] = [];
      for (const cookie of [faculty, student]) {
        const res = await atHours(cookie, item, '13:00', '16:00', 4);
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().request.id);
      }
      const results = await Promise.all(ids.map((id) => act(app, staff, id, 'approve', { items: [item] })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('dates_unavailable');
    });

    it('a unit brought back at noon on a loan lends again that afternoon; overdue, it holds the whole day', async () => {
      const item = await newItem(app, { quantity: 1 });
      const id = (await atHours(faculty, item, '08:00', '12:00', 1)).json().request.id as number;
      await approve(id, item);
      await app.ctx.db
        .updateTable('borrow_requests')
        .set({ date_needed: inDays(0), date_expected_return: inDays(1) })
        .where('id', '=', id)
        .execute();
      const out = await act(app, staff, id, 'hand-out');
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json().request).toMatchObject({ handedOutAt: expect.any(String), timeTo: '12:00' });
      expect(await freeAt(item, inDays(1), inDays(1), '13:00', '16:00')).toEqual([1]);
      expect(await freeAt(item, inDays(1), inDays(1), '11:00', '13:00')).toEqual([0]);
      expect((await atHours(student, item, '13:00', '16:00', 1)).statusCode).toBe(201);
      // Due back yesterday at noon and not back: held through today, every hour of it.
      await app.ctx.db
        .updateTable('borrow_requests')
        .set({ date_expected_return: inDays(-1) })
        .where('id', '=', id)
        .execute();
      expect(await freeAt(item, inDays(0), inDays(0), '13:00', '16:00')).toEqual([0]);
    });

    it("the office's day lists bookings by pick-up time with their hours, and the pick list prints them", async () => {
      const item = await newItem(app, { quantity: 3 });
      const late = (await atHours(faculty, item, '15:00', '17:00', 9)).json().request.id as number;
      const early = (await atHours(student, item, '08:30', '10:00', 9)).json().request.id as number;
      const whole = await bookId(other, item, 1, 9, 9);
      for (const id of [late, early, whole]) await approve(id, item);
      const day = (await get(app, staff, `/api/borrow-calendar?date=${inDays(9)}`)).json();
      const ours = day.days[0].goingOut.filter((id: number) => [late, early, whole].includes(id));
      expect(ours).toEqual([whole, early, late]);
      expect(day.requests.find((r: { id: number }) => r.id === early)).toMatchObject({ timeFrom: '08:30', timeTo: '10:00' });
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/borrow-calendar/pick-list.pdf?date=${inDays(9)}`,
        headers: { cookie: staff },
      });
      const text = (await pdfPages(pdf.rawPayload)).join('\n');
      expect(text).toMatch(new RegExp(`REQ-${early} 08:30 `));
      expect(text).toMatch(new RegExp(`REQ-${late} 15:00 .*, 17:00`));
    });

    it('refuses hours that cannot be read, that end before they start, outside the office hours, or on a request for today', async () => {
      const item = await newItem(app, { quantity: 1 });
      const refused = async (res: Promise<{ statusCode: number; json: () => { error: { code: string; message: string } } }>) => {
        const r = await res;
        expect(r.statusCode).toBe(400);
        return r.json().error;
      };
      expect((await refused(atHours(student, item, '13:00', ''))).message).toBe(TIMES_MSG.both);
      expect((await refused(atHours(student, item, '25:00', '26:00'))).code).toBe('times_invalid');
      expect((await refused(atHours(student, item, '1pm', '4pm'))).message).toBe(TIMES_MSG.both);
      expect((await refused(atHours(student, item, '16:00', '13:00'))).message).toBe(TIMES_MSG.order);
      expect((await refused(atHours(student, item, '13:00', '13:00'))).message).toBe(TIMES_MSG.order);
      // The test office is open 07:00-19:00 every day.
      expect((await refused(atHours(student, item, '06:30', '09:00'))).message).toBe(
        TIMES_MSG.outsideHours('pick-up', inDays(3), '07:00', '19:00'),
      );
      expect((await refused(atHours(student, item, '13:00', '19:30'))).message).toBe(
        TIMES_MSG.outsideHours('return', inDays(3), '07:00', '19:00'),
      );
      const today = submit(app, student, [[item, 1]], {
        dateNeeded: inDays(0),
        dateExpectedReturn: inDays(1),
        timeFrom: '13:00',
        timeTo: '16:00',
      });
      expect((await refused(today)).message).toBe(TIMES_MSG.bookAheadOnly);
      for (const q of ['fromTime=13:00', 'fromTime=13:00&toTime=12:00', "fromTime=13:00&toTime=16:00'--", 'fromTime=9:00&toTime=10:00']) {
        const res = await get(app, student, `/api/availability?items=${item}&from=${inDays(3)}&to=${inDays(3)}&${q}`);
        expect(res.statusCode, q).toBe(400);
      }
      expect(await app.ctx.db.selectFrom('borrow_request_items').select('id').where('item_id', '=', item).execute()).toEqual([]);
    });

    it('a weekly series at 13:00-16:00: a morning booking on one date is no conflict, an afternoon one is', async () => {
      const item = await newItem(app, { quantity: 1 });
      let start = inDays(2);
      while (weekOf(start).start !== addDays(start, -1)) start = addDays(start, 1); // a Tuesday
      const tuesdays = Array.from({ length: 4 }, (_, i) => addDays(start, 7 * i));
      for (const [date, from, to] of [
        [tuesdays[1], '08:00', '12:00'],
        [tuesdays[2], '15:00', '17:00'],
      ]) {
        const taken = await submit(app, other, [[item, 1]], {
          bookAhead: true,
          dateNeeded: date,
          dateExpectedReturn: date,
          timeFrom: from,
          timeTo: to,
        });
        expect(taken.statusCode, taken.body).toBe(201);
        await approve(taken.json().request.id, item);
      }
      const body = {
        purpose: 'Tuesday lab',
        items: [{ itemId: item, quantity: 1 }],
        pattern: { startDate: start, weekdays: ['TU'], count: 4 },
        timeFrom: '13:00',
        timeTo: '16:00',
      };
      const made = await app.inject({ method: 'POST', url: '/api/borrow-requests/series', headers: { cookie: faculty }, payload: body });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().skipped.map((d: { date: string }) => d.date)).toEqual([tuesdays[2]]);
      expect(made.json().skipped[0].problem).toContain('between 13:00 and 16:00');
      expect(
        made.json().requests.map((r: { dateNeeded: string; timeFrom: string; timeTo: string }) => [r.dateNeeded, r.timeFrom, r.timeTo]),
      ).toEqual([tuesdays[0], tuesdays[1], tuesdays[3]].map((d) => [d, '13:00', '16:00']));
      // The office's Approve Dates lists each date with the series' hours.
      const listed = (await get(app, staff, `/api/borrow-requests/series/${made.json().seriesId}`)).json();
      expect(listed.dates.map((d: { timeFrom: string; timeTo: string }) => `${d.timeFrom}-${d.timeTo}`)).toEqual([
        '13:00-16:00',
        '13:00-16:00',
        '13:00-16:00',
      ]);
      for (const hours of [{ timeFrom: '13:00' }, { timeFrom: '16:00', timeTo: '13:00' }, { timeFrom: 'noon', timeTo: '16:00' }]) {
        const bad = await app.inject({
          method: 'POST',
          url: '/api/borrow-requests/series/preview',
          headers: { cookie: faculty },
          payload: { ...body, timeTo: '', ...hours },
        });
        expect(bad.statusCode, JSON.stringify(hours)).toBe(400);
      }
      // Hours outside the office's: every date said, none booked.
      const early = await app.inject({
        method: 'POST',
        url: '/api/borrow-requests/series/preview',
        headers: { cookie: faculty },
        payload: { ...body, timeFrom: '06:00', timeTo: '08:00' },
      });
      expect(early.json().dates.map((d: { problem: string }) => d.problem)).toEqual(
        tuesdays.map((d) => TIMES_MSG.outsideHours('pick-up', d, '07:00', '19:00')),
      );
    });
  });

  it('hands a reservation out on its day only; before that nothing goes back or out', async () => {
    const item = await newItem(app, { quantity: 2 });
    const id = await bookId(faculty, item, 2, 1, 2);
    await approve(id, item);
    const early = await act(app, staff, id, 'hand-out');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('wrong_state');
    const mark = await app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: staff } });
    expect(mark.statusCode).toBe(409);
    expect(mark.json().error.code).toBe('not_handed_out');
    // Nor is its borrower reminded to bring back what they do not have yet.
    const remind = await act(app, staff, id, 'remind');
    expect(remind.statusCode).toBe(409);
    expect(remind.json().error.code).toBe('not_handed_out');
    expect((await get(app, staff, `/api/borrow-requests/${id}`)).json().request.remindedAt).toBeNull();

    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ date_needed: inDays(0) })
      .where('id', '=', id)
      .execute();
    const out = await act(app, personnel, id, 'hand-out');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().request).toMatchObject({ totalApproved: 2, itemsOut: 2 });
    expect(out.json().request.handedOutAt).not.toBeNull();
    expect(await stockOf(app, item)).toBe(0);
    expect(await freeOn(item, inDays(0), inDays(3))).toEqual([0, 0, 0, 2]);
    expect((await act(app, staff, id, 'hand-out')).statusCode).toBe(409);
    // From now it is a loan like any other: marked returned, the stock comes back.
    expect(
      (await app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: staff } })).statusCode,
    ).toBe(200);
    expect(await stockOf(app, item)).toBe(2);
  });

  it('the borrower cancels an approved booking before it is handed out: its dates are free again; after hand-out it is a loan', async () => {
    const item = await newItem(app, { quantity: 1 });
    const id = await bookId(faculty, item, 1, 3, 3);
    await approve(id, item);
    expect(await freeOn(item, inDays(3), inDays(3))).toEqual([0]);
    expect((await book(student, item, 1, 3, 3)).statusCode).toBe(409);

    // Only its borrower: another person is told it does not exist, and the office cancels nothing this way.
    expect((await act(app, student, id, 'cancel')).statusCode).toBe(404);
    expect((await act(app, staff, id, 'cancel')).statusCode).toBe(404);
    const cancelled = await act(app, faculty, id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().request.status).toBe('cancelled');
    expect(await freeOn(item, inDays(3), inDays(3))).toEqual([1]);
    expect((await book(student, item, 1, 3, 3)).statusCode).toBe(201);
    expect((await act(app, faculty, id, 'cancel')).statusCode).toBe(409);

    // Handed out, it is out on loan: returned, never cancelled.
    const next = await bookId(faculty, item, 1, 5, 5);
    await approve(next, item);
    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ date_needed: inDays(0) })
      .where('id', '=', next)
      .execute();
    expect((await act(app, staff, next, 'hand-out')).statusCode).toBe(200);
    const late = await act(app, faculty, next, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('wrong_state');
    expect(await stockOf(app, item)).toBe(0);
    // An ordinary approved loan is not cancelled either.
    const lent = await newItem(app, { quantity: 1 });
    const loan = await requestId(app, faculty, [[lent, 1]]);
    await approve(loan, lent);
    expect((await act(app, faculty, loan, 'cancel')).statusCode).toBe(409);
  });

  it('two approvals racing for the last unit on a date: exactly one holds it', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await newItem(app, { quantity: 1 });
      const a = await bookId(faculty, item, 1, 3, 4);
      const b = await bookId(student, item, 1, 4, 5);
      const c = await requestId(app, other, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(4) });
      const results = await Promise.all([
        act(app, staff, a, 'approve', { items: [item] }),
        act(app, personnel, b, 'approve', { items: [item] }),
        act(app, staff, c, 'approve', { items: [item] }),
      ]);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok, results.map((r) => r.body).join('\n')).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect(['dates_unavailable', 'short_stock']).toContain(r.json().error.code);
      }
      expect(Math.min(...(await freeOn(item, inDays(0), inDays(5))))).toBe(0);
      expect((await freeOn(item, inDays(4), inDays(4)))[0]).toBe(0);
      const held = await app.ctx.db
        .selectFrom('borrow_request_items')
        .select((eb) => eb.fn.sum<number>(eb('quantity_reserved', '+', eb.ref('quantity_approved'))).as('n'))
        .where('item_id', '=', item)
        .executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(1);
    }
  });

  it('releases reservations not collected by the end of their day, once, with a notice; one handed out stays', async () => {
    const tz = 'Asia/Manila';
    const run = (date: string, hhmm: string) =>
      runDueJobs(app.ctx.db, tz, [reservationRelease(app.ctx)], new Date(instantAt(date, hhmm, tz)));
    const item = await newItem(app, { quantity: 2 });
    const lapsing = await bookId(faculty, item, 1, 1, 2);
    const collected = await bookId(student, item, 1, 1, 1);
    await approve(lapsing, item);
    await approve(collected, item);
    // On their day nothing is released, even after the run's hour.
    // (Any earlier test's run of the release is forgotten: the runner never runs a day before one it has run.)
    await app.ctx.db.deleteFrom('scheduled_jobs').where('job', '=', RELEASE_JOB).execute();
    expect(await run(inDays(1), '23:59')).toEqual([RELEASE_JOB]);
    expect((await get(app, staff, `/api/borrow-requests/${lapsing}`)).json().request.status).toBe('approved');
    // One is handed out on its day (its date moved to today to hand it out now); the other is not collected.
    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ date_needed: inDays(0), date_expected_return: inDays(1) })
      .where('id', '=', collected)
      .execute();
    expect((await act(app, staff, collected, 'hand-out')).statusCode).toBe(200);
    const before = await app.ctx.db.selectFrom('notifications').select('id').where('entity_id', '=', lapsing).execute();

    // Before the run's time on the next day: nothing yet; from 00:05, released; a second run that day does nothing.
    expect(await run(inDays(2), '00:01')).toEqual([]);
    expect(await run(inDays(2), '00:06')).toEqual([RELEASE_JOB]);
    expect(await run(inDays(2), '09:00')).toEqual([]);
    const after = (await get(app, faculty, `/api/borrow-requests/${lapsing}`)).json().request;
    expect(after.status).toBe('cancelled');
    expect(after.handedOutAt).toBeNull();
    expect((await get(app, staff, `/api/borrow-requests/${collected}`)).json().request).toMatchObject({ status: 'approved', itemsOut: 1 });
    const notices = await app.ctx.db.selectFrom('notifications').selectAll().where('entity_id', '=', lapsing).orderBy('id').execute();
    expect(notices.length).toBe(before.length + 1);
    expect(notices.at(-1)).toMatchObject({ title: 'Booking released' });
    // Its dates are free again: only the loan handed out holds.
    expect(await freeOn(item, inDays(1), inDays(2))).toEqual([1, 2]);
  });

  it('a day names at most 20 overdue loans, the longest overdue first, and counts them all; the pick list names all', async () => {
    const made = await approvedLoans(25, 'Overdue', (i) => ({ date_needed: inDays(-40 - i), date_expected_return: inDays(-30 - i) }));
    const oldest = made.at(-1)!;
    const d0 = (await get(app, staff, `/api/borrow-calendar?date=${inDays(0)}`)).json();
    expect(d0.days[0].overdue).toHaveLength(20);
    expect(d0.days[0].overdueTotal).toBeGreaterThanOrEqual(25);
    expect(d0.days[0].overdue[0]).toBe(oldest);
    expect(d0.requests.length).toBeLessThanOrEqual(d0.days[0].goingOut.length + d0.days[0].comingBack.length + 20);
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/borrow-calendar/pick-list.pdf?date=${inDays(0)}`,
      headers: { cookie: staff },
    });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const id of made) expect(text).toContain(`REQ-${id}`);
    await app.ctx.db.deleteFrom('borrow_requests').where('id', 'in', made).execute();
  });

  it('the week names at most 10 going out and 10 coming back a day and counts them all; the day names every one', async () => {
    const ids = await approvedLoans(12, 'Busy week', () => ({ date_needed: inDays(20), date_expected_return: inDays(21) }));
    const week = (await get(app, staff, `/api/borrow-calendar?date=${inDays(20)}&view=week`)).json();
    const on = (date: string) => week.days.find((d: { date: string }) => d.date === date);
    expect(on(inDays(20)).goingOut).toHaveLength(10);
    expect(on(inDays(20)).goingOutTotal).toBeGreaterThanOrEqual(12);
    if (on(inDays(21))) {
      expect(on(inDays(21)).comingBack).toHaveLength(10);
      expect(on(inDays(21)).comingBackTotal).toBeGreaterThanOrEqual(12);
    }
    // Only the named requests are sent.
    const named = new Set(
      week.days.flatMap((d: { goingOut: number[]; comingBack: number[]; overdue: number[] }) => [
        ...d.goingOut,
        ...d.comingBack,
        ...d.overdue,
      ]),
    );
    expect(week.requests.map((r: { id: number }) => r.id).sort()).toEqual([...named].sort());
    const day = (await get(app, staff, `/api/borrow-calendar?date=${inDays(20)}`)).json();
    expect(day.days[0].goingOut).toEqual(expect.arrayContaining(ids));
    expect(day.days[0].goingOutTotal).toBe(day.days[0].goingOut.length);
    await app.ctx.db.deleteFrom('borrow_requests').where('id', 'in', ids).execute();
  });

  it("the office's day and week: what goes out, comes back and is overdue per day, and the day's pick list", async () => {
    const item = await newItem(app, { quantity: 5, name: `Pick item ${Math.random().toString(36).slice(2, 6)}` });
    const today0 = inDays(0);
    const goingToday = await requestId(app, faculty, [[item, 1]], { dateNeeded: today0, dateExpectedReturn: inDays(1) });
    await approve(goingToday, item);
    const booking = await bookId(student, item, 2, 2, 3);
    await approve(booking, item);
    const late = await requestId(app, other, [[item, 1]], { dateNeeded: today0, dateExpectedReturn: today0 });
    await approve(late, item);
    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ date_needed: inDays(-5), date_expected_return: inDays(-2) })
      .where('id', '=', late)
      .execute();
    const pending = await requestId(app, other, [[item, 1]], { dateNeeded: today0, dateExpectedReturn: inDays(1) });

    const day = await get(app, personnel, `/api/borrow-calendar?date=${today0}`);
    expect(day.statusCode, day.body).toBe(200);
    const d0 = day.json();
    expect(d0).toMatchObject({ from: today0, to: today0, today: today0 });
    expect(d0.days[0].goingOut).toContain(goingToday);
    expect(d0.days[0].goingOut).not.toContain(pending);
    expect(d0.days[0].overdue).toContain(late);
    expect(d0.days[0].overdue).not.toContain(goingToday);

    const week = (await get(app, staff, `/api/borrow-calendar?date=${inDays(2)}&view=week`)).json();
    const start = weekOf(inDays(2)).start;
    expect(week.from).toBe(start);
    expect(week.days.map((x: { date: string }) => x.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
    const on = (date: string) => week.days.find((x: { date: string }) => x.date === date);
    expect(on(inDays(2)).goingOut).toContain(booking);
    // A booking not handed out is not out: it comes back on no day and is never overdue.
    if (on(inDays(3))) expect(on(inDays(3)).comingBack).not.toContain(booking);
    for (const x of week.days) expect(x.overdue).not.toContain(booking);
    if (on(inDays(1))) expect(on(inDays(1)).comingBack).toContain(goingToday);
    if (on(inDays(2))) expect(on(inDays(2)).overdue).toContain(goingToday);
    // Each named request once, lean: whose, and what it holds (a booking its reserved amount, a loan what was lent).
    const named = (id: number) => week.requests.find((r: { id: number }) => r.id === id);
    const itemName = (await get(app, staff, `/api/borrow-requests/${booking}`)).json().request.items[0].name;
    expect(named(booking)).toMatchObject({ code: `REQ-${booking}`, status: 'approved', bookAhead: true, handedOutAt: null });
    expect(named(booking).holds).toEqual([{ name: itemName, quantity: 2, units: [] }]);
    expect(named(goingToday).holds).toEqual([{ name: itemName, quantity: 1, units: [] }]);
    expect(named(booking)).not.toHaveProperty('purpose');
    expect(new Set(week.requests.map((r: { id: number }) => r.id)).size).toBe(week.requests.length);
    for (const x of week.days) expect(x.overdueTotal).toBe(x.overdue.length);

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/borrow-calendar/pick-list.pdf?date=${inDays(2)}`,
      headers: { cookie: personnel },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('PICK LIST');
    expect(text).toContain(`REQ-${booking}`);
    expect(text).toContain('Going out');

    expect((await get(app, student, `/api/borrow-calendar?date=${today0}`)).statusCode).toBe(403);
    expect((await get(app, staff, `/api/borrow-calendar?date=nope`)).statusCode).toBe(400);
    expect((await get(app, staff, `/api/borrow-calendar?date=${today0}&view=month`)).statusCode).toBe(400);
  });

  it('a recurring booking: one request per date, the conflicting date named and skipped, each date its own loan', async () => {
    const item = await newItem(app, { quantity: 1 });
    let start = inDays(2);
    while (weekOf(start).start !== addDays(start, -1)) start = addDays(start, 1); // a Tuesday
    const tuesdays = Array.from({ length: 6 }, (_, i) => addDays(start, 7 * i));
    // The third Tuesday is taken.
    const taken = await submit(app, other, [[item, 1]], { bookAhead: true, dateNeeded: tuesdays[2], dateExpectedReturn: tuesdays[2] });
    expect(taken.statusCode, taken.body).toBe(201);
    await approve(taken.json().request.id, item);
    const body = {
      purpose: 'Tuesday lab',
      items: [{ itemId: item, quantity: 1 }],
      pattern: { startDate: start, weekdays: ['TU'], count: 6 },
    };
    const preview = await app.inject({
      method: 'POST',
      url: '/api/borrow-requests/series/preview',
      headers: { cookie: faculty },
      payload: body,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const dates = preview.json().dates as { date: string; problem: string | null; conflicts: unknown[] }[];
    expect(dates.map((d) => d.date)).toEqual(tuesdays);
    expect(dates.filter((d) => d.problem).map((d) => d.date)).toEqual([tuesdays[2]]);
    expect(dates[2].conflicts).toEqual([{ itemId: item, itemName: expect.any(String), wanted: 1, days: [{ date: tuesdays[2], free: 0 }] }]);

    const made = await app.inject({ method: 'POST', url: '/api/borrow-requests/series', headers: { cookie: faculty }, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    const { seriesId, requests, skipped, message } = made.json();
    expect(requests.map((r: { dateNeeded: string }) => r.dateNeeded)).toEqual(tuesdays.filter((_, i) => i !== 2));
    expect(requests.every((r: { seriesId: number; bookAhead: boolean }) => r.seriesId === seriesId && r.bookAhead)).toBe(true);
    expect(skipped.map((d: { date: string }) => d.date)).toEqual([tuesdays[2]]);
    expect(message).toBe('5 dates requested; 1 date could not be booked.');
    // The office approves every date but the last: each is its own reservation, then its own loan.
    for (const r of requests.slice(0, 4)) await approve(r.id, item);
    expect(await freeOn(item, tuesdays[0], tuesdays[0])).toEqual([0]);
    expect(await freeOn(item, tuesdays[5], tuesdays[5])).toEqual([1]);
    // Nothing free at all: refused, naming the dates.
    const again = await app.inject({
      method: 'POST',
      url: '/api/borrow-requests/series',
      headers: { cookie: student },
      payload: { ...body, pattern: { startDate: start, weekdays: ['TU'], count: 2 } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('dates_unavailable');
    expect(again.json().conflicts.length).toBe(2);
    for (const pattern of [
      { startDate: start, weekdays: ['TU'] },
      { startDate: start, weekdays: ['TU'], count: 2, until: tuesdays[3] },
      { startDate: start, weekdays: [], count: 2 },
      { startDate: start, weekdays: ['TU'], count: 60 },
      { startDate: 'soon', weekdays: ['TU'], count: 2 },
      { startDate: start, weekdays: ['TU'], until: addDays(start, 800) },
    ]) {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/borrow-requests/series/preview',
        headers: { cookie: faculty },
        payload: { ...body, pattern },
      });
      expect(bad.statusCode, JSON.stringify(pattern)).toBe(400);
    }
  });

  it('a weekly series is written whole or not at all: a failure at its fourth date leaves none of its requests', async () => {
    const item = await newItem(app, { quantity: 2 });
    let start = inDays(2);
    while (weekOf(start).start !== addDays(start, -1)) start = addDays(start, 1); // a Tuesday
    const body = {
      purpose: 'Lab that fails',
      items: [{ itemId: item, quantity: 1 }],
      pattern: { startDate: start, weekdays: ['TU'], count: 5 },
    };
    const lines = () => app.ctx.db.selectFrom('borrow_request_items').select('request_id').where('item_id', '=', item).execute();
    // The activity entry of the fourth request fails, as a lost database connection would.
    const record = app.ctx.activity.record;
    let calls = 0;
    app.ctx.activity.record = async (...args) => {
      if (++calls === 4) throw new Error('connection lost');
      return record(...args);
    };
    try {
      const failed = await app.inject({ method: 'POST', url: '/api/borrow-requests/series', headers: { cookie: faculty }, payload: body });
      expect(failed.statusCode).toBe(500);
    } finally {
      app.ctx.activity.record = record;
    }
    expect(await lines()).toEqual([]);
    const made = await app.inject({ method: 'POST', url: '/api/borrow-requests/series', headers: { cookie: faculty }, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    expect((await lines()).length).toBe(5);
  });

  it('the office decides a weekly series at once: the chosen dates approved, the others rejected', async () => {
    const item = await newItem(app, { quantity: 1 });
    const body = {
      purpose: 'Lab',
      items: [{ itemId: item, quantity: 1 }],
      pattern: { startDate: inDays(8), weekdays: ['MO', 'WE'], count: 3 },
    };
    const made = await app.inject({ method: 'POST', url: '/api/borrow-requests/series', headers: { cookie: faculty }, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    const { seriesId, requests } = made.json();
    expect(requests).toHaveLength(3);
    const ids = requests.map((r: { id: number }) => r.id);
    const decide = (payload: Record<string, unknown>, cookie = staff) =>
      app.inject({ method: 'POST', url: `/api/borrow-requests/series/${seriesId}/approve`, headers: { cookie }, payload });
    expect((await decide({ requests: [ids[0]] }, faculty)).statusCode).toBe(403);
    expect((await decide({ requests: [999999] })).statusCode).toBe(400);
    // Approving none is refused in Approve Dates' words, and no date is rejected by it.
    const none = await decide({ requests: [] });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error).toEqual({ code: 'invalid_input', message: NO_DATE_TICKED });
    expect(
      (await app.inject({ method: 'POST', url: '/api/borrow-requests/series/999999/approve', headers: { cookie: staff }, payload: {} }))
        .statusCode,
    ).toBe(404);
    // The series' dates, for the office's Approve Dates: first date first, each with its status.
    const listed = await get(app, staff, `/api/borrow-requests/series/${seriesId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      seriesId,
      dates: requests.map((r: { id: number; dateNeeded: string; dateExpectedReturn: string }) => ({
        id: r.id,
        code: `REQ-${r.id}`,
        dateNeeded: r.dateNeeded,
        dateExpectedReturn: r.dateExpectedReturn,
        timeFrom: null,
        timeTo: null,
        status: 'pending',
      })),
    });
    expect((await get(app, faculty, `/api/borrow-requests/series/${seriesId}`)).statusCode).toBe(403);
    expect((await get(app, staff, '/api/borrow-requests/series/999999')).statusCode).toBe(404);
    expect((await get(app, staff, '/api/borrow-requests/series/abc')).statusCode).toBe(400);
    const res = await decide({ requests: [ids[0], ids[2]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      approved: [ids[0], ids[2]],
      rejected: [ids[1]],
      refused: [],
      message: '2 dates approved, 1 rejected.',
    });
    const statuses = await Promise.all(
      ids.map(async (id: number) => (await get(app, faculty, `/api/borrow-requests/${id}`)).json().request.status),
    );
    expect(statuses).toEqual(['approved', 'rejected', 'approved']);
    // Deciding again changes nothing: no date is pending any more.
    expect((await decide({ requests: ids })).json()).toMatchObject({ approved: [], rejected: [], refused: [] });
    // All at once: every pending date approved, one the items are not free on said and left pending.
    const next = await app.inject({
      method: 'POST',
      url: '/api/borrow-requests/series',
      headers: { cookie: student },
      payload: { ...body, pattern: { startDate: inDays(30), weekdays: ['MO', 'WE'], count: 2 } },
    });
    expect(next.statusCode, next.body).toBe(201);
    const [first, second] = next.json().requests.map((r: { id: number }) => r.id);
    const secondDay = daysBetween(today(), next.json().requests[1].dateNeeded);
    await approve(await bookId(other, item, 1, secondDay, secondDay), item);
    const all = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/series/${next.json().seriesId}/approve`,
      headers: { cookie: personnel },
      payload: { all: true },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().approved).toEqual([first]);
    expect(all.json().refused).toEqual([
      { id: second, date: next.json().requests[1].dateNeeded, code: 'dates_unavailable', message: expect.any(String) },
    ]);
  });
});
