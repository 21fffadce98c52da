import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRunAfter } from '../../core/reports/schedule';
import { addDays, weekdayOf } from '../../core/time';
import { sendDueReports } from '../../server/modules/reports/service';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * The administrators' reports and saved, scheduled reports (docs/decisions/reports.md), on SQLite and, with
 * DATABASE_URL, PostgreSQL. The test's own data lives in March 2019, before anything the demo makes, so each figure
 * is checked against a count made here from that data.
 */
describe('reports', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let student: string;
  let adminId: number;
  let staffId: number;
  let studentId: number;

  const Z = (s: string) => new Date(s).toISOString();
  // Campus time is UTC+8 (Asia/Manila): 2019-03-31T20:00Z is already April 1st on campus.
  const lines: { req: string; item: 'A' | 'B'; asked: number; lent: number }[] = [];
  const requests = [
    // key, status, created_at, date needed, expected return, returned_at
    {
      key: 'r1',
      status: 'completed',
      created: '2019-03-05T02:00:00Z',
      needed: '2019-03-06',
      back: '2019-03-08',
      returned: '2019-03-10T03:00:00Z',
    },
    { key: 'r2', status: 'rejected', created: '2019-03-07T02:00:00Z', needed: '2019-03-09', back: '2019-03-10', returned: null },
    { key: 'r3', status: 'approved', created: '2019-03-08T02:00:00Z', needed: '2019-03-10', back: '2019-03-12', returned: null },
    { key: 'r4', status: 'pending', created: '2019-03-09T02:00:00Z', needed: '2019-04-02', back: '2019-04-03', returned: null },
    // Made in February (not lending activity in March), lent in March (utilization by date needed).
    {
      key: 'r5',
      status: 'completed',
      created: '2019-02-20T02:00:00Z',
      needed: '2019-03-01',
      back: '2019-03-02',
      returned: '2019-03-02T01:00:00Z',
    },
    // Made March 31st 20:00 UTC: April 1st on campus, outside March.
    { key: 'r6', status: 'pending', created: '2019-03-31T20:00:00Z', needed: '2019-04-05', back: '2019-04-06', returned: null },
  ] as const;
  lines.push(
    { req: 'r1', item: 'A', asked: 2, lent: 2 },
    { req: 'r1', item: 'B', asked: 1, lent: 1 },
    { req: 'r2', item: 'A', asked: 3, lent: 0 },
    { req: 'r3', item: 'A', asked: 1, lent: 1 },
    { req: 'r4', item: 'B', asked: 1, lent: 0 },
    { req: 'r5', item: 'A', asked: 4, lent: 4 },
    { req: 'r6', item: 'A', asked: 1, lent: 0 },
  );
  const items = {
    A: { name: 'Report Test Drill', category: 'Electrical', quantity: 4 },
    B: { name: 'Report Test Wrench', category: 'Plumbing', quantity: 2 },
  };

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, student] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff'), loginAs(app, 'student')]);
    const idOf = async (email: string) =>
      (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    [adminId, staffId, studentId] = await Promise.all([idOf('admin@campus.test'), idOf('staff@campus.test'), idOf('student@campus.test')]);
    const plumberId = await idOf('plumber@campus.test');
    const db = app.ctx.db;
    const itemIds: Record<string, number> = {};
    for (const [k, it] of Object.entries(items))
      itemIds[k] = (
        await db
          .insertInto('items')
          .values({ ...it, description: null, min_stock: 0, item_status: 'available', created_at: Z('2019-01-01') })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const reqIds: Record<string, number> = {};
    for (const r of requests)
      reqIds[r.key] = (
        await db
          .insertInto('borrow_requests')
          .values({
            account_id: studentId,
            purpose: 'Report test',
            date_needed: r.needed,
            date_expected_return: r.back,
            status: r.status,
            proof_path: null,
            reject_reason: null,
            created_at: r.created,
            decided_at: null,
            decided_by: null,
            returned_at: r.returned,
            completed_at: null,
            reminded_at: null,
            search_text: 'report test',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const lineIds: number[] = [];
    for (const l of lines)
      lineIds.push(
        (
          await db
            .insertInto('borrow_request_items')
            .values({
              request_id: reqIds[l.req],
              item_id: itemIds[l.item],
              item_name: items[l.item].name,
              category: items[l.item].category,
              quantity_requested: l.asked,
              quantity_approved: l.lent,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    // Found at r1's return: one wrench lost, one drill damaged.
    const finding = (line: number, item: 'A' | 'B', condition: string) => ({
      request_id: reqIds.r1,
      line_id: lineIds[line],
      item_id: itemIds[item],
      unit_id: null,
      tag: null,
      quantity: 1,
      condition,
      note: null,
      photo_path: null,
      verified_by: adminId,
      created_at: '2019-03-11T02:00:00Z',
      repair_id: null,
      settled_at: null,
      outcome: null,
    });
    await db
      .insertInto('return_conditions')
      .values([finding(1, 'B', 'lost'), finding(0, 'A', 'damaged')])
      .execute();
    const repair = (
      building: string,
      priority: string,
      status: string,
      assigned: number | null,
      rating: number | null,
      cost: number | null,
      trade: string | null = null,
    ) => ({
      reporter_id: studentId,
      building,
      room: 'Room 1',
      issue_description: 'Report test',
      priority,
      status,
      assigned_to: assigned,
      actual_cost_cents: cost,
      created_at: '2019-03-15T02:00:00Z',
      updated_at: '2019-03-15T02:00:00Z',
      rating,
      rated_at: rating ? '2019-03-20T02:00:00Z' : null,
      suggested_trade: trade,
    });
    await db
      .insertInto('repair_reports')
      .values([
        repair('Report Hall', 'high', 'completed', plumberId, 4, 150_000),
        repair('Report Hall', 'high', 'completed', plumberId, 5, 50_000),
        repair('Report Hall', 'low', 'pending', null, null, null),
        repair('Report Annex', 'medium', 'pending', null, null, null, 'electrician'),
      ])
      .execute();
  });
  afterAll(() => app.close());

  const get = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });
  const MARCH = 'from=2019-03-01&to=2019-03-31';
  const inMarch = (iso: string) => {
    const campus = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
    return campus >= '2019-03-01' && campus <= '2019-03-31';
  };
  const reqOf = (key: string) => requests.find((r) => r.key === key)!;
  const LENT = ['approved', 'returned', 'completed'];

  it('lending activity: requests, decisions and quantities per category, a request counted once in all', async () => {
    const res = await get(`/api/reports/lending?${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const ours = lines.filter((l) => inMarch(reqOf(l.req).created));
    const expected = (cat: string | null) => {
      const ls = ours.filter((l) => cat === null || items[l.item].category === cat);
      const reqs = [...new Set(ls.map((l) => l.req))].map(reqOf);
      return [
        reqs.length,
        reqs.filter((q) => LENT.includes(q.status)).length,
        reqs.filter((q) => q.status === 'rejected').length,
        ls.reduce((n, l) => n + l.asked, 0),
        ls.filter((l) => LENT.includes(reqOf(l.req).status)).reduce((n, l) => n + l.lent, 0),
      ];
    };
    expect(r.rows).toEqual([
      ['Electrical', ...expected('Electrical')],
      ['Plumbing', ...expected('Plumbing')],
    ]);
    expect(r.totals).toEqual(['All categories', ...expected(null)]);
    expect(expected(null)).toEqual([4, 2, 1, 8, 4]); // the count by hand agrees
    const one = (await get(`/api/reports/lending?${MARCH}&category=Plumbing`)).json();
    expect(one.rows).toEqual([['Plumbing', ...expected('Plumbing')]]);
    expect(one.chart.data).toEqual([{ name: 'Plumbing', value: expected('Plumbing')[4] }]);
  });

  it('utilization: per item and term by the date needed, with the stock', async () => {
    const r = (await get(`/api/reports/utilization?${MARCH}`)).json();
    const lentInMarch = lines.filter((l) => l.lent > 0 && LENT.includes(reqOf(l.req).status) && reqOf(l.req).needed.startsWith('2019-03'));
    const drill = lentInMarch.filter((l) => l.item === 'A');
    const wrench = lentInMarch.filter((l) => l.item === 'B');
    const sum = (ls: typeof lines) => ls.reduce((n, l) => n + l.lent, 0);
    expect(r.rows).toEqual([
      ['Jan–May 2019', 'Report Test Drill', 'Electrical', drill.length, sum(drill), 4, sum(drill) / 4],
      ['Jan–May 2019', 'Report Test Wrench', 'Plumbing', wrench.length, sum(wrench), 2, sum(wrench) / 2],
    ]);
    expect(drill.length).toBe(3); // r1, r3 and r5 (made in February, needed in March)
  });

  it('overdue and loss: loans overdue now whatever their due date, returned late in the period, and what returns found', async () => {
    const r = (await get(`/api/reports/overdue?${MARCH}`)).json();
    const overdueTab = (await get('/api/borrow-records?pageSize=1')).json().counters.overdue;
    const row = (category: string) => r.rows.find((x: unknown[]) => x[0] === category);
    // Electrical: r3 still out past Mar 12 (overdue now, beside the demo's loans overdue now); r1 came back Mar 10
    // after Mar 8; a drill damaged. Plumbing: r1 late, a wrench lost.
    expect(row('Electrical')[1]).toBeGreaterThanOrEqual(1);
    expect(row('Electrical').slice(2)).toEqual([1, 0, 1, 0]);
    expect(row('Plumbing').slice(2)).toEqual([1, 1, 0, 0]);
    // The totals count a loan once: r1 (a drill and a wrench) came back late once; overdue now is the Overdue tab's.
    expect(r.totals).toEqual(['All categories', overdueTab, 1, 1, 1, 0]);
  });

  it('repairs by building, trade and priority, and ratings, filtered by building and trade', async () => {
    const r = (await get(`/api/reports/repairs?${MARCH}`)).json();
    expect(r.rows).toEqual([
      ['Report Annex', 'Electrician', 'Medium', 1, 1, 0, 0],
      ['Report Hall', 'Not assigned', 'Low', 1, 1, 0, 0],
      ['Report Hall', 'Plumber', 'High', 2, 0, 2, 2000],
    ]);
    const hall = (await get(`/api/reports/repairs?${MARCH}&building=Report%20Hall&trade=plumber`)).json();
    expect(hall.rows).toEqual([['Report Hall', 'Plumber', 'High', 2, 0, 2, 2000]]);
    const ratings = (await get(`/api/reports/ratings?${MARCH}`)).json();
    expect(ratings.rows).toEqual([['Plumber', 2, 4.5, 0, 0, 0, 1, 1]]);
    expect((await get(`/api/reports/ratings?${MARCH}&trade=electrician`)).json().rows).toEqual([]);
  });

  it('downloads CSV and PDF of a report filtered to one category', async () => {
    const csv = await get(`/api/reports/lending?${MARCH}&category=Electrical&x=1`.replace('&x=1', '').replace('lending?', 'lending/csv?'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('report-lending-2019-03-01-to-2019-03-31.csv');
    const rows = csv.body.trim().split('\n');
    expect(rows[1]).toBe('Category,Requests,Approved,Rejected,Quantity asked,Quantity lent');
    expect(rows[2]).toBe('Electrical,3,2,1,6,3');
    expect(csv.body).not.toContain('Plumbing');
    const pdf = await get(`/api/reports/lending/pdf?${MARCH}&category=Electrical`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('LENDING ACTIVITY');
    expect(text).toContain('category Electrical');
    expect(text).toMatch(/Electrical\s+3\s+2\s+1\s+6\s+3/);
    expect(text).not.toContain('Plumbing');
  });

  it('is for the office: administrators and staff (shared decision 25), no one else', async () => {
    for (const url of ['/api/reports/lending', '/api/reports/lending/csv', '/api/reports/ratings/pdf', '/api/saved-reports']) {
      expect((await get(url, staff)).statusCode, url).toBe(200);
      expect((await get(url, student)).statusCode, url).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const post = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/saved-reports',
        headers: { cookie },
        payload: { name: 'Staff lending', kind: 'lending', filters: {}, schedule: 'none' },
      });
    expect((await post(staff)).statusCode).toBe(201);
    expect((await post(student)).statusCode).toBe(403);
  });

  it('refuses hostile filters with 400, never 500', async () => {
    const bad = [
      '/api/reports/lending?from=2019-02-30',
      '/api/reports/lending?from=2019-03-31&to=2019-03-01',
      '/api/reports/lending?from=2010-01-01&to=2019-01-01',
      '/api/reports/lending?category=Nope',
      '/api/reports/lending?category=Electrical%27%20or%201=1--',
      '/api/reports/lending?trade=plumber',
      '/api/reports/repairs?category=Electrical',
      '/api/reports/repairs?trade=wizard',
      `/api/reports/repairs?building=${'x'.repeat(500)}`,
      '/api/reports/repairs?building=a%00b',
      '/api/reports/nope',
      '/api/reports/lending/pdf?from=yesterday',
      '/api/reports/lending/csv?to=2019-13-01',
      '/api/reports/lending?sort=1',
    ];
    for (const url of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('invalid_input');
    }
    const save = (payload: object) => app.inject({ method: 'POST', url: '/api/saved-reports', headers: { cookie: admin }, payload });
    expect((await save({ name: 'x', kind: 'lending', filters: {}, schedule: 'weekly', recipientIds: [] })).statusCode).toBe(400);
    expect((await save({ name: 'x', kind: 'lending', filters: {}, schedule: 'weekly', recipientIds: [studentId] })).statusCode).toBe(400);
    expect((await save({ name: 'x', kind: 'lending', filters: { trade: 'plumber' }, schedule: 'none' })).statusCode).toBe(400);
    expect((await save({ name: '', kind: 'lending', filters: {}, schedule: 'none' })).statusCode).toBe(400);
    expect((await save({ name: 'x', kind: 'lending', filters: { from: '2019-02-29' }, schedule: 'none' })).statusCode).toBe(400);
  });

  it("refuses a saved report without a name, or scheduled to no one, in Save Report's words (savedReportForm)", async () => {
    const save = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/saved-reports',
        headers: { cookie: admin },
        payload: { name: 'Weekly', kind: 'lending', filters: {}, schedule: 'none', recipientIds: [], ...payload },
      });
    const unnamed = await save({ name: '   ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toContain('Name the report.');
    const noOne = await save({ schedule: 'weekly' });
    expect(noOne.statusCode).toBe(400);
    expect(noOne.json().error.message).toContain('Choose who receives the report.');
  });

  it('saves a report, sends a weekly one once per period even when two runs race, and a missed period after a restart', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/saved-reports',
      headers: { cookie: admin },
      payload: {
        name: 'Electrical weekly',
        kind: 'lending',
        filters: { category: 'Electrical' },
        schedule: 'weekly',
        recipientIds: [adminId],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json().report;
    expect(saved.recipients).toEqual([{ id: adminId, name: expect.any(String) }]);
    expect(weekdayOf(new Date(Date.parse(saved.nextRunAt) + 8 * 3_600_000).toISOString().slice(0, 10))).toBe('Monday');
    const list = (await get('/api/saved-reports')).json();
    expect(list.items.map((s: { name: string }) => s.name)).toContain('Electrical weekly');
    expect(list.recipients.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([adminId, staffId]));
    expect(list.recipients.map((a: { id: number }) => a.id)).not.toContain(studentId);

    // The clock: the Monday after March 13, 2019 (the week of the test's loans is the one before).
    const tz = app.ctx.config.campusTimeZone;
    const due = nextRunAfter('weekly', new Date('2019-03-13T00:00:00Z'), tz)!;
    expect(due).toBe('2019-03-17T23:00:00.000Z'); // Monday March 18, 7:00 campus time
    await app.ctx.db.updateTable('saved_reports').set({ next_run_at: due }).where('id', '=', saved.id).execute();
    const mails = () =>
      app.ctx.db.selectFrom('outbox').selectAll().where('subject', '=', 'Scheduled report: Electrical weekly').orderBy('id').execute();
    const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

    expect(await sendDueReports(app.ctx, at(due, -1))).toEqual([]);
    const [a, b] = await Promise.all([sendDueReports(app.ctx, at(due, 5)), sendDueReports(app.ctx, at(due, 5))]);
    expect([...a, ...b]).toEqual([saved.id]);
    expect(await sendDueReports(app.ctx, at(due, 30))).toEqual([]);
    let sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].to_address).toBe('admin@campus.test');
    expect(sent[0].body).toContain(`/admin/reports?saved=${saved.id}`);
    const files = JSON.parse(sent[0].attachments!) as { filename: string; contentType: string; content: string }[];
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([['report-lending-2019-03-11-to-2019-03-17.pdf', 'application/pdf']]);
    const text = (await pdfPages(Buffer.from(files[0].content, 'base64'))).join('\n');
    expect(text).toContain('LENDING ACTIVITY');
    expect(text).toContain('Mar 11, 2019 to Mar 17, 2019; category Electrical');
    // The week before March 18: nothing of the test's was made then (r1 to r4 were made March 5 to 9).
    expect(text).toContain('Nothing in this period.');
    let row = await app.ctx.db.selectFrom('saved_reports').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBe(new Date(Date.parse(due) + 7 * 86_400_000).toISOString());

    // Down over the next Monday, back on Wednesday: the missed week is sent at the first tick, once, then the Monday after.
    const back = at(row.next_run_at!, 2 * 24 * 60);
    expect(await sendDueReports(app.ctx, back)).toEqual([saved.id]);
    expect(await sendDueReports(app.ctx, at(back.toISOString(), 60))).toEqual([]);
    sent = await mails();
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1].attachments!)[0].filename).toBe('report-lending-2019-03-18-to-2019-03-24.pdf');
    row = await app.ctx.db.selectFrom('saved_reports').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBe(new Date(Date.parse(due) + 14 * 86_400_000).toISOString());
    expect(addDays('2019-03-18', 14)).toBe('2019-04-01');
  });

  it('changes and deletes a saved report', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/saved-reports',
      headers: { cookie: admin },
      payload: { name: 'Ratings', kind: 'ratings', filters: { trade: 'plumber' }, schedule: 'none' },
    });
    const id = made.json().report.id;
    expect(made.json().report.nextRunAt).toBeNull();
    const put = await app.inject({
      method: 'PUT',
      url: `/api/saved-reports/${id}`,
      headers: { cookie: admin },
      payload: { name: 'Ratings monthly', kind: 'ratings', filters: { trade: 'plumber' }, schedule: 'monthly', recipientIds: [adminId] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const next = put.json().report.nextRunAt as string;
    expect(new Date(Date.parse(next) + 8 * 3_600_000).toISOString().slice(8, 16)).toBe('01T07:00');
    const del = await app.inject({ method: 'DELETE', url: `/api/saved-reports/${id}`, headers: { cookie: admin } });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/saved-reports/${id}`, headers: { cookie: admin } })).statusCode).toBe(404);
  });
});
