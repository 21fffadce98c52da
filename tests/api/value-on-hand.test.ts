import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/time';
import { newItem } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * docs/decisions/value-on-hand.md: the inventory report's value on hand, from the units' purchase costs and the
 * stock card's average unit cost, on screen and in the PDF. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('value on hand on the inventory report', () => {
  let app: TestApp;
  let staff: string;
  let n = 0;

  beforeAll(async () => {
    app = await makeApp();
    staff = await loginAs(app, 'staff');
  });
  afterAll(() => app.close());

  const call = (method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'POST', url, headers: { cookie: staff }, payload: payload as object });
  const receive = async (lines: Record<string, unknown>[]) => {
    const res = await call('POST', '/api/deliveries', {
      reference: `VAL-${++n}-${Date.now()}`,
      receivedOn: todayIn('Asia/Manila'),
      newSupplier: { name: `Value supplier ${n} ${Math.random().toString(36).slice(2, 7)}` },
      lines,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  type Row = { id: number; valueOnHand: number | null };
  const report = async () => {
    const r = (await call('GET', '/api/inventory/report')).json();
    const rows: Row[] = [...r.available, ...r.damaged, ...r.unavailable];
    return { r, value: (id: number) => rows.find((x) => x.id === id)!.valueOnHand, rows };
  };

  it('values a counted item at its average unit cost times what it holds, and a tracked item at its held units’ costs', async () => {
    // Counted: 10 at no cost (opening), then 50 at 215.50 and 30 at 200: the card's average, times the 90 held.
    const paper = await newItem(app, { quantity: 10, category: 'Office Supplies' });
    await receive([{ itemId: paper, quantity: 50, unitCost: 215.5 }]);
    await receive([{ itemId: paper, quantity: 30, unitCost: 200 }]);
    const average = (await call('GET', `/api/items/${paper}/stock-card`)).json().averageUnitCost;
    expect(average).toBe(209.69);
    // Tracked: one unit made by Track Units (no cost), two delivered at 25,000.
    const projector = await newItem(app, { quantity: 1 });
    const prefix = `VOH${Date.now() % 100000}`;
    expect((await call('POST', `/api/items/${projector}/track`, { prefix })).statusCode).toBe(200);
    await receive([{ itemId: projector, quantity: 2, unitCost: 25000, tagPrefix: prefix }]);
    const nothing = await newItem(app, { quantity: 5 });

    const first = await report();
    const { r, rows } = first;
    let value = first.value;
    expect(value(paper)).toBe(18872.1); // 90 × 209.69
    expect(value(projector)).toBe(50000);
    expect(value(nothing)).toBeNull();
    const sum = rows.reduce((t, x) => t + Math.round((x.valueOnHand ?? 0) * 100), 0) / 100;
    expect(r.totalValue).toBe(sum);

    // A lost unit is no longer held: its cost leaves the value.
    const units = (await call('GET', `/api/items/${projector}/units?page=1&pageSize=10`)).json().items;
    const priced = units.find((u: { tag: string }) => u.tag === `${prefix}-0002`);
    const lost = await call('PUT', `/api/units/${priced.id}`, { condition: priced.condition, status: 'lost' });
    expect(lost.statusCode, lost.body).toBe(200);
    ({ value } = await report());
    expect(value(projector)).toBe(25000);
  });

  it('prints the value column and the total in the PDF', async () => {
    const r = (await call('GET', '/api/inventory/report')).json();
    const res = await call('GET', '/api/inventory/report.pdf');
    expect(res.statusCode).toBe(200);
    const all = (await pdfPages(res.rawPayload)).join('\n');
    expect(all).toContain('Value on hand');
    expect(all).toContain('Total value on hand');
    const total = `PHP ${r.totalValue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(all).toContain(total);
  });
});
