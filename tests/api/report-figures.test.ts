import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRunAfter, periodOfRun } from '../../core/reports/schedule';
import { addDays, todayIn } from '../../core/time';
import { sendDueReports } from '../../server/modules/reports/service';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * One figure, one meaning (docs/decisions/reports.md), on SQLite and, with DATABASE_URL, PostgreSQL: the loans
 * overdue now and the requests approved are the same on the office's screens, in a report's PDF and in the mailed
 * report.
 */
describe('figures alike on screen, in the PDF and in the mail', () => {
  let app: TestApp;
  let admin: string;
  let studentId: number;
  let tz: string;
  let today: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const pdfText = async (body: Buffer) => (await pdfPages(body)).join('\n');
  const overdueTab = async () => (await get('/api/borrow-records?pageSize=1')).json().counters.overdue as number;

  /** An approved loan of one unit due back on `expected`. */
  async function loan(expected: string, status = 'approved') {
    const { id } = await app.ctx.db
      .insertInto('borrow_requests')
      .values({
        account_id: studentId,
        purpose: 'Figures test',
        date_needed: addDays(expected, -3),
        date_expected_return: expected,
        status,
        proof_path: null,
        reject_reason: null,
        created_at: new Date().toISOString(),
        decided_at: null,
        decided_by: null,
        returned_at: null,
        completed_at: null,
        reminded_at: null,
        search_text: 'figures test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('borrow_request_items')
      .values({
        request_id: id,
        item_id: null,
        item_name: 'Figures Test Ladder',
        category: 'Furniture',
        quantity_requested: 1,
        quantity_approved: 1,
      })
      .execute();
  }

  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
    tz = app.ctx.config.campusTimeZone;
    today = todayIn(tz);
    studentId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'student@campus.test').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => app.close());

  it('overdue now: every loan past its day, whatever week a mailed report covers, alike in the tab, report, PDF, mail and chart', async () => {
    // A weekly report due a day or more ago: it covers the week before its run, so at least one past day lies between
    // that week and today (on the morning of a run day, the week just covered ends yesterday, with no such day).
    const runAt = nextRunAfter('weekly', new Date(Date.now() - 8 * 86_400_000), tz)!;
    const week = periodOfRun('weekly', runAt, tz);
    const before = await overdueTab();
    // Three loans overdue now: due back in that week, after it, and before it.
    await loan(addDays(week.from, 1));
    await loan(addDays(today, -1) > week.to ? addDays(today, -1) : addDays(week.to, 1));
    await loan(addDays(week.from, -10));
    const overdue = await overdueTab();
    expect(overdue - before).toBe(3);

    const adminId = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'admin@campus.test').executeTakeFirstOrThrow()
    ).id;
    const made = await app.inject({
      method: 'POST',
      url: '/api/saved-reports',
      headers: { cookie: admin },
      payload: { name: 'Figures weekly', kind: 'overdue', filters: {}, schedule: 'weekly', recipientIds: [adminId] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().report.id as number;
    await app.ctx.db.updateTable('saved_reports').set({ next_run_at: runAt }).where('id', '=', id).execute();
    expect(await sendDueReports(app.ctx)).toEqual([id]);

    const dates = `from=${week.from}&to=${week.to}`;
    const screen = (await get(`/api/reports/overdue?${dates}`)).json();
    expect(screen.columns[1].label).toBe('Overdue now');
    expect(screen.totals[1]).toBe(overdue);
    const inPdf = new RegExp(`All categories\\s+${overdue}\\s`);
    expect(await pdfText((await get(`/api/reports/overdue/pdf?${dates}`)).rawPayload)).toMatch(inPdf);

    const mail = await app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'Scheduled report: Figures weekly')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(`All categories: Overdue now ${overdue}, `);
    const [attached] = JSON.parse(mail.attachments!) as { content: string }[];
    expect(await pdfText(Buffer.from(attached.content, 'base64'))).toMatch(inPdf);

    const charts = (await get('/api/dashboard/charts/office')).json();
    expect(charts.overdueNow).toBe(overdue);
    expect(charts.overdue.at(-1).overdue).toBe(overdue);
  });

  it('approved: the dashboard’s last 30 days and the Lending activity report count the same requests the same way', async () => {
    // Approved and since returned or completed: approved all the same.
    await loan(addDays(today, 5), 'returned');
    await loan(addDays(today, 5), 'completed');
    const charts = (await get('/api/dashboard/charts/office?period=30')).json();
    expect(charts).toMatchObject({ first: addDays(today, -29), to: today, periodDays: 30 });
    const report = (await get('/api/reports/lending')).json();
    expect([report.from, report.to]).toEqual([charts.first, charts.to]);
    const [, made, approved, rejected] = report.totals;
    expect(charts.requests).toEqual({ made, approved, rejected });
    const onLoan = charts.requestsByOutcome.reduce((n: number, w: { approved: number }) => n + w.approved, 0);
    expect(approved).toBeGreaterThan(onLoan);
    expect(await pdfText((await get('/api/reports/lending/pdf')).rawPayload)).toMatch(
      new RegExp(`All categories\\s+${made}\\s+${approved}\\s+${rejected}\\s`),
    );
  });
});
