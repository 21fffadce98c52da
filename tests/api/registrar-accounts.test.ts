import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/time';
import { act, newItem, requestId } from '../borrowing';
import { addAccount, ADDED_PASSWORD, login, loginAs, makeApp, type TestApp } from '../helpers';

/** Accounts from the registrar (docs/decisions/registrar-accounts.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('accounts from the registrar', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let writer: string;
  let reader: string;

  const token = async (people: 'read' | 'write') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { cookie: admin },
      payload: {
        name: `Registrar ${people}`,
        expiresOn: addDays(todayIn(app.ctx.config.campusTimeZone), 30),
        scopes: { borrowing: 'none', repairs: 'none', inventory: 'none', locations: 'none', people },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secret as string;
  };

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff')]);
    [writer, reader] = await Promise.all([token('write'), token('read')]);
  });
  afterAll(() => app.close());

  const bulk = (payload: object, secret = writer) =>
    app.inject({ method: 'POST', url: '/api/accounts/bulk', headers: { authorization: `Bearer ${secret}` }, payload });
  const leave = (emails: string[], secret = writer) =>
    app.inject({
      method: 'POST',
      url: '/api/accounts/bulk-deactivate',
      headers: { authorization: `Bearer ${secret}` },
      payload: { emails },
    });
  const person = (n: number, over: Record<string, unknown> = {}) => ({
    role: 'student',
    fullName: `Registrar Student ${n}`,
    email: `reg${n}@campus.test`,
    contactNumber: '0917 555 0000',
    department: 'CENG',
    ...over,
  });
  const accountOf = (email: string) => app.ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates students and faculty approved at once, with a token holding people: write', async () => {
    const res = await bulk({
      approve: true,
      accounts: [person(1), person(2, { role: 'faculty', department: 'College of Arts and Sciences' }), person(3, { department: '' })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, updated: 0, unchanged: 0, approved: 3, pending: 0 });
    const two = await accountOf('reg2@campus.test');
    expect(two).toMatchObject({ role: 'faculty', status: 'accepted', full_name: 'Registrar Student 2', contact_number: '09175550000' });
    expect(two!.department_id).not.toBeNull();
    expect((await accountOf('reg3@campus.test'))!.department_id).toBeNull();
    // Nobody knows their password: campus sign-in, or Forgot password.
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'reg1@campus.test', password: '', portal: 'user' } }))
        .statusCode,
    ).toBe(400);
  });

  it('is refused to a read-only token and to staff', async () => {
    const res = await bulk({ approve: true, accounts: [person(9)] }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('read-only');
    const bySession = await app.inject({
      method: 'POST',
      url: '/api/accounts/bulk',
      headers: { cookie: staff },
      payload: { approve: true, accounts: [person(9)] },
    });
    expect(bySession.statusCode).toBe(403);
    expect(await accountOf('reg9@campus.test')).toBeUndefined();
  });

  it('writes nothing when any row is wrong, and answers every row with its problems', async () => {
    const res = await bulk({
      approve: true,
      accounts: [
        person(10),
        person(11, { email: 'not-an-email', fullName: '' }),
        person(12, { role: 'admin' }),
        person(13, { department: 'Nursing' }),
        person(14, { email: 'REG10@campus.test' }),
        person(15, { email: 'staff@campus.test' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('rows_invalid');
    expect(body.error.message).toBe('5 rows have problems: nothing was saved. Each row\u2019s problems are listed.'.replace('\u2019', "'"));
    expect(body.rows).toEqual([
      { row: 2, email: 'not-an-email', errors: ['Full name is required', 'Please enter a valid email address'] },
      { row: 3, email: 'reg12@campus.test', errors: ['Role must be student or faculty'] },
      {
        row: 4,
        email: 'reg13@campus.test',
        errors: ['Unknown department “Nursing”: use a department’s code or name from the Departments list.'],
      },
      { row: 5, email: 'reg10@campus.test', errors: ['This email is also on row 1: each person once per call.'] },
      {
        row: 6,
        email: 'staff@campus.test',
        errors: ['This email belongs to a staff account: the registrar can only send students and faculty.'],
      },
    ]);
    expect(await accountOf('reg10@campus.test')).toBeUndefined();
  });

  it('refuses more than 5,000 rows', async () => {
    const res = await bulk({ approve: true, accounts: Array.from({ length: 5001 }, (_, i) => person(100_000 + i)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('At most 5,000 accounts per call');
  });

  it('updates by email, leaves the unchanged alone, and can leave new accounts for the office', async () => {
    const res = await bulk({
      approve: false,
      accounts: [person(1, { fullName: 'Registrar Student One' }), person(2, { role: 'faculty', department: 'CAS' }), person(20)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 1, unchanged: 1, approved: 0, pending: 1 });
    expect((await accountOf('reg1@campus.test'))!.full_name).toBe('Registrar Student One');
    expect((await accountOf('reg20@campus.test'))!.status).toBe('pending');
    // Sent again approved, the pending one is accepted.
    const again = await bulk({ approve: true, accounts: [person(20)] });
    expect(again.json()).toMatchObject({ created: 0, updated: 1, approved: 1 });
    expect((await accountOf('reg20@campus.test'))!.status).toBe('accepted');
  });

  it('deactivates leavers by the end-of-term sweep rules: those holding items stay active and are listed', async () => {
    const holder = await addAccount(app, 'student');
    const leaver = await addAccount(app, 'faculty');
    const item = await newItem(app, { quantity: 2 });
    const cookie = await login(app, holder.email, ADDED_PASSWORD, 'user');
    const id = await requestId(app, cookie, [[item, 1]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    const res = await leave([holder.email, leaver.email.toUpperCase(), 'nobody@campus.test', 'staff@campus.test']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deactivated: 1,
      held: [{ email: holder.email, fullName: holder.fullName, holding: expect.stringContaining('1') }],
      unknown: ['nobody@campus.test'],
      notStudentOrFaculty: ['staff@campus.test'],
      alreadyDeactivated: [],
    });
    expect((await accountOf(leaver.email))!.deactivated_at).not.toBeNull();
    expect((await accountOf(holder.email))!.deactivated_at).toBeNull();
    expect((await leave([leaver.email])).json()).toMatchObject({ deactivated: 0, alreadyDeactivated: [leaver.email] });
  });

  it('takes 5,000 rows in one call', async () => {
    const accounts = Array.from({ length: 5000 }, (_, i) => person(200_000 + i, { role: i % 5 ? 'student' : 'faculty' }));
    const started = performance.now();
    const res = await bulk({ approve: true, accounts });
    const ms = Math.round(performance.now() - started);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ created: 5000, approved: 5000 });
    // Sent again with every name changed: 5,000 updates, in sets.
    const renamed = accounts.map((a) => ({ ...a, fullName: `${a.fullName} Jr.` }));
    const again = performance.now();
    const res2 = await bulk({ approve: true, accounts: renamed });
    expect(res2.json()).toMatchObject({ created: 0, updated: 5000 });
    console.info(
      `registrar bulk on ${app.ctx.dialect}: 5,000 created in ${ms} ms, 5,000 updated in ${Math.round(performance.now() - again)} ms`,
    );
    const leaving = performance.now();
    const leavers = await leave(accounts.map((a) => a.email));
    expect(leavers.json().deactivated).toBe(5000);
    console.info(`registrar leavers on ${app.ctx.dialect}: 5,000 deactivated in ${Math.round(performance.now() - leaving)} ms`);
  }, 120_000);
});
