import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROW_HOLD_REASON_MAX } from '../../core/accounts/rules';
import { MSG } from '../../core/messages';
import { createRequest } from '../../server/modules/borrowing/submit';
import { inDays, newItem, submit } from '../borrowing';
import { eventually, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Borrowing holds (docs/decisions/borrow-holds.md): administrators place and lift them on students and faculty,
 * new requests are refused with the reason, the person sees and is told, the activity log keeps them. On SQLite
 * and, with TEST_DATABASE_URL or DATABASE_URL, on PostgreSQL.
 */
describe('borrowing holds', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let student: string;
  let faculty: string;
  let studentId: number;
  let facultyId: number;
  let item: number;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, student, faculty] = await Promise.all((['admin', 'staff', 'student', 'faculty'] as const).map((w) => loginAs(app, w)));
    const me = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().account.id as number;
    studentId = await me(student);
    facultyId = await me(faculty);
    item = await newItem(app, { quantity: 20 });
  });
  afterAll(() => app.close());

  const place = (id: number, reason: unknown, cookie = admin) =>
    app.inject({ method: 'POST', url: `/api/accounts/${id}/borrow-hold`, headers: { cookie }, payload: { reason } as object });
  const lift = (id: number, cookie = admin) =>
    app.inject({ method: 'DELETE', url: `/api/accounts/${id}/borrow-hold`, headers: { cookie } });
  const meOf = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().account;
  const requestsOf = async (accountId: number) =>
    Number(
      (
        await app.ctx.db
          .selectFrom('borrow_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses staff, a blank or too long reason, and office accounts, changing nothing', async () => {
    const byStaff = await place(studentId, 'Unreturned projector', staff);
    expect(byStaff.statusCode).toBe(403);
    expect((await place(studentId, 'Unreturned projector', student)).statusCode).toBe(403);
    const blank = await place(studentId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MSG.borrowHoldReasonRequired);
    const long = await place(studentId, 'x'.repeat(BORROW_HOLD_REASON_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(MSG.holdReasonTooLong(BORROW_HOLD_REASON_MAX));
    const staffMe = await meOf(staff);
    const office = await place(staffMe.id, 'No reason');
    expect(office.statusCode).toBe(400);
    expect(office.json().error.code).toBe('not_borrower');
    expect((await place(999999, 'Gone')).statusCode).toBe(404);
    expect((await meOf(student)).borrowHold).toBeNull();
    expect((await lift(studentId)).json().error.code).toBe('already_done');
  });

  it('places a hold: the person sees it, is told by bell and mail, and the activity log keeps the reason', async () => {
    const res = await place(studentId, '  Unreturned   projector from REQ-7 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.borrowHoldPlaced);
    expect(res.json().account.borrowHold.reason).toBe('Unreturned projector from REQ-7');
    expect((await meOf(student)).borrowHold).toMatchObject({ reason: 'Unreturned projector from REQ-7' });
    // A second hold does not stack.
    const again = await place(studentId, 'Another');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_done');

    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: student } })).json();
    expect(JSON.stringify(bell)).toContain('Borrowing on hold');
    expect(JSON.stringify(bell)).toContain('Unreturned projector from REQ-7');
    await eventually(async () => {
      const out = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=student@campus.test', headers: { cookie: admin } });
      return JSON.stringify(out.json()).includes('Borrowing on hold');
    });

    const log = await app.inject({ method: 'GET', url: '/api/activity/audit?type=borrow_hold_placed', headers: { cookie: admin } });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().actionTypes).toContain('borrow_hold_placed');
    expect(log.json().items[0].description).toContain('Unreturned projector from REQ-7');

    // The user-management list carries it for the badge.
    const list = await app.inject({ method: 'GET', url: '/api/accounts?type=faculty&pageSize=100', headers: { cookie: staff } });
    const row = list.json().items.find((a: { id: number }) => a.id === studentId);
    expect(row.borrowHold.reason).toBe('Unreturned projector from REQ-7');
  });

  it('refuses a new request while held, with the reason and how to clear it, writing nothing; others still borrow', async () => {
    const before = await requestsOf(studentId);
    const refused = await submit(app, student, [[item, 1]]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('borrow_hold');
    expect(refused.json().error.message).toBe(MSG.borrowOnHold('Unreturned projector from REQ-7'));
    expect(refused.json().error.message).toContain('Contact the General Services Office to clear it.');
    // Even a request that would fail the form says the hold first.
    expect((await submit(app, student, [[item, 1]], { purpose: '' })).json().error.code).toBe('borrow_hold');
    expect(await requestsOf(studentId)).toBe(before);
    expect((await submit(app, faculty, [[item, 1]])).statusCode).toBe(201);
  });

  it('lifts the hold: recorded with its reason, the person told, and borrowing works again', async () => {
    const res = await lift(studentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account.borrowHold).toBeNull();
    expect((await lift(studentId)).statusCode).toBe(409);
    expect((await meOf(student)).borrowHold).toBeNull();
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: student } })).json();
    expect(JSON.stringify(bell)).toContain('Borrowing hold lifted');
    const log = await app.inject({ method: 'GET', url: '/api/activity/audit?type=borrow_hold_lifted', headers: { cookie: admin } });
    expect(log.json().items[0].description).toContain('lifted the borrowing hold');
    expect(log.json().items[0].description).toContain('Unreturned projector from REQ-7');
    expect((await submit(app, student, [[item, 1]])).statusCode).toBe(201);
  });

  it("a hold placed after the session was read still wins: checked again inside the request's transaction", async () => {
    // The account as the request's session read it, before the hold.
    const stale = await app.ctx.db.selectFrom('accounts').selectAll().where('id', '=', facultyId).executeTakeFirstOrThrow();
    expect(stale.borrow_hold_reason).toBeNull();
    expect((await place(facultyId, 'Damaged laptop unpaid')).statusCode).toBe(200);
    const before = await requestsOf(facultyId);
    const input = {
      purpose: 'Department event',
      dateNeeded: inDays(1),
      dateExpectedReturn: inDays(3),
      items: [{ itemId: item, quantity: 1 }],
    };
    await expect(createRequest(app.ctx, stale, input)).rejects.toMatchObject({ statusCode: 403, code: 'borrow_hold' });
    expect(await requestsOf(facultyId)).toBe(before);
    expect((await lift(facultyId)).statusCode).toBe(200);
    await expect(createRequest(app.ctx, stale, input)).resolves.toMatchObject({ status: 'pending' });
  });
});
