import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { deleteAccountAsAdmin } from '../../server/modules/accounts/deletion';
import { act, newItem, requestId } from '../borrowing';
import { ADDED_PASSWORD, addAccount, login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * User management's edit and delete (docs/product.md; docs/decisions/server-decides.md, account-deletion.md): every rule and refusal, and who may call.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('user management: edit and delete', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let student: string;
  let adminId: number;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
    ]);
    adminId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'admin@campus.test').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => app.close());

  const person = (role: 'student' | 'faculty' | 'personnel' | 'admin' | 'staff' = 'student') => addAccount(app, role);
  const edit = (cookie: string, id: number, body: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/api/accounts/${id}`, headers: { cookie }, payload: body });
  const remove = (cookie: string, id: number) => app.inject({ method: 'DELETE', url: `/api/accounts/${id}`, headers: { cookie } });
  const FIELDS = { fullName: 'Edited Name', email: 'edited@campus.test', contactNumber: '09179999999' };

  describe('edit', () => {
    it('changes name, email and contact number; a changed email is verified again', async () => {
      const p = await person('student');
      const res = await edit(admin, p.id, { ...FIELDS, email: 'Edited1@Campus.test', role: 'faculty' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: MSG.userUpdated,
        account: { id: p.id, fullName: 'Edited Name', email: 'edited1@campus.test', role: 'faculty', emailVerified: false },
      });
      const entry = await app.ctx.db
        .selectFrom('activity')
        .select('description')
        .where('action_type', '=', 'account_updated')
        .executeTakeFirstOrThrow();
      expect(entry.description).toContain('Edited Name');
    });

    it('keeps roles within the list: admin or staff; student or faculty; personnel get a job type', async () => {
      const a = await person('admin');
      expect((await edit(admin, a.id, { ...FIELDS, email: `x${a.id}@campus.test`, role: 'staff' })).json().account.role).toBe('staff');
      const refused = await edit(admin, a.id, { ...FIELDS, email: `x${a.id}@campus.test`, role: 'student' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(MSG.roleChoiceRequired);

      const s = await person('student');
      expect((await edit(admin, s.id, { ...FIELDS, email: `x${s.id}@campus.test`, role: 'admin' })).statusCode).toBe(400);

      const p = await person('personnel');
      const job = await edit(admin, p.id, { ...FIELDS, email: `x${p.id}@campus.test`, jobType: 'plumber' });
      expect(job.json().account).toMatchObject({ role: 'personnel', jobType: 'plumber' });
      const badJob = await edit(admin, p.id, { ...FIELDS, email: `x${p.id}@campus.test`, jobType: 'astronaut' });
      expect(badJob.statusCode).toBe(400);
      expect(badJob.json().error.message).toBe(MSG.jobTypeRequired);
    });

    it('never lets an administrator change their own role; their own details they may', async () => {
      const self = { fullName: 'Alma Reyes', email: 'admin@campus.test', contactNumber: '09171234501' };
      const demoted = await edit(admin, adminId, { ...self, role: 'staff' });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json().error.message).toBe(MSG.cannotChangeOwnRole);
      expect((await app.ctx.db.selectFrom('accounts').select('role').where('id', '=', adminId).executeTakeFirstOrThrow()).role).toBe(
        'admin',
      );
      expect((await edit(admin, adminId, { ...self, role: 'admin' })).statusCode).toBe(200);
    });

    it('checks the fields in the form’s order', async () => {
      const p = await person();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...FIELDS, fullName: '  ' }, MSG.fullNameRequired],
        [{ ...FIELDS, email: '' }, MSG.emailRequired],
        [{ ...FIELDS, email: 'not-an-email' }, MSG.emailInvalid],
        [{ ...FIELDS, contactNumber: '' }, MSG.contactRequired],
      ];
      for (const [body, message] of cases) {
        const res = await edit(admin, p.id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
    });

    it('keeps emails unique: 409 with a clear message, also when two edits race', async () => {
      const a = await person();
      const b = await person();
      const taken = await edit(admin, a.id, { ...FIELDS, email: b.email.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toEqual({ code: 'email_taken', message: MSG.emailTaken });
      // Its own email is no conflict.
      expect((await edit(admin, a.id, { ...FIELDS, email: a.email })).statusCode).toBe(200);

      const [r1, r2] = await Promise.all([
        edit(admin, a.id, { ...FIELDS, email: 'race@campus.test' }),
        edit(staff, b.id, { ...FIELDS, email: 'race@campus.test' }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    });

    it('answers 404 for a person who is not there', async () => {
      const res = await edit(admin, 999999, FIELDS);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(MSG.accountNotFound);
    });
  });

  describe('delete', () => {
    it('removes the person; their history stays and they can no longer sign in', async () => {
      const p = await person('faculty');
      const cookie = await login(app, p.email, ADDED_PASSWORD, 'user');
      const res = await remove(admin, p.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.userDeleted);
      expect(await app.ctx.db.selectFrom('accounts').select('id').where('id', '=', p.id).executeTakeFirst()).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
      expect((await remove(admin, p.id)).statusCode).toBe(404);
    });

    it('refuses deleting oneself', async () => {
      const res = await remove(admin, adminId);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'cannot_delete_self', message: MSG.cannotDeleteSelf });
    });

    it('refuses while borrowed items are out or repairs are in progress, as one’s own deletion does', async () => {
      const p = await person('student');
      const cookie = await login(app, p.email, ADDED_PASSWORD, 'user');
      const item = await newItem(app, { quantity: 5 });
      const loan = await requestId(app, cookie, [[item, 2]]);
      expect((await act(app, admin, loan, 'approve', { items: [item] })).statusCode).toBe(200);
      const refused = await remove(admin, p.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'account_in_use', message: MSG.userHasLoans({ notReturned: 2, awaitingCheck: 0 }) });
      await app.ctx.db.updateTable('borrow_requests').set({ status: 'completed' }).where('id', '=', loan).execute();

      const worker = await person('personnel');
      const repair = await app.ctx.db.selectFrom('repair_reports').select('id').orderBy('id').executeTakeFirstOrThrow();
      await app.ctx.db
        .updateTable('repair_reports')
        .set({ assigned_to: worker.id, status: 'in-progress' })
        .where('id', '=', repair.id)
        .execute();
      const busy = await remove(admin, worker.id);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toEqual({ code: 'account_in_use', message: MSG.userHasRepairs({ scheduled: 0, inProgress: 1 }) });
      expect(busy.json().error.message).toContain('a repair it reported or was assigned is in progress');
      // A scheduled repair is named scheduled, not counted as in progress.
      const next = await app.ctx.db
        .selectFrom('repair_reports')
        .select('id')
        .where('id', '!=', repair.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await app.ctx.db
        .updateTable('repair_reports')
        .set({ assigned_to: worker.id, status: 'scheduled' })
        .where('id', '=', next.id)
        .execute();
      expect((await remove(admin, worker.id)).json().error.message).toBe(
        'This account cannot be deleted while repairs it reported or was assigned are open (1 scheduled, 1 in progress).',
      );
      await app.ctx.db.updateTable('repair_reports').set({ status: 'completed' }).where('id', '=', repair.id).execute();
      expect((await remove(admin, worker.id)).json().error.message).toBe(
        'This account cannot be deleted while a repair it reported or was assigned is scheduled.',
      );
      await app.ctx.db.updateTable('repair_reports').set({ status: 'completed' }).where('id', '=', next.id).execute();

      expect((await remove(admin, p.id)).statusCode).toBe(200);
      expect((await remove(admin, worker.id)).statusCode).toBe(200);
    });

    it('never deletes the last administrator, even when two delete each other at once', async () => {
      // A database of its own, with exactly two administrators.
      const own = await makeApp();
      try {
        await own.ctx.db
          .deleteFrom('accounts')
          .where('role', 'in', ['admin', 'staff'])
          .where('email', 'not in', ['admin@campus.test', 'staff@campus.test'])
          .execute();
        // Both are administrators: the demo's staff member is made one.
        await own.ctx.db.updateTable('accounts').set({ role: 'admin' }).where('email', '=', 'staff@campus.test').execute();
        const idOf = async (email: string) =>
          (await own.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
        const [first, second] = [await idOf('admin@campus.test'), await idOf('staff@campus.test')];
        const [c1, c2] = await Promise.all([
          login(own, 'admin@campus.test', 'admin123', 'admin'),
          login(own, 'staff@campus.test', 'staff123', 'admin'),
        ]);
        const del = (cookie: string, id: number) => own.inject({ method: 'DELETE', url: `/api/accounts/${id}`, headers: { cookie } });
        {
          const [a, b] = await Promise.all([del(c1, second), del(c2, first)]);
          // One wins; the other is refused: as the last administrator, or because its account went (its session
          // with it, or, once inside, its right to delete).
          expect([a.statusCode, b.statusCode].filter((c) => c === 200)).toHaveLength(1);
          const loser = a.statusCode === 200 ? b : a;
          expect([401, 403, 409]).toContain(loser.statusCode);
          if (loser.statusCode === 409) expect(loser.json().error).toEqual({ code: 'last_administrator', message: MSG.lastAdministrator });
        }
        const left = await own.ctx.db.selectFrom('accounts').select('id').where('role', 'in', ['admin', 'staff']).execute();
        expect(left).toHaveLength(1);
      } finally {
        await own.close();
      }
    });

    it('refuses the last administrator with a clear message, counted inside the transaction', async () => {
      const own = await makeApp();
      try {
        await own.ctx.db
          .deleteFrom('accounts')
          .where('role', 'in', ['admin', 'staff'])
          .where('email', 'not in', ['admin@campus.test', 'staff@campus.test'])
          .execute();
        await own.ctx.db.updateTable('accounts').set({ role: 'admin' }).where('email', '=', 'staff@campus.test').execute();
        const find = (email: string) => own.ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        const [keeper, colleague] = [await find('admin@campus.test'), await find('staff@campus.test')];
        const cookie = await login(own, 'admin@campus.test', 'admin123', 'admin');
        expect((await own.inject({ method: 'DELETE', url: `/api/accounts/${colleague.id}`, headers: { cookie } })).statusCode).toBe(200);
        // The colleague's request was already past the door when their account went: the count still says no.
        await expect(deleteAccountAsAdmin(own.ctx, colleague, keeper.id)).rejects.toMatchObject({
          statusCode: 409,
          code: 'last_administrator',
          message: MSG.lastAdministrator,
        });
        expect(await find('admin@campus.test')).toBeTruthy();
      } finally {
        await own.close();
      }
    });
  });

  it('is for administrators only', async () => {
    const p = await person();
    for (const cookie of [personnel, student]) {
      expect((await edit(cookie, p.id, FIELDS)).statusCode).toBe(403);
      expect((await remove(cookie, p.id)).statusCode).toBe(403);
    }
    expect((await edit(staff, p.id, { ...FIELDS, email: `s${p.id}@campus.test` })).statusCode).toBe(200);
  });
});
