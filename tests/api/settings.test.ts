import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { act, get, newItem, requestId, statusOf } from '../borrowing';
import { ADDED_PASSWORD, addAccount, eventually, FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/** Settings in every portal (docs/product.md; docs/decisions/passwords.md, account-deletion.md) and the forgotten password. */
describe('one’s own account', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  /** A new accepted, verified account of the role, signed in; answers its id, email and cookie. */
  async function person(role: 'student' | 'faculty' | 'personnel' = 'student') {
    const { id, email } = await addAccount(app, role);
    const portal = role === 'personnel' ? 'personnel' : 'user';
    return { id, email, portal, cookie: await login(app, email, ADDED_PASSWORD, portal) } as const;
  }
  const put = (cookie: string, url: string, payload: object) => app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  describe('profile', () => {
    it('checks the fields in the form’s order, and the email is unique whatever its case', async () => {
      const p = await person();
      const profile = { fullName: 'Rosa Dizon', email: p.email, contactNumber: '09171234567' };
      const cases: [object, string][] = [
        [{ ...profile, fullName: '  ', email: 'bad' }, MSG.fullNameRequired],
        [{ ...profile, email: 'bad' }, MSG.emailInvalid],
        [{ ...profile, contactNumber: '' }, MSG.contactRequired],
        [{ ...profile, contactNumber: '12ab' }, MSG.contactInvalid],
        // Letters are never kept, nor silently dropped by the server: the screen strips them as they are typed.
        [{ ...profile, contactNumber: '0917-abc-555' }, MSG.contactInvalid],
        [{ ...profile, fullName: 'x'.repeat(101) }, MSG.fullNameTooLong],
      ];
      for (const [body, message] of cases) {
        const res = await put(p.cookie, '/api/me/profile', body);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      const taken = await put(p.cookie, '/api/me/profile', { ...profile, email: 'STUDENT@campus.test' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toEqual({ code: 'email_taken', message: MSG.emailTaken });

      const ok = await put(p.cookie, '/api/me/profile', profile);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ message: MSG.profileUpdated, account: { fullName: 'Rosa Dizon', contactNumber: '09171234567' } });
      expect((await me(p.cookie)).json().account.fullName).toBe('Rosa Dizon');
    });

    it('a changed email signs in only after it is verified; the job type is the personnel’s own', async () => {
      const p = await person('personnel');
      const res = await put(p.cookie, '/api/me/profile', {
        fullName: 'Joy Cruz',
        email: `New.${p.email}`,
        contactNumber: '09171234567',
        jobType: 'plumber',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.emailChangedVerify, account: { email: `new.${p.email}`, jobType: 'plumber' } });
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `new.${p.email}`, password: ADDED_PASSWORD, portal: 'personnel' },
      });
      expect(again.statusCode).toBe(403);
      expect(again.json().error.code).toBe('email_not_verified');

      const s = await person('student');
      await put(s.cookie, '/api/me/profile', { fullName: 'Sam', email: s.email, contactNumber: '09171234567', jobType: 'plumber' });
      expect((await me(s.cookie)).json().account.jobType).toBeNull();
    });
  });

  describe('password', () => {
    it('checks the form, refuses a wrong current password, and ends every other session of the account', async () => {
      const p = await person();
      const other = await login(app, p.email, ADDED_PASSWORD, 'user');
      const change = (body: object) => put(p.cookie, '/api/auth/password', body);
      const cases: [object, string][] = [
        [{ currentPassword: '', newPassword: '', confirmPassword: '' }, MSG.currentPasswordRequired],
        [{ currentPassword: ADDED_PASSWORD, newPassword: '', confirmPassword: '' }, MSG.newPasswordRequired],
        [{ currentPassword: ADDED_PASSWORD, newPassword: 'abc', confirmPassword: 'abc' }, MSG.newPasswordTooShort],
        [{ currentPassword: ADDED_PASSWORD, newPassword: 'abcdef', confirmPassword: 'abcdeg' }, MSG.newPasswordMismatch],
        [{ currentPassword: ADDED_PASSWORD, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, MSG.newPasswordTooLong],
      ];
      for (const [body, message] of cases) {
        const res = await change(body);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      const wrong = await change({ currentPassword: 'nope123', newPassword: 'better1', confirmPassword: 'better1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({ code: 'wrong_password', message: MSG.currentPasswordWrong });

      const ok = await change({ currentPassword: ADDED_PASSWORD, newPassword: 'better1', confirmPassword: 'better1' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe(MSG.passwordUpdated);
      expect((await me(p.cookie)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      await expect(login(app, p.email, ADDED_PASSWORD, 'user')).rejects.toThrow();
      expect(await login(app, p.email, 'better1', 'user')).toMatch(/^gso_session=/);
    });

    it('counts guesses of the current password', async () => {
      const p = await person();
      const guess = () =>
        put(p.cookie, '/api/auth/password', { currentPassword: 'guess12', newPassword: 'better1', confirmPassword: 'better1' });
      for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
      expect((await guess()).statusCode).toBe(429);
    });
  });

  describe('deleting one’s account', () => {
    it('is refused while borrowed items are out, then removes the account and keeps its history as "Deleted user"', async () => {
      const p = await person();
      const item = await newItem(app, { quantity: 5 });
      const loan = await requestId(app, p.cookie, [[item, 1]]);
      expect((await act(app, admin, loan, 'approve', { items: [item] })).statusCode).toBe(200);
      const waiting = await requestId(app, p.cookie, [[item, 2]]);

      const refused = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: p.cookie } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'account_in_use', message: MSG.accountHasLoans({ notReturned: 1, awaitingCheck: 0 }) });

      // The loan comes back and is completed; the other request is still pending.
      await app.ctx.db.updateTable('borrow_requests').set({ status: 'completed' }).where('id', '=', loan).execute();
      const done = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: p.cookie } });
      expect(done.statusCode).toBe(200);
      expect(done.json().message).toBe(MSG.accountDeleted);
      expect(done.cookies.find((c) => c.name === 'gso_session')?.value).toBe('');
      expect((await me(p.cookie)).statusCode).toBe(401);
      await expect(login(app, p.email, ADDED_PASSWORD, 'user')).rejects.toThrow();

      const history = (await get(app, admin, `/api/borrow-requests?search=REQ-${loan}`)).json().items;
      expect(history).toMatchObject([{ id: loan, requesterName: MSG.deletedUser }]);
      expect(await statusOf(app, waiting)).toBe('cancelled');
    });

    it('says what My Requests says: items not yet returned, and apart from them the returns waiting for the office’s check', async () => {
      const p = await person();
      const item = await newItem(app, { quantity: 9 });
      const loan = await requestId(app, p.cookie, [[item, 5]]);
      const approved = await act(app, admin, loan, 'approve', { items: [item] });
      expect(approved.statusCode, approved.body).toBe(200);
      const lineId = approved.json().request.items[0].id as number;
      // Two of the five come back; the office has not checked them yet.
      const body = multipart(
        { return: JSON.stringify({ items: [{ lineId, quantity: 2 }] }) },
        { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } },
      );
      const back = await app.inject({
        method: 'POST',
        url: `/api/borrow-requests/${loan}/return`,
        headers: { cookie: p.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(back.statusCode, back.body).toBe(200);

      const mine = (await get(app, p.cookie, '/api/borrow-requests/mine')).json();
      expect(mine).toMatchObject({ unreturnedItems: 3, returnsAwaitingCheck: 2 });
      const refused = await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: p.cookie } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(MSG.accountHasLoans({ notReturned: 3, awaitingCheck: 2 }));
      expect(refused.json().error.message).toContain(
        '3 borrowed items not yet returned and 2 returned items waiting for the office’s check',
      );
    });

    it('is for users and personnel; administrators are removed by another administrator', async () => {
      expect((await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: admin } })).statusCode).toBe(403);
    });
  });

  describe('forgotten password', () => {
    const forgot = (email: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const linkIn = async (email: string) => {
      const mail = await app.ctx.db
        .selectFrom('outbox')
        .select('body')
        .where('to_address', '=', email)
        .where('subject', 'like', '%new Campus GSO password%')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return new URL(mail.body.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]).searchParams.get('token')!;
    };
    const reset = (token: string, password = 'fresh12') =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: password, confirmPassword: password } });

    it('answers the same for an unknown email, and the link works once, signing out everywhere', async () => {
      const p = await person('personnel');
      const unknown = await forgot('nobody@campus.test');
      const known = await forgot(p.email.toUpperCase());
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().message).toBe(MSG.resetLinkSent);

      let token = '';
      await eventually(async () => !!(token = await linkIn(p.email).catch(() => '')));
      const check = (t: string) => app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token: t } });
      expect((await check(token)).json()).toEqual({ valid: true });
      expect((await check('not-a-token')).json()).toEqual({ valid: false });

      const short = await reset(token, 'abc');
      expect(short.json().error.message).toBe(MSG.newPasswordTooShort);
      // Two tabs submitting the same link at once: exactly one sets the password.
      const [a, b] = await Promise.all([reset(token), reset(token)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      expect([a, b].find((r) => r.statusCode === 200)!.json()).toEqual({ message: MSG.passwordReset, portal: 'personnel' });
      expect([a, b].find((r) => r.statusCode === 400)!.json().error).toEqual({ code: 'invalid_reset_link', message: MSG.resetLinkInvalid });
      expect((await check(token)).json()).toEqual({ valid: false });
      expect((await me(p.cookie)).statusCode).toBe(401);
      expect(await login(app, p.email, 'fresh12', 'personnel')).toMatch(/^gso_session=/);
    });

    it('an expired link says so', async () => {
      const p = await person();
      await forgot(p.email);
      let token = '';
      await eventually(async () => !!(token = await linkIn(p.email).catch(() => '')));
      await app.ctx.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('account_id', '=', p.id)
        .execute();
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_reset_link');
      expect(await login(app, p.email, ADDED_PASSWORD, 'user')).toMatch(/^gso_session=/);
    });
  });
});
