import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreturnedTitle } from '../../core/inventory/reportLayout';
import { MSG } from '../../core/messages';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/** The inventory report and CSV, on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('inventory report and CSV', () => {
  let app: TestApp;
  let admin: string;
  let personnel: string;
  let student: string;

  beforeAll(async () => {
    app = await makeApp();
    [admin, personnel, student] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'personnel'), loginAs(app, 'student')]);
  });
  afterAll(() => app.close());

  const get = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin) => app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('answers the report: counts match the tables, unreturned lines come from loans out, counted as loans', async () => {
    const res = await get('/api/inventory/report');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.counts.available).toBe(r.available.length);
    expect(r.counts.damaged).toBe(r.damaged.length);
    expect(r.counts.unavailable).toBe(r.unavailable.length);
    expect(r.counts.total).toBe(r.counts.available + r.counts.damaged + r.counts.unavailable);
    const loans = (await get('/api/items/unreturned?pageSize=500')).json();
    const out = loans.items.filter((l: { status: string }) => l.status === 'approved');
    expect(out.length).toBeGreaterThan(0);
    expect(r.unreturned).toHaveLength(out.length);
    // Loans, not their lines: the demo data has loans of several items.
    const requests = new Set(out.map((l: { requestId: number }) => l.requestId)).size;
    expect(requests).toBeLessThan(out.length);
    expect(r.counts.unreturned).toBe(requests);
    expect(r.unreturned.map((u: { requestId: number }) => u.requestId)).toEqual(out.map((l: { requestId: number }) => l.requestId));
    expect(r.unreturnedUnits).toBe(out.reduce((n: number, l: { quantityApproved: number }) => n + l.quantityApproved, 0));
  });

  it('downloads the report as a PDF with the header, counts, tables and page numbers on every page', async () => {
    // Enough items for the tables to cross pages.
    const stamp = new Date().toISOString();
    await app.ctx.db
      .insertInto('items')
      .values(
        Array.from({ length: 70 }, (_, i) => ({
          name: `Report filler ${i + 1}`,
          description: null,
          category: 'Janitorial',
          quantity: i,
          min_stock: 3,
          item_status: i % 10 === 0 ? 'damaged' : 'available',
          created_at: stamp,
        })),
      )
      .execute();
    const res = await get('/api/inventory/report.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory_report_\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    expect(all).toContain('General Services Office');
    expect(all).toContain('INVENTORY REPORT');
    expect(all).toMatch(/Generated: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
    const report = (await get('/api/inventory/report')).json();
    for (const label of ['Available', 'Damaged', 'Unavailable', 'Unreturned', 'Total Inventory']) expect(all).toContain(label);
    expect(all).toContain(`Available Items (${report.counts.available})`);
    expect(all).toContain('Report filler 70');
    expect(all).toContain('Request ID');
    expect(all).toContain(unreturnedTitle(report));
    expect(unreturnedTitle(report)).toBe(`Unreturned Items (${report.counts.unreturned} loans, ${report.unreturnedUnits} units)`);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      // Every page that a table continues on starts with the header row again.
      if (i > 0 && text.includes('Report filler')) expect(text).toContain('Item Name');
    });
  });

  it('refuses the report and the CSV to everyone but the office', async () => {
    for (const cookie of [personnel, student]) {
      expect((await get('/api/inventory/report', cookie)).statusCode).toBe(403);
      expect((await get('/api/inventory/report.pdf', cookie)).statusCode).toBe(403);
      expect((await get('/api/inventory/export.csv', cookie)).statusCode).toBe(403);
      expect((await post('/api/inventory/import/preview', { csv: 'x' }, cookie)).statusCode).toBe(403);
      expect((await post('/api/inventory/import', { csv: 'x' }, cookie)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/inventory/report.pdf' })).statusCode).toBe(401);
  });

  it('exports what the filter shows and imports the same file back as updates, never duplicates', async () => {
    const res = await get('/api/inventory/export.csv?category=Janitorial&search=Report%20filler');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory_.*\.csv"$/);
    const csv = res.body;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Item Name,Description,Category,Quantity,Min Stock,Item Status');
    expect(lines).toHaveLength(71);
    const before = Number(
      (
        await app.ctx.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    // The same file: nothing to do.
    const same = (await post('/api/inventory/import/preview', { csv })).json();
    expect(same.errors).toBe(0);
    expect(same.creates).toBe(0);
    expect(same.updates).toBe(0);

    // Changed quantities and one new row: updates and one create.
    const changed =
      csv.replace('Report filler 5,,Janitorial,4,', 'Report filler 5,,Janitorial,40,') +
      'CSV new mop,Long handle,janitorial,7,2,available\r\n';
    const preview = (await post('/api/inventory/import/preview', { csv: changed })).json();
    expect(preview).toMatchObject({ errors: 0, creates: 1, updates: 1, fileError: null });
    const done = await post('/api/inventory/import', { csv: changed });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ created: 1, updated: 1, message: MSG.csvImported(1, 1) });
    const after = Number(
      (
        await app.ctx.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before + 1);
    const row = await app.ctx.db.selectFrom('items').selectAll().where('name', '=', 'Report filler 5').executeTakeFirstOrThrow();
    expect(row.quantity).toBe(40);
    const feed = await app.ctx.db.selectFrom('activity').selectAll().orderBy('id', 'desc').limit(2).execute();
    expect(feed.map((f) => f.action_type)).toEqual(['inventory_update', 'inventory_update']);

    // Again: the new item is matched, not doubled.
    expect((await post('/api/inventory/import', { csv: changed })).json()).toMatchObject({ created: 0, updated: 0 });
  });

  it('imports nothing while one row is wrong, and names the row', async () => {
    const csv = [
      'Item Name,Category,Quantity,Min Stock',
      'CSV good one,Plumbing,3,1',
      'CSV bad one,Plumbing,-2,1',
      'CSV good two,Nope,3,1',
    ].join('\n');
    const preview = (await post('/api/inventory/import/preview', { csv })).json();
    expect(preview.errors).toBe(2);
    expect(preview.rows[0].error).toBeNull();
    expect(preview.rows[1]).toMatchObject({ line: 3, error: MSG.itemQuantityInvalid });
    expect(preview.rows[2].error).toBe(MSG.itemCategoryRequired);
    const res = await post('/api/inventory/import', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_csv');
    expect(res.json().error.message).toContain('Line 3');
    const made = await app.ctx.db.selectFrom('items').select('id').where('name', 'like', 'CSV good%').execute();
    expect(made).toHaveLength(0);
  });

  it('says what is wrong with a file that is not an inventory', async () => {
    const preview = (await post('/api/inventory/import/preview', { csv: 'a,b\n1,2' })).json();
    expect(preview.fileError).toContain('missing the columns');
    expect((await post('/api/inventory/import', { csv: '' })).statusCode).toBe(400);
  });
});
