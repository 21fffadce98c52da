import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { eventually, login, loginAs, makeApp, type TestApp } from '../helpers';

/** Accounts an administrator adds (docs/product.md user management and Add User). */
describe('adding people', () => {
  let app: TestApp;
  let admin: string;
  let student: string;
  beforeAll(async () => {
    app = await makeApp();
    [admin, student] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'student')]);
  });
  afterAll(() => app.close());

  const post = (cookie: string, url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const personnel = {
    fullName: 'Nestor Ramos',
    email: 'nestor@campus.test',
    contactNumber: '09171112222',
    password: 'nestor1',
    jobType: 'hvac_technician',
  };

  it('Add Personnel checks all five fields, then the email, then the password; the person verifies at first sign-in', async () => {
    const cases: [object, string][] = [
      [{ ...personnel, jobType: '' }, MSG.allFieldsRequired],
      [{ ...personnel, contactNumber: ' ', email: 'bad' }, MSG.allFieldsRequired],
      [{ ...personnel, email: 'bad' }, MSG.emailInvalid],
      [{ ...personnel, password: 'abc' }, MSG.passwordTooShort],
    ];
    for (const [body, message] of cases) {
      const res = await post(admin, '/api/accounts/personnel', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await post(student, '/api/accounts/personnel', personnel)).statusCode).toBe(403);
    const res = await post(admin, '/api/accounts/personnel', personnel);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: MSG.personnelAdded,
      account: { role: 'personnel', status: 'accepted', jobType: 'hvac_technician', emailVerified: false },
    });
    const again = await post(admin, '/api/accounts/personnel', { ...personnel, email: 'NESTOR@campus.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_taken');
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: personnel.email, password: 'nestor1', portal: 'personnel' },
    });
    expect(first.json().error.code).toBe('email_not_verified');
  });

  it('Add User mails a one-time link to choose a password; personnel need a job type, administrators admin or staff', async () => {
    const base = { fullName: 'Lia Torres', email: 'lia@campus.test', contactNumber: '09173334444' };
    const missing = await post(admin, '/api/accounts', { ...base, kind: 'personnel' });
    expect(missing.json().error.message).toBe(MSG.jobTypeRequired);
    const noRole = await post(admin, '/api/accounts', { ...base, kind: 'admin' });
    expect(noRole.json().error.message).toBe('Please choose admin or staff');
    expect((await post(admin, '/api/accounts', { ...base, kind: 'visitor' })).statusCode).toBe(400);
    const faculty = await post(admin, '/api/accounts', { ...base, kind: 'faculty', email: 'lia.faculty@campus.test' });
    expect(faculty.json()).toMatchObject({ message: MSG.userAdded, account: { role: 'faculty', status: 'accepted' } });

    const res = await post(admin, '/api/accounts', { ...base, kind: 'admin', adminRole: 'staff' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.userAdded, account: { role: 'staff', status: 'accepted' } });

    let token = '';
    await eventually(async () => {
      const mail = await app.ctx.db.selectFrom('outbox').select('body').where('to_address', '=', 'lia@campus.test').executeTakeFirst();
      token = mail?.body.match(/reset-password\?token=(\S+)/)?.[1] ?? '';
      return !!token;
    });
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'liapass1', confirmPassword: 'liapass1' },
    });
    expect(set.json()).toEqual({ message: MSG.passwordReset, portal: 'admin' });
    expect(await login(app, 'lia@campus.test', 'liapass1', 'admin')).toMatch(/^gso_session=/);
  });
});
