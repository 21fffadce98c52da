import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { editAccount } from '../../server/modules/accounts/editAccount';
import { ADDED_PASSWORD, addAccount, login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Staff run the office; administrators also decide who can do what (docs/decisions/staff-and-administrators.md).
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
describe('staff and administrators', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff')]);
  });
  afterAll(() => app.close());

  const person = (on: TestApp, role: 'student' | 'faculty' | 'personnel' | 'admin' | 'staff') => addAccount(on, role);
  const fieldsOf = (p: { email: string; fullName: string }) => ({ fullName: p.fullName, email: p.email, contactNumber: '09179999999' });
  const call = (on: TestApp, cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    on.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('refuses staff the site settings and maintenance mode with a clear message; administrators may', async () => {
    const office = {
      name: 'General Services Office',
      address: 'Admin Building',
      phone: '0281234567',
      email: 'gso@campus.test',
    };
    const asks: [method: 'PUT' | 'POST' | 'DELETE', url: string, body?: object][] = [
      ['PUT', '/api/site/maintenance', { enabled: false }],
      ['PUT', '/api/site/office', office],
      ['POST', '/api/site/campus-map', {}],
      ['DELETE', '/api/site/campus-map'],
      ['PUT', '/api/site/calendar/hours', {}],
      ['POST', '/api/site/closures', { name: 'Holiday', from: '2030-01-01', to: '2030-01-01' }],
      ['DELETE', '/api/site/closures/1'],
    ];
    for (const [method, url, body] of asks) {
      const res = await call(app, staff, method, url, body);
      expect(res.statusCode, `${method} ${url} as staff`).toBe(403);
      expect(res.json().error).toEqual({ code: 'forbidden', message: MSG.administratorsOnly });
    }
    expect((await call(app, admin, 'PUT', '/api/site/maintenance', { enabled: false })).statusCode).toBe(200);
    expect((await call(app, admin, 'PUT', '/api/site/office', office)).statusCode).toBe(200);
    expect((await call(app, admin, 'DELETE', '/api/site/campus-map')).statusCode).toBe(200);
    // The operations page is not in the API document; it is the administrators' too.
    expect((await call(app, staff, 'GET', '/metrics')).statusCode).toBe(403);
    expect((await call(app, admin, 'GET', '/metrics')).statusCode).toBe(200);
  });

  it('lets staff add students, faculty and personnel, but not administrators or staff', async () => {
    const add = (cookie: string, body: object) => call(app, cookie, 'POST', '/api/accounts', body);
    const base = { fullName: 'New Person', contactNumber: '09171112222' };
    const faculty = await add(staff, { ...base, kind: 'faculty', email: 'new.faculty@campus.test' });
    expect(faculty.statusCode, faculty.body).toBe(201);
    expect(faculty.json().account.role).toBe('faculty');
    for (const adminRole of ['admin', 'staff']) {
      const refused = await add(staff, { ...base, kind: 'admin', adminRole, email: `new.${adminRole}@campus.test` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(MSG.officeAccountsAdminsOnly);
    }
    expect(await app.ctx.db.selectFrom('accounts').select('id').where('email', 'like', 'new.%staff@campus.test').execute()).toHaveLength(0);
    expect((await add(admin, { ...base, kind: 'admin', adminRole: 'staff', email: 'new.staff@campus.test' })).statusCode).toBe(201);
  });

  it('keeps administrator and staff accounts to administrators: staff may neither edit nor delete them', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const p = await person(app, role);
      const edit = await call(app, staff, 'PUT', `/api/accounts/${p.id}`, fieldsOf(p));
      expect(edit.statusCode, `staff edit ${role}`).toBe(403);
      expect(edit.json().error.message).toBe(MSG.officeAccountsAdminsOnly);
      const del = await call(app, staff, 'DELETE', `/api/accounts/${p.id}`);
      expect(del.statusCode, `staff delete ${role}`).toBe(403);
      expect(await app.ctx.db.selectFrom('accounts').select('role').where('id', '=', p.id).executeTakeFirst()).toEqual({ role });
      expect((await call(app, admin, 'PUT', `/api/accounts/${p.id}`, fieldsOf(p))).statusCode).toBe(200);
      expect((await call(app, admin, 'DELETE', `/api/accounts/${p.id}`)).statusCode).toBe(200);
    }
    for (const role of ['student', 'faculty', 'personnel'] as const) {
      const p = await person(app, role);
      expect((await call(app, staff, 'PUT', `/api/accounts/${p.id}`, fieldsOf(p))).statusCode, `staff edit ${role}`).toBe(200);
      expect((await call(app, staff, 'DELETE', `/api/accounts/${p.id}`)).statusCode, `staff delete ${role}`).toBe(200);
    }
  });

  it('leaves role changes to administrators, and records who changed whose role', async () => {
    const p = await person(app, 'student');
    const byStaff = await call(app, staff, 'PUT', `/api/accounts/${p.id}`, { ...fieldsOf(p), role: 'faculty' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.message).toBe(MSG.rolesAdminsOnly);
    const byAdmin = await call(app, admin, 'PUT', `/api/accounts/${p.id}`, { ...fieldsOf(p), role: 'faculty' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().account.role).toBe('faculty');
    const back = await call(app, admin, 'PUT', `/api/accounts/${p.id}`, { ...fieldsOf(p), role: 'student' });
    expect(back.json().account.role).toBe('student');

    const log = (await call(app, admin, 'GET', '/api/activity/audit?type=role_changed&pageSize=100')).json();
    const mine = log.items.filter((e: { description: string }) => e.description.includes(p.fullName));
    expect(mine.map((e: { description: string; actorName: string }) => [e.actorName, e.description])).toEqual([
      ['Alma Reyes', `Alma Reyes changed the role of ${p.fullName} from Faculty to Student`],
      ['Alma Reyes', `Alma Reyes changed the role of ${p.fullName} from Student to Faculty`],
    ]);
  });

  /** Exactly two active administrators on `own` (a fresh app by default): the demo's admin, and its staff member made one. */
  async function twoAdministrators(given?: TestApp) {
    const own = given ?? (await makeApp());
    await own.ctx.db
      .updateTable('accounts')
      .set({ role: 'admin', deactivated_at: null })
      .where('email', 'in', ['admin@campus.test', 'staff@campus.test'])
      .execute();
    const rows = await own.ctx.db.selectFrom('accounts').select(['id', 'email']).where('role', '=', 'admin').execute();
    expect(rows.map((r) => r.email).sort()).toEqual(['admin@campus.test', 'staff@campus.test']);
    const id = (email: string) => rows.find((r) => r.email === email)!.id;
    const [first, second] = await Promise.all([
      login(own, 'admin@campus.test', 'admin123', 'admin'),
      login(own, 'staff@campus.test', 'staff123', 'admin'),
    ]);
    const admins = async () => (await own.ctx.db.selectFrom('accounts').select('id').where('role', '=', 'admin').execute()).length;
    return { own, first, second, firstId: id('admin@campus.test'), secondId: id('staff@campus.test'), admins };
  }

  it('never demotes the last administrator, even when two demote each other at once', async () => {
    // Three rounds on one app, made two administrators again before each.
    const own = await makeApp();
    try {
      for (let round = 0; round < 3; round++) {
        const { first, second, firstId, secondId, admins } = await twoAdministrators(own);
        const demote = (cookie: string, id: number, email: string) =>
          call(own, cookie, 'PUT', `/api/accounts/${id}`, { fullName: 'Demoted', email, contactNumber: '09170000000', role: 'staff' });
        const [a, b] = await Promise.all([demote(first, secondId, 'staff@campus.test'), demote(second, firstId, 'admin@campus.test')]);
        expect(
          [a.statusCode, b.statusCode].filter((c) => c === 200),
          `${a.body} ${b.body}`,
        ).toHaveLength(1);
        const loser = a.statusCode === 200 ? b : a;
        expect([403, 409]).toContain(loser.statusCode);
        expect(await admins()).toBe(1);
      }
    } finally {
      await own.close();
    }
  });

  it('never leaves no administrator when one demotes while the other deletes', async () => {
    const { own, first, second, firstId, secondId, admins } = await twoAdministrators();
    try {
      const [a, b] = await Promise.all([
        call(own, first, 'DELETE', `/api/accounts/${secondId}`),
        call(own, second, 'PUT', `/api/accounts/${firstId}`, {
          fullName: 'Alma Reyes',
          email: 'admin@campus.test',
          contactNumber: '09170000000',
          role: 'staff',
        }),
      ]);
      expect(
        [a.statusCode, b.statusCode].filter((c) => c === 200),
        `${a.body} ${b.body}`,
      ).toHaveLength(1);
      expect(await admins()).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('refuses to demote the last administrator with a clear message, counted inside the transaction', async () => {
    const { own, first, firstId, secondId } = await twoAdministrators();
    try {
      const stale = await own.ctx.db.selectFrom('accounts').selectAll().where('id', '=', secondId).executeTakeFirstOrThrow();
      const demoted = await call(own, first, 'PUT', `/api/accounts/${secondId}`, {
        fullName: stale.full_name,
        email: stale.email,
        contactNumber: stale.contact_number,
        role: 'staff',
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      // The other's request was past the door as an administrator: the count inside still says no.
      await expect(
        editAccount(own.ctx, stale, firstId, {
          fullName: 'Alma Reyes',
          email: 'admin@campus.test',
          contactNumber: '09170000000',
          role: 'staff',
        }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'last_administrator', message: MSG.lastAdministratorRole });
      const role = await own.ctx.db.selectFrom('accounts').select('role').where('id', '=', firstId).executeTakeFirstOrThrow();
      expect(role.role).toBe('admin');
    } finally {
      await own.close();
    }
  });

  it('deactivates and reactivates: the person is signed out, told why at sign-in, and staff may not touch office accounts', async () => {
    const p = await person(app, 'student');
    const theirs = await login(app, p.email, ADDED_PASSWORD, 'user');
    expect((await call(app, theirs, 'GET', '/api/auth/me')).statusCode).toBe(200);

    const off = await call(app, staff, 'POST', `/api/accounts/${p.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: MSG.userDeactivated, account: { id: p.id, deactivatedAt: expect.any(String) } });
    // Their session ended at once, and signing in again says why.
    expect((await call(app, theirs, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: p.email, password: ADDED_PASSWORD, portal: 'user' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'account_deactivated', message: MSG.accountDeactivated });
    // A wrong password learns nothing about the account.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: p.email, password: 'nope123', portal: 'user' },
    });
    expect(wrong.statusCode).toBe(401);
    // Twice is refused, not repeated.
    const again = await call(app, staff, 'POST', `/api/accounts/${p.id}/deactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'already_done', message: MSG.alreadyDeactivated });

    const on = await call(app, staff, 'POST', `/api/accounts/${p.id}/reactivate`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().account.deactivatedAt).toBeNull();
    await login(app, p.email, ADDED_PASSWORD, 'user');

    const log = (await call(app, admin, 'GET', '/api/activity/audit?pageSize=100')).json();
    const mine = log.items.filter((e: { description: string }) => e.description.endsWith(p.fullName));
    expect(mine.map((e: { actionType: string; actorName: string }) => [e.actionType, e.actorName])).toEqual([
      ['account_reactivated', 'Benjie Santos'],
      ['account_deactivated', 'Benjie Santos'],
    ]);

    // Administrator and staff accounts are the administrators' to deactivate.
    const colleague = await person(app, 'staff');
    const byStaff = await call(app, staff, 'POST', `/api/accounts/${colleague.id}/deactivate`);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.message).toBe(MSG.officeAccountsAdminsOnly);
    expect((await call(app, admin, 'POST', `/api/accounts/${colleague.id}/deactivate`)).statusCode).toBe(200);
    const self = await call(
      app,
      admin,
      'POST',
      `/api/accounts/${(await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'admin@campus.test').executeTakeFirstOrThrow()).id}/deactivate`,
    );
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(MSG.cannotDeactivateSelf);
  });

  it('refuses to deactivate a person with borrowed items out, in words that say when it can be done', async () => {
    const borrower = await app.ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'student@campus.test')
      .executeTakeFirstOrThrow();
    const out = await call(app, admin, 'POST', `/api/accounts/${borrower.id}/deactivate`);
    expect(out.statusCode, out.body).toBe(409);
    expect(out.json().error.code).toBe('account_in_use');
    expect(out.json().error.message).toMatch(/cannot be deactivated while it has \d+ borrowed items? not yet returned/);
  });

  it('never leaves no active administrator when two deactivate each other at once', async () => {
    const own = await makeApp();
    try {
      for (let round = 0; round < 3; round++) {
        const { first, second, firstId, secondId } = await twoAdministrators(own);
        const [a, b] = await Promise.all([
          call(own, first, 'POST', `/api/accounts/${secondId}/deactivate`),
          call(own, second, 'POST', `/api/accounts/${firstId}/deactivate`),
        ]);
        expect(
          [a.statusCode, b.statusCode].filter((c) => c === 200),
          `${a.body} ${b.body}`,
        ).toHaveLength(1);
        const active = await own.ctx.db
          .selectFrom('accounts')
          .select('id')
          .where('role', '=', 'admin')
          .where('deactivated_at', 'is', null)
          .execute();
        expect(active).toHaveLength(1);
        // The one deactivated is signed out and cannot sign in again.
        const [off, email, password] =
          a.statusCode === 200 ? [second, 'staff@campus.test', 'staff123'] : [first, 'admin@campus.test', 'admin123'];
        expect((await call(own, off, 'GET', '/api/auth/me')).statusCode).toBe(401);
        const refused = await own.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, portal: 'admin' } });
        expect(refused.json().error.code).toBe('account_deactivated');
      }
    } finally {
      await own.close();
    }
  });
});
