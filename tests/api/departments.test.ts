import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPT } from '../../core/departments/words';
import { addAccount, ADDED_PASSWORD, FILES, login, loginAs, makeApp, multipart, registrationFields, type TestApp } from '../helpers';
import { act, inDays, newItem, requestId } from '../borrowing';
import { pdfPages } from './pdfText';

/**
 * Departments (docs/decisions/departments.md): the list administrators keep, each person's department chosen from
 * it, every request charged to its requester's department at submit, and Consumption by department. On SQLite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
describe('departments', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let student: string;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
    ]);
  });
  afterAll(() => app.close());

  const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as any });
  const add = async (name: string, code: string) => {
    const res = await send(admin, 'POST', '/api/departments', { name, code });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().department as { id: number; name: string; code: string; archived: boolean };
  };
  const archive = (id: number, archived = true) => send(admin, 'PUT', `/api/departments/${id}/archived`, { archived });
  const choices = async (keep?: number) =>
    (await send(null, 'GET', `/api/departments/choices${keep ? `?keep=${keep}` : ''}`)).json().items as { id: number; archived: boolean }[];

  describe('the list', () => {
    it('adds a department with its name trimmed and its code in capitals, and records it', async () => {
      const res = await send(admin, 'POST', '/api/departments', { name: '  College   of Nursing ', code: ' con ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ message: DEPT.added, department: { name: 'College of Nursing', code: 'CON', archived: false } });
      const entry = await app.ctx.db
        .selectFrom('activity')
        .select('description')
        .where('action_type', '=', 'department_added')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry.description).toMatch(/ added the department College of Nursing \(CON\)$/);
    });

    it('refuses a taken code and a taken name (any case) with 409, and bad input with 400', async () => {
      await add('Office of Student Affairs', 'OSA');
      const code = await send(admin, 'POST', '/api/departments', { name: 'Other Office', code: 'osa' });
      expect(code.statusCode).toBe(409);
      expect(code.json().error.message).toBe(DEPT.codeTaken('OSA'));
      const name = await send(admin, 'POST', '/api/departments', { name: 'office of student affairs', code: 'OSA2' });
      expect(name.statusCode).toBe(409);
      expect(name.json().error.message).toBe(DEPT.nameTaken('Office of Student Affairs'));
      for (const body of [
        { name: '', code: 'ABC' },
        { name: 'Fine', code: '' },
        { name: 'Fine', code: '1AB' },
        { name: 'Fine', code: 'A' },
        { name: 'Fine', code: 'TOOLONGCODE1' },
        { name: 'Fine', code: 'A B' },
        { name: 'x'.repeat(121), code: 'XX' },
      ]) {
        const res = await send(admin, 'POST', '/api/departments', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const nul = await send(admin, 'POST', '/api/departments', { name: 'Bad\u0000', code: 'BAD' });
      expect(nul.statusCode).toBe(400);
    });

    it('edits a department, refusing another’s code; an unknown one is 404', async () => {
      const d = await add('Physical Plant', 'PPO');
      const res = await send(admin, 'PUT', `/api/departments/${d.id}`, { name: 'Physical Plant Office', code: 'ppo' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().department).toMatchObject({ name: 'Physical Plant Office', code: 'PPO' });
      expect((await send(admin, 'PUT', `/api/departments/${d.id}`, { name: 'Physical Plant Office', code: 'OSA' })).statusCode).toBe(409);
      expect((await send(admin, 'PUT', '/api/departments/999999', { name: 'Nobody', code: 'NOB' })).statusCode).toBe(404);
      expect((await archive(999999)).statusCode).toBe(404);
    });

    it('lets administrators only change the list; the office reads it; the public reads active choices only', async () => {
      expect((await send(staff, 'POST', '/api/departments', { name: 'Staff Made', code: 'STM' })).statusCode).toBe(403);
      expect((await send(personnel, 'POST', '/api/departments', { name: 'Staff Made', code: 'STM' })).statusCode).toBe(403);
      expect((await send(null, 'POST', '/api/departments', { name: 'Staff Made', code: 'STM' })).statusCode).toBe(401);
      expect((await send(staff, 'GET', '/api/departments')).statusCode).toBe(200);
      expect((await send(personnel, 'GET', '/api/departments')).statusCode).toBe(200);
      expect((await send(student, 'GET', '/api/departments')).statusCode).toBe(403);
      expect((await send(null, 'GET', '/api/departments/choices')).statusCode).toBe(200);
      expect((await send(null, 'GET', '/api/departments/choices?keep=abc')).statusCode).toBe(400);
    });

    it('archives: no longer offered, listed after the active ones, restored on request', async () => {
      const d = await add('Old Annex Office', 'OAO');
      expect((await choices()).map((c) => c.id)).toContain(d.id);
      const res = await archive(d.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: DEPT.archived, department: { archived: true } });
      expect((await choices()).map((c) => c.id)).not.toContain(d.id);
      // The one a person already has is listed for their form, marked archived.
      expect((await choices(d.id)).find((c) => c.id === d.id)).toMatchObject({ archived: true });
      const list = (await send(admin, 'GET', '/api/departments')).json().items as { id: number; archived: boolean }[];
      expect(list.findIndex((x) => x.id === d.id)).toBeGreaterThan(list.findLastIndex((x) => !x.archived));
      expect((await archive(d.id, false)).json()).toMatchObject({ message: DEPT.restored, department: { archived: false } });
      expect((await choices()).map((c) => c.id)).toContain(d.id);
    });
  });

  describe('people’s departments', () => {
    let active: { id: number };
    let archived: { id: number };
    beforeAll(async () => {
      active = await add('College of Fine Arts', 'CFA');
      archived = await add('Closed Institute', 'CLI');
      await archive(archived.id);
    });

    let registrant = 0;
    const register = (over: Record<string, string>) => {
      const n = ++registrant;
      const { payload, headers } = multipart(registrationFields({ email: `dept-reg${n}@campus.test`, ...over }), {
        id_file: { name: 'id.png', type: 'image/png', data: FILES.png },
      });
      return app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: `10.9.0.${n}`, payload, headers });
    };

    it('registers with an active department, or none; refuses an unknown or archived one with 400', async () => {
      const ok = await register({ email: 'dept-ok@campus.test', department_id: String(active.id) });
      expect(ok.statusCode, ok.body).toBe(201);
      const row = await app.ctx.db
        .selectFrom('accounts')
        .select('department_id')
        .where('email', '=', 'dept-ok@campus.test')
        .executeTakeFirstOrThrow();
      expect(row.department_id).toBe(active.id);
      expect((await register({ email: 'dept-none@campus.test' })).statusCode).toBe(201);
      for (const [value, message] of [
        ['999999', DEPT.unknownChoice],
        [String(archived.id), DEPT.archivedChoice('Closed Institute')],
        ['abc', DEPT.unknownChoice],
        ['-1', DEPT.unknownChoice],
        ['99999999999', DEPT.unknownChoice],
      ]) {
        const res = await register({ department_id: value });
        expect(res.statusCode, value).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      // Refused registrations leave no account behind.
      const none = await app.ctx.db.selectFrom('accounts').select('id').where('email', 'like', 'dept-reg%').execute();
      expect(none).toEqual([]);
    });

    it('an administrator gives a person a department, keeps an archived one they have, and refuses to give it anew', async () => {
      const person = await addAccount(app, 'faculty');
      const edit = (departmentId: number | null) =>
        send(admin, 'PUT', `/api/accounts/${person.id}`, {
          fullName: person.fullName,
          email: person.email,
          contactNumber: '09170000000',
          departmentId,
        });
      expect((await edit(archived.id)).statusCode).toBe(400);
      const given = await edit(active.id);
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json().account.departmentId).toBe(active.id);
      // Archived while the person has it: they keep it, and saving their details again keeps it.
      await archive(active.id);
      const again = await edit(active.id);
      expect(again.statusCode, again.body).toBe(200);
      expect((await edit(999999)).statusCode).toBe(400);
      await archive(active.id, false);
      expect((await edit(null)).json().account.departmentId).toBe(null);
    });

    it('adds users and personnel with a department', async () => {
      const user = await send(admin, 'POST', '/api/accounts', {
        kind: 'student',
        fullName: 'Dept Student',
        email: 'dept-student@campus.test',
        contactNumber: '09170000001',
        departmentId: active.id,
      });
      expect(user.statusCode, user.body).toBe(201);
      expect(user.json().account.departmentId).toBe(active.id);
      const refused = await send(admin, 'POST', '/api/accounts', {
        kind: 'student',
        fullName: 'Dept Student Two',
        email: 'dept-student2@campus.test',
        contactNumber: '09170000001',
        departmentId: archived.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(
        await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'dept-student2@campus.test').executeTakeFirst(),
      ).toBeUndefined();
      const worker = await send(admin, 'POST', '/api/accounts/personnel', {
        fullName: 'Dept Worker',
        email: 'dept-worker@campus.test',
        contactNumber: '09170000002',
        password: 'secret1',
        jobType: 'janitor',
        departmentId: active.id,
      });
      expect(worker.statusCode, worker.body).toBe(201);
      expect(worker.json().account.departmentId).toBe(active.id);
    });

    it('a person chooses their own department on their profile', async () => {
      const me = await addAccount(app, 'student');
      const cookie = await login(app, me.email, ADDED_PASSWORD, 'user');
      const save = (departmentId: number | null) =>
        send(cookie, 'PUT', '/api/me/profile', { fullName: me.fullName, email: me.email, contactNumber: '09170000000', departmentId });
      expect((await save(archived.id)).statusCode).toBe(400);
      const res = await save(active.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().account.departmentId).toBe(active.id);
      // Leaving it out keeps it.
      const kept = await send(cookie, 'PUT', '/api/me/profile', { fullName: me.fullName, email: me.email, contactNumber: '09170000000' });
      expect(kept.json().account.departmentId).toBe(active.id);
    });

    it('filters the people list by department, or by none', async () => {
      const res = await send(admin, 'GET', `/api/accounts?type=faculty&department=${active.id}&pageSize=100`);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as { departmentId: number | null; email: string }[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((p) => p.departmentId === active.id)).toBe(true);
      const none = (await send(admin, 'GET', '/api/accounts?type=faculty&department=none&pageSize=100')).json().items as {
        departmentId: null;
      }[];
      expect(none.every((p) => p.departmentId === null)).toBe(true);
      expect((await send(admin, 'GET', '/api/accounts?type=faculty&department=x')).statusCode).toBe(400);
    });
  });

  describe('requests charged to departments, and the report', () => {
    it('charges a request to the requester’s department at submit and keeps it when they move; the office filters by it', async () => {
      const first = await add('College of Law', 'CLAW');
      const second = await add('College of Medicine', 'CMED');
      const person = await addAccount(app, 'faculty');
      await app.ctx.db.updateTable('accounts').set({ department_id: first.id }).where('id', '=', person.id).execute();
      const cookie = await login(app, person.email, ADDED_PASSWORD, 'user');
      const item = await newItem(app, { quantity: 20 });
      const id = await requestId(app, cookie, [[item, 4]]);
      await app.ctx.db.updateTable('accounts').set({ department_id: second.id }).where('id', '=', person.id).execute();
      const later = await requestId(app, cookie, [[item, 2]]);

      const one = (await send(admin, 'GET', `/api/borrow-requests/${id}`)).json();
      expect((one.request ?? one).departmentId).toBe(first.id);
      const list = (await send(admin, 'GET', `/api/borrow-requests?department=${first.id}&pageSize=50`)).json();
      expect(list.items.map((r: { id: number }) => r.id)).toEqual([id]);
      expect(list.counts.all).toBe(1);
      const second_ = (await send(admin, 'GET', `/api/borrow-requests?department=${second.id}&status=pending`)).json();
      expect(second_.items.map((r: { id: number }) => r.id)).toEqual([later]);
      const searched = (await send(admin, 'GET', `/api/borrow-requests?department=${first.id}&search=zzznothing`)).json();
      expect(searched.total).toBe(0);

      // Consumption by department: the approved request's loan under the department it was charged to.
      expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
      const month = inDays(1).slice(0, 7);
      const range = `from=${inDays(-1)}&to=${inDays(5)}`;
      const report = (await send(admin, 'GET', `/api/reports/departments?${range}`)).json();
      expect(report.title).toBe('Consumption by department');
      expect(report.columns.map((c: { label: string }) => c.label)).toEqual([
        'Month',
        'Department',
        'Requests',
        'Loans',
        'Quantity lent',
        'Supplies issued',
        'Supplies cost',
      ]);
      const row = (name: string) => report.rows.find((r: unknown[]) => r[1] === name);
      expect(row('College of Law (CLAW)')).toEqual([expect.stringContaining(month.slice(0, 4)), 'College of Law (CLAW)', 1, 1, 4, 0, 0]);
      expect(row('College of Medicine (CMED)')).toEqual([expect.any(String), 'College of Medicine (CMED)', 1, 0, 0, 0, 0]);
      expect(report.chart.data).toContainEqual({ name: 'College of Law (CLAW)', value: 4 });
      const term = (await send(admin, 'GET', `/api/reports/departments?${range}&per=term`)).json();
      expect(term.columns[0].label).toBe('Term');
      expect(term.rows.find((r: unknown[]) => r[1] === 'College of Law (CLAW)')[0]).toMatch(/^(Jan–May|Jun–Jul|Aug–Dec) \d{4}$/);
      // Renaming the department shows at once.
      await send(admin, 'PUT', `/api/departments/${first.id}`, { name: 'School of Law', code: 'CLAW' });
      const renamed = (await send(admin, 'GET', `/api/reports/departments?${range}`)).json();
      expect(renamed.rows.some((r: unknown[]) => r[1] === 'School of Law (CLAW)')).toBe(true);

      const csv = await send(admin, 'GET', `/api/reports/departments/csv?${range}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('School of Law (CLAW)');
      const pdf = await send(admin, 'GET', `/api/reports/departments/pdf?${range}&per=term`);
      expect(pdf.statusCode).toBe(200);
      expect((await pdfPages(pdf.rawPayload)).join('\n')).toContain('School of Law (CLAW)');
      expect((await send(admin, 'GET', `/api/reports/lending?${range}&per=term`)).statusCode).toBe(400);
      expect((await send(admin, 'GET', `/api/reports/departments?per=week`)).statusCode).toBe(400);
      expect((await send(student, 'GET', `/api/reports/departments`)).statusCode).toBe(403);
    });

    it('saves and schedules the report per term; a per filter on another report is refused', async () => {
      const me = (await send(admin, 'GET', '/api/auth/me')).json().account;
      const saved = await send(admin, 'POST', '/api/saved-reports', {
        name: 'Consumption per term',
        kind: 'departments',
        filters: { per: 'term' },
        schedule: 'monthly',
        recipientIds: [me.id],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().report).toMatchObject({ kind: 'departments', filters: { per: 'term' }, schedule: 'monthly' });
      const wrong = await send(admin, 'POST', '/api/saved-reports', {
        name: 'Wrong',
        kind: 'lending',
        filters: { per: 'term' },
        schedule: 'none',
      });
      expect(wrong.statusCode).toBe(400);
    });
  });
});
