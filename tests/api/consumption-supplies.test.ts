import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/time';
import { act, inDays, newItem, requestId } from '../borrowing';
import { addAccount, ADDED_PASSWORD, login, loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * Consumption by department counts supplies (docs/decisions/supplies.md): the supplies issued on a department's
 * requests and their cost, each issue at the average unit cost of its moment, on screen, as CSV and PDF. On SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('consumption by department: supplies issued and their cost', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let n = 0;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff')]);
  });
  afterAll(() => app.close());

  const send = (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object });
  const receive = async (itemId: number, quantity: number, unitCost: number) => {
    const res = await send(staff, 'POST', '/api/deliveries', {
      reference: `CONS-${++n}-${Date.now()}`,
      receivedOn: todayIn('Asia/Manila'),
      newSupplier: { name: `Consumption supplier ${n} ${Math.random().toString(36).slice(2, 7)}` },
      lines: [{ itemId, quantity, unitCost }],
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('counts the 8 reams issued at their cost under the requester’s department, not as lent, on screen, CSV and PDF', async () => {
    const code = `CS${Date.now() % 100000}`;
    const dept = await send(admin, 'POST', '/api/departments', { name: `College of Supplies ${code}`, code });
    expect(dept.statusCode, dept.body).toBe(201);
    const department = dept.json().department as { id: number; name: string; code: string };
    const person = await addAccount(app, 'faculty');
    await app.ctx.db.updateTable('accounts').set({ department_id: department.id }).where('id', '=', person.id).execute();
    const faculty = await login(app, person.email, ADDED_PASSWORD, 'user');

    const paper = await newItem(app, { quantity: 0, category: 'Janitorial' });
    await app.ctx.db.updateTable('items').set({ supply: 1 }).where('id', '=', paper).execute();
    await receive(paper, 50, 215.5);
    const projector = await newItem(app, { quantity: 2 });
    const id = await requestId(app, faculty, [
      [paper, 10],
      [projector, 1],
    ]);
    const approved = await act(app, staff, id, 'approve', { items: [paper, projector], issue: [{ itemId: paper, quantity: 8 }] });
    expect(approved.statusCode, approved.body).toBe(200);
    // The issue is costed at the average of its moment: a later delivery at another cost does not change it.
    await receive(paper, 50, 100);
    const card = (await send(staff, 'GET', `/api/items/${paper}/stock-card`)).json();
    expect(card.items.find((e: { kind: string }) => e.kind === 'issued')).toMatchObject({ quantity: -8, unitCost: 215.5 });

    const range = `from=${inDays(-1)}&to=${inDays(5)}`;
    const report = (await send(admin, 'GET', `/api/reports/departments?${range}`)).json();
    expect(report.columns.map((c: { label: string }) => c.label)).toEqual([
      'Month',
      'Department',
      'Requests',
      'Loans',
      'Quantity lent',
      'Supplies issued',
      'Supplies cost',
    ]);
    expect(report.columns[6].money).toBe(true);
    const name = `${department.name} (${department.code})`;
    const row = report.rows.find((r: unknown[]) => r[1] === name);
    // One request, one loan (the projector), 1 lent (the reams are issued, not lent), 8 issued at 215.50.
    expect(row.slice(2)).toEqual([1, 1, 1, 8, 1724]);
    expect(report.totals[5]).toBeGreaterThanOrEqual(8);

    const csv = await send(admin, 'GET', `/api/reports/departments/csv?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Supplies cost');
    expect(csv.body.split(/\r?\n/).find((l) => l.includes(code))).toMatch(/,8,1724(\.00)?\s*$/);
    const pdf = await send(admin, 'GET', `/api/reports/departments/pdf?${range}`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    // Headers and amounts wrap in the narrow columns.
    expect(text.replace(/\s+/g, ' ')).toContain('Supplies issued Supplies cost');
    expect(text.replace(/\s+/g, ' ')).toContain('1 1 1 8 PHP 1,724.00');
  });
});
