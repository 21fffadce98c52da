import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MSG } from '../../core/inventory/deliveries';
import { STOCK_MSG } from '../../core/inventory/stock';
import { addDays, todayIn } from '../../core/time';
import { act, newItem, requestId } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { cardProblems } from '../stock';
import { pdfPages } from './pdfText';

/**
 * docs/decisions/stock-card.md: deliveries received onto the stock card, suppliers, reversals with a reason, the card
 * itself (paged, CSV, PDF, average cost), hand edits needing a reason, and the asset register of a delivery's units.
 * On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('deliveries and the stock card', () => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  let faculty: string;
  let personnel: string;
  const today = () => todayIn('Asia/Manila');

  beforeAll(async () => {
    app = await makeApp();
    [staff, admin, faculty, personnel] = await Promise.all([
      loginAs(app, 'staff'),
      loginAs(app, 'admin'),
      loginAs(app, 'faculty'),
      loginAs(app, 'personnel'),
    ]);
  });
  afterAll(() => app.close());

  const call = (method: string, url: string, cookie: string, payload?: unknown) =>
    app.inject({ method: method as 'POST', url, headers: { cookie }, payload: payload as object });
  let n = 0;
  const supplierName = () => `Supplier ${++n} ${Math.random().toString(36).slice(2, 6)}`;
  const record = (body: Record<string, unknown>, cookie = staff) =>
    call('POST', '/api/deliveries', cookie, { reference: `DR-${++n}`, receivedOn: today(), ...body });
  const card = async (id: number, query = '') => (await call('GET', `/api/items/${id}/stock-card${query}`, staff)).json();

  it('receives a delivery from a new supplier: received entries with the cost, the balance, the average cost', async () => {
    const paper = await newItem(app, { quantity: 10, category: 'Janitorial' });
    const name = supplierName();
    const res = await record({
      newSupplier: { name, contact: '0917 555 0100' },
      lines: [{ itemId: paper, quantity: 50, unitCost: 215.5 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { delivery } = res.json();
    expect(delivery).toMatchObject({
      supplierName: name,
      total: 10775,
      reversed: false,
      lines: [{ itemId: paper, quantity: 50, unitCost: 215.5, lineTotal: 10775 }],
    });
    const c = await card(paper);
    expect(c.item.quantity).toBe(60);
    expect(c.items[0]).toMatchObject({
      kind: 'received',
      quantity: 50,
      balanceAfter: 60,
      unitCost: 215.5,
      deliveryId: delivery.id,
      deliveryReference: delivery.reference,
    });
    expect(c.items[1]).toMatchObject({ kind: 'opening', quantity: 10, balanceAfter: 10 });
    expect(c.averageUnitCost).toBe(215.5);
    // A second delivery at another cost: the average is weighted by quantity.
    const supplier = (await call('GET', `/api/suppliers?search=${encodeURIComponent(name)}`, staff)).json().items[0];
    expect((await record({ supplierId: supplier.id, lines: [{ itemId: paper, quantity: 30, unitCost: 200 }] })).statusCode).toBe(201);
    expect((await card(paper)).averageUnitCost).toBe(Math.round((50 * 21550 + 30 * 20000) / 80) / 100);
    expect(await cardProblems(app, [paper])).toEqual([]);
  });

  it('refuses each wrong field in the form order, with the form rule’s words', async () => {
    const item = await newItem(app, { quantity: 1 });
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ itemId: item, quantity: 1, unitCost: 1 }] }, DELIVERY_MSG.supplierRequired],
      [{ newSupplier: { name: ' ' }, lines: [] }, DELIVERY_MSG.supplierNameRequired],
      [{ newSupplier: { name: supplierName() }, reference: ' ', lines: [] }, DELIVERY_MSG.referenceRequired],
      [{ newSupplier: { name: supplierName() }, receivedOn: addDays(today(), 1), lines: [] }, DELIVERY_MSG.dateInFuture],
      [{ newSupplier: { name: supplierName() }, receivedOn: '2026-02-30', lines: [] }, DELIVERY_MSG.dateRequired],
      [{ newSupplier: { name: supplierName() }, lines: [] }, DELIVERY_MSG.linesRequired],
      [{ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 0, unitCost: 1 }] }, DELIVERY_MSG.lineQuantityInvalid(1)],
      [
        { newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 1.5, unitCost: 1 }] },
        DELIVERY_MSG.lineQuantityInvalid(1),
      ],
      [{ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 1, unitCost: -1 }] }, DELIVERY_MSG.lineCostInvalid(1)],
      [{ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 1, unitCost: 1.005 }] }, DELIVERY_MSG.lineCostInvalid(1)],
      [
        {
          newSupplier: { name: supplierName() },
          lines: [
            { itemId: item, quantity: 1, unitCost: 1 },
            { itemId: item, quantity: 2, unitCost: 1 },
          ],
        },
        DELIVERY_MSG.itemTwice(''),
      ],
    ];
    for (const [body, message] of cases) {
      const res = await record(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message.endsWith(' is on two lines; put its whole quantity on one.'))
        expect(res.json().error.message).toContain('is on two lines');
      else expect(res.json().error.message).toBe(message);
    }
    const gone = await record({ newSupplier: { name: supplierName() }, lines: [{ itemId: 99_999_999, quantity: 1, unitCost: 1 }] });
    expect(gone.statusCode).toBe(404);
    expect((await record({ supplierId: 99_999_999, lines: [{ itemId: item, quantity: 1, unitCost: 1 }] })).statusCode).toBe(404);
    // Nothing was written by any refusal.
    expect((await card(item)).total).toBe(1);
    // Hostile values: 4xx, never 500.
    for (const body of [
      { lines: 'x' },
      { reference: 'a\u0000b' },
      { lines: [{ itemId: -1 }] },
      { supplierId: 'DROP' },
      { newSupplier: 5 },
    ]) {
      const res = await record(body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('keeps one supplier per name in any case (409), and only the office may see or add them', async () => {
    const name = supplierName();
    expect((await call('POST', '/api/suppliers', staff, { name, contact: 'sales@example.test' })).statusCode).toBe(201);
    const again = await call('POST', '/api/suppliers', admin, { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'supplier_taken', message: DELIVERY_MSG.supplierTaken(name.toUpperCase()) });
    expect(
      (await record({ newSupplier: { name }, lines: [{ itemId: await newItem(app, { quantity: 1 }), quantity: 1, unitCost: 1 }] }))
        .statusCode,
    ).toBe(409);
    for (const who of [faculty, personnel]) {
      expect((await call('GET', '/api/suppliers', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/deliveries', who, {})).statusCode).toBe(403);
      expect((await call('GET', '/api/deliveries', who)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/deliveries' })).statusCode).toBe(401);
  });

  it('reverses a delivery with a reason, once; refused while the stock it brought has gone out', async () => {
    const item = await newItem(app, { quantity: 0 });
    const { delivery } = (
      await record({ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 5, unitCost: 12 }] })
    ).json();
    expect((await call('POST', `/api/deliveries/${delivery.id}/reverse`, staff, { reason: ' ' })).json().error.message).toBe(
      DELIVERY_MSG.reverseReasonRequired,
    );
    // Three of the five lent out: reversing would take the stock below zero.
    const id = await requestId(app, faculty, [[item, 3]]);
    expect((await act(app, staff, id, 'approve', { items: [item] })).statusCode).toBe(200);
    const short = await call('POST', `/api/deliveries/${delivery.id}/reverse`, staff, { reason: 'Wrong items' });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toEqual({
      code: 'reversal_refused',
      message: DELIVERY_MSG.reverseShort((await card(item)).item.name, 2, 5),
    });
    expect((await call('GET', `/api/deliveries/${delivery.id}`, staff)).json().reversed).toBe(false);
    expect((await call('POST', `/api/borrow-records/${id}/mark-returned`, staff)).statusCode).toBe(200);
    const ok = await call('POST', `/api/deliveries/${delivery.id}/reverse`, admin, { reason: 'Wrong items' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().delivery).toMatchObject({ reversed: true, reverseReason: 'Wrong items' });
    const c = await card(item);
    expect(c.items[0]).toMatchObject({ kind: 'reversed', quantity: -5, balanceAfter: 0, reason: 'Wrong items', deliveryId: delivery.id });
    expect(c.averageUnitCost).toBeNull();
    const twice = await call('POST', `/api/deliveries/${delivery.id}/reverse`, staff, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('delivery_reversed');
    expect((await call('POST', '/api/deliveries/99999999/reverse', staff, { reason: 'x' })).statusCode).toBe(404);
    // Two reversals at once: exactly one wins.
    const other = (await record({ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 2, unitCost: 1 }] })).json()
      .delivery;
    const both = await Promise.all(
      [staff, admin].map((who) => call('POST', `/api/deliveries/${other.id}/reverse`, who, { reason: 'Double' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await cardProblems(app, [item])).toEqual([]);
  });

  it('a tracked line makes units with tags and their asset register; reversal refused once a unit moved', async () => {
    const item = await newItem(app, { quantity: 0, category: 'Electrical' });
    const prefix = `PRJ${Date.now() % 100000}`;
    expect((await call('POST', `/api/items/${item}/track`, staff, { prefix })).statusCode).toBe(200);
    const noPrefix = await record({ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 2, unitCost: 25000 }] });
    expect(noPrefix.statusCode).toBe(400);
    const warranty = addDays(today(), 30);
    const res = await record({
      newSupplier: { name: supplierName() },
      lines: [{ itemId: item, quantity: 2, unitCost: 25000, tagPrefix: prefix, warrantyEnd: warranty }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { delivery } = res.json();
    expect(delivery.lines[0].tags).toEqual([`${prefix}-0001`, `${prefix}-0002`]);
    const units = await app.ctx.db.selectFrom('item_units').selectAll().where('delivery_id', '=', delivery.id).orderBy('tag').execute();
    expect(units.map((u) => [u.purchase_date, u.purchase_cost_cents, u.warranty_end, u.status])).toEqual([
      [today(), 2_500_000, warranty, 'available'],
      [today(), 2_500_000, warranty, 'available'],
    ]);
    const c = await card(item);
    expect(c.item.quantity).toBe(2);
    expect(c.items[0]).toMatchObject({ kind: 'received', quantity: 2, unitCost: 25000 });
    const ending = (await call('GET', '/api/units/warranty-ending?days=45', staff)).json();
    expect(ending.items.filter((u: any) => u.itemId === item).map((u: any) => u.tag)).toEqual([`${prefix}-0001`, `${prefix}-0002`]);
    expect((await call('GET', '/api/units/warranty-ending?days=10', staff)).json().items.filter((u: any) => u.itemId === item)).toEqual([]);
    // One unit retired: the delivery can no longer be reversed.
    expect((await call('POST', `/api/units/${units[0]!.id}/retire`, staff, { reason: 'Dropped' })).statusCode).toBe(200);
    const refused = await call('POST', `/api/deliveries/${delivery.id}/reverse`, staff, { reason: 'Wrong model' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(DELIVERY_MSG.reverseUnitsMoved(`${prefix}-0001`));
    expect((await card(item)).items[0]).toMatchObject({ kind: 'retired', quantity: -1, balanceAfter: 1 });
    expect(await cardProblems(app, [item])).toEqual([]);
  });

  it('the card pages by the database, downloads as CSV and PDF, and the receipt PDF reads back', async () => {
    const item = await newItem(app, { quantity: 3 });
    const { delivery } = (
      await record({ newSupplier: { name: supplierName() }, lines: [{ itemId: item, quantity: 4, unitCost: 9.75 }] })
    ).json();
    for (let i = 0; i < 3; i++) {
      const it = (await card(item)).item;
      const res = await call('PUT', `/api/items/${item}`, staff, {
        name: it.name,
        category: it.category,
        quantity: 10 + i,
        minStock: 1,
        quantityReason: `Count ${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const page2 = await card(item, '?page=2&pageSize=2');
    expect(page2.total).toBe(5);
    expect(page2.items.map((e: any) => e.kind)).toEqual(['adjusted', 'received']);
    // Pages are ranges of the entries' numbers (migration 060): the last page is the opening, past it nothing.
    expect((await card(item, '?page=3&pageSize=2')).items.map((e: any) => e.kind)).toEqual(['opening']);
    expect((await card(item, '?page=4&pageSize=2')).items).toEqual([]);
    const csv = await call('GET', `/api/items/${item}/stock-card.csv`, staff);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Entry,Quantity,Balance,Unit cost,By,For,Reason');
    expect(lines[1]).toContain('Opening balance');
    expect(lines[2]).toContain(`Received,4,7,9.75`);
    expect(lines[5]).toContain('Count 2');
    const pdf = await call('GET', `/api/items/${item}/stock-card.pdf`, staff);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('STOCK CARD');
    expect(text).toContain('PHP 9.75');
    const receipt = await call('GET', `/api/deliveries/${delivery.id}/receipt.pdf`, staff);
    expect(receipt.statusCode).toBe(200);
    const receiptText = (await pdfPages(receipt.rawPayload)).join('\n');
    expect(receiptText).toContain('DELIVERY RECEIPT');
    expect(receiptText).toContain(delivery.reference);
    expect(receiptText).toContain('PHP 39.00');
    expect((await call('GET', '/api/items/99999999/stock-card', staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/items/${item}/stock-card`, faculty)).statusCode).toBe(403);
    // The list finds it by reference, supplier or item, and counts per tab.
    const list = (await call('GET', `/api/deliveries?search=${encodeURIComponent(delivery.reference)}`, staff)).json();
    expect(list.items.map((d: any) => d.id)).toEqual([delivery.id]);
    expect(list.counts).toMatchObject({ all: 1, received: 1, reversed: 0 });
    // The list is kept while no delivery changes (migration 061): a reversal is seen at once.
    const reversed = await call('POST', `/api/deliveries/${delivery.id}/reverse`, staff, { reason: 'Wrong supplier' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const after = (await call('GET', `/api/deliveries?search=${encodeURIComponent(delivery.reference)}`, staff)).json();
    expect(after.counts).toMatchObject({ all: 1, received: 0, reversed: 1 });
    expect(after.items[0].reversed).toBe(true);
  });

  it('a hand edit of the quantity needs a reason, and becomes an adjusted entry', async () => {
    const item = await newItem(app, { quantity: 5 });
    const it = (await card(item)).item;
    const body = { name: it.name, category: it.category, quantity: 8, minStock: 1 };
    const refused = await call('PUT', `/api/items/${item}`, staff, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'reason_required', message: STOCK_MSG.adjustReasonRequired });
    expect((await card(item)).item.quantity).toBe(5);
    expect((await call('PUT', `/api/items/${item}`, staff, { ...body, quantity: 5 })).statusCode).toBe(200); // unchanged: no reason needed
    expect((await call('PUT', `/api/items/${item}`, staff, { ...body, quantityReason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await call('PUT', `/api/items/${item}`, staff, { ...body, quantityReason: 'Found a box' })).statusCode).toBe(200);
    expect((await card(item)).items[0]).toMatchObject({ kind: 'adjusted', quantity: 3, balanceAfter: 8, reason: 'Found a box' });
  });
});
