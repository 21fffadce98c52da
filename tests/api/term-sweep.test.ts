import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/time';
import { login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * The end-of-term sweep (docs/decisions/campus-sign-in.md), on SQLite and, with DATABASE_URL, on
 * PostgreSQL: choose students by last sign-in or by a list of emails, see who still holds items, deactivate the
 * others in one step, the holders once they return; reactivation is one click; the activity log records it.
 */
describe('end-of-term sweep', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let today: string;
  const send = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload });
  const preview = (body: object, cookie = admin) => send(cookie, 'POST', '/api/accounts/term-sweep/preview', body);

  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
    staff = await loginAs(app, 'staff');
    await loginAs(app, 'student');
    today = todayIn(app.ctx.config.campusTimeZone);
  });
  afterAll(() => app.close());

  it('is for administrators, and needs a date or a list', async () => {
    expect((await preview({ notSignedInSince: today }, staff)).statusCode).toBe(403);
    expect((await send(staff, 'POST', '/api/accounts/term-sweep', { ids: [1] })).statusCode).toBe(403);
    const none = await preview({ role: 'student' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('Choose a date or give a list of emails.');
    expect((await preview({ notSignedInSince: '2026-02-31x' })).statusCode).toBe(400);
    expect((await preview({ role: 'admin', notSignedInSince: today })).statusCode).toBe(400);
    expect((await send(admin, 'POST', '/api/accounts/term-sweep', { ids: [] })).statusCode).toBe(400);
  });

  it('chooses by last sign-in: who signed in since the day is left out', async () => {
    const all = (await preview({ notSignedInSince: addDays(today, 2) })).json();
    const since = (await preview({ notSignedInSince: addDays(today, -1) })).json();
    expect(all.people.map((p: { email: string }) => p.email)).toContain('student@campus.test');
    expect(since.people.map((p: { email: string }) => p.email)).not.toContain('student@campus.test');
    expect(all.people.every((p: { role: string }) => p.role === 'student')).toBe(true);
    expect(since.people.length).toBe(all.people.length - 1);
  });

  it('chooses by a list of emails, telling which match no one', async () => {
    const res = (await preview({ emails: ['Student@campus.test', 'nobody@campus.test', 'faculty@campus.test'] })).json();
    expect(res.people.map((p: { email: string }) => p.email)).toEqual(['student@campus.test']);
    expect(res.unmatched).toEqual(['nobody@campus.test', 'faculty@campus.test']);
  });

  it('deactivates those who hold nothing in one step, keeps the holders, and reactivates with one click', async () => {
    const { people } = (await preview({ notSignedInSince: addDays(today, 2) })).json() as {
      people: { id: number; email: string; fullName: string; holding: string | null }[];
    };
    const holders = people.filter((p) => p.holding);
    const free = people.filter((p) => !p.holding);
    expect(free.length).toBeGreaterThan(0);
    const res = await send(admin, 'POST', '/api/accounts/term-sweep', { ids: people.map((p) => p.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deactivated: free.length, held: holders.map((h) => ({ id: h.id, holding: h.holding })) });
    // Deactivated: signed out and refused at sign-in.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'student@campus.test', password: 'student123', portal: 'user' },
    });
    if (free.some((p) => p.email === 'student@campus.test')) expect(refused.json().error.code).toBe('account_deactivated');
    // The next preview shows only the holders; a second sweep changes nothing.
    const after = (await preview({ notSignedInSince: addDays(today, 2) })).json();
    expect(after.people.map((p: { id: number }) => p.id)).toEqual(holders.map((h) => h.id));
    expect((await send(admin, 'POST', '/api/accounts/term-sweep', { ids: free.map((p) => p.id) })).json().deactivated).toBe(0);
    // One click brings one back.
    const back = await send(admin, 'POST', `/api/accounts/${free[0].id}/reactivate`);
    expect(back.statusCode).toBe(200);
    const log = (await send(admin, 'GET', '/api/activity/audit?type=term_sweep&pageSize=100')).json();
    expect(JSON.stringify(log)).toContain(`ran the end-of-term sweep: ${free.length} deactivated`);
    const each = (await send(admin, 'GET', '/api/activity/audit?type=account_deactivated&pageSize=100')).json();
    expect(JSON.stringify(each)).toContain('(end-of-term sweep)');
  });

  it('never deactivates office accounts or personnel, even when named', async () => {
    const me = (await send(admin, 'GET', '/api/auth/me')).json().account.id;
    const res = (await send(admin, 'POST', '/api/accounts/term-sweep', { ids: [me] })).json();
    expect(res.deactivated).toBe(0);
    expect((await login(app, 'admin@campus.test', 'admin123', 'admin')).startsWith('gso_session=')).toBe(true);
  });
});
