import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeApp, type TestApp } from '../helpers';

describe('the audit view', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const get = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });
  const all = () => app.ctx.db.selectFrom('activity').select(['id', 'action_type', 'actor_id', 'created_at']).execute();

  it('pages the whole log newest first and lists every action type for the filter', async () => {
    const rows = await all();
    const first = (await get('/api/activity/audit?pageSize=5')).json();
    expect(first.total).toBe(rows.length);
    expect(first.items).toHaveLength(5);
    const times = first.items.map((e: { createdAt: string }) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.actionTypes).toEqual([...new Set(rows.map((r) => r.action_type))].sort());
    const second = (await get('/api/activity/audit?pageSize=5&page=2')).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it('filters by action type, by person and by campus days', async () => {
    const rows = await all();
    const type = rows[0].action_type;
    const byType = (await get(`/api/activity/audit?type=${type}&pageSize=100`)).json();
    expect(byType.total).toBe(rows.filter((r) => r.action_type === type).length);
    expect(byType.items.every((e: { actionType: string }) => e.actionType === type)).toBe(true);

    const adminId = await app.ctx.db
      .selectFrom('accounts')
      .select(['id', 'full_name'])
      .where('email', '=', 'admin@campus.test')
      .executeTakeFirstOrThrow();
    const byPerson = (
      await get(`/api/activity/audit?person=${encodeURIComponent(adminId.full_name.split(' ')[0].toLowerCase())}&pageSize=100`)
    ).json();
    expect(byPerson.total).toBeGreaterThan(0);
    expect(byPerson.items.every((e: { actorName: string }) => e.actorName === adminId.full_name)).toBe(true);

    // A day before anything happened holds nothing; a range from then to the far future holds everything.
    expect((await get('/api/activity/audit?from=2000-01-01&to=2000-01-01')).json().total).toBe(0);
    expect((await get('/api/activity/audit?from=2000-01-01&to=2099-12-31')).json().total).toBe(rows.length);
    expect((await get('/api/activity/audit?from=2026-13-45')).statusCode).toBe(400);
    expect((await get('/api/activity/audit?type=%00')).statusCode).toBe(400);
  });

  it('exports what the filter shows as CSV, formula cells neutralised', async () => {
    await app.ctx.db
      .insertInto('activity')
      .values({
        actor_id: null,
        subject_id: null,
        entity_type: null,
        entity_id: null,
        action_type: 'audit_test',
        description: '=HYPERLINK("x")',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await get('/api/activity/audit.csv?type=audit_test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity_log_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Time (UTC),Person,Action,Description');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Deleted user,audit_test,"'=HYPERLINK(""x"")"`);
  });

  it('is for the office administrators only', async () => {
    for (const who of ['student', 'faculty', 'personnel'] as const) {
      const cookie = await loginAs(app, who);
      expect((await get('/api/activity/audit', cookie)).statusCode, who).toBe(403);
      expect((await get('/api/activity/audit.csv', cookie)).statusCode, who).toBe(403);
    }
  });
});
