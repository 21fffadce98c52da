import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

describe('Generate Report: the office figures', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const get = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });
  const countOf = async (table: 'accounts' | 'borrow_requests' | 'repair_reports' | 'items', where?: [string, string]) => {
    let q = app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (where) q = q.where(where[0] as never, '=', where[1] as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  it('counts users, requests, repairs and stock as the database holds them', async () => {
    const report = (await get('/api/dashboard/report')).json();
    expect(report.requests.all).toBe(await countOf('borrow_requests'));
    expect(report.requests.pending).toBe(await countOf('borrow_requests', ['status', 'pending']));
    expect(report.repairs.all).toBe(await countOf('repair_reports'));
    expect(report.repairs.completed).toBe(await countOf('repair_reports', ['status', 'completed']));
    expect(report.stock.total).toBe(await countOf('items'));
    expect(report.stock.inStock + report.stock.lowStock + report.stock.outOfStock).toBe(report.stock.total);
    expect(report.users.pending).toBe(await countOf('accounts', ['status', 'pending']));
    const accepted = await countOf('accounts', ['status', 'accepted']);
    expect(report.users.student + report.users.faculty + report.users.personnel + report.users.staff + report.users.admin).toBe(accepted);
    expect(report.users.admin).toBeGreaterThan(0);
  });

  it('prints as a PDF with the office header, every section, its counts and page numbers', async () => {
    const report = (await get('/api/dashboard/report')).json();
    const res = await get('/api/dashboard/report.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="office_report_\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = (await pdfPages(res.rawPayload)).join('\n');
    for (const words of [
      'General Services Office',
      'OFFICE REPORT',
      'Generated:',
      'Users',
      'Borrow requests by status',
      'Repair reports by status',
      'Stock',
      'Page 1 of',
    ])
      expect(text).toContain(words);
    expect(text).toMatch(new RegExp(`Registrations awaiting approval\\s+${report.users.pending}`));
    expect(text).toMatch(new RegExp(`Items in all\\s+${report.stock.total}`));
  });

  it('is for the office administrators only', async () => {
    for (const who of ['student', 'faculty', 'personnel'] as const) {
      const cookie = await loginAs(app, who);
      expect((await get('/api/dashboard/report', cookie)).statusCode, who).toBe(403);
      expect((await get('/api/dashboard/report.pdf', cookie)).statusCode, who).toBe(403);
    }
    expect((await get('/api/dashboard/report.pdf', '')).statusCode).toBe(401);
  });
});
