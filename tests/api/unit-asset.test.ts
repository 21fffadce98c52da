import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MSG } from '../../core/inventory/deliveries';
import { ASSET_WORDS } from '../../core/inventory/unitAsset';
import { addDays, todayIn } from '../../core/time';
import { newItem } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Edit Asset Record (docs/decisions/stock-card.md, the asset register): a unit's purchase date, cost, supplier,
 * warranty end and property number, checked by the server and shown on the unit's page. On SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
describe('a unit’s asset record', () => {
  let app: TestApp;
  let staff: string;
  let personnel: string;
  let units: { id: number; tag: string }[];
  let supplierId: number;
  const today = () => todayIn('Asia/Manila');

  beforeAll(async () => {
    app = await makeApp();
    [staff, personnel] = await Promise.all([loginAs(app, 'staff'), loginAs(app, 'personnel')]);
    const item = await newItem(app, { quantity: 2 });
    const prefix = `AST${Date.now() % 100000}`;
    const tracked = await call('POST', `/api/items/${item}/track`, { prefix });
    expect(tracked.statusCode, tracked.body).toBe(200);
    units = (await call('GET', `/api/items/${item}/units?page=1&pageSize=10`)).json().items;
    const s = await call('POST', '/api/suppliers', { name: `Asset supplier ${Math.random().toString(36).slice(2, 8)}`, contact: null });
    expect(s.statusCode, s.body).toBe(201);
    supplierId = s.json().supplier?.id ?? s.json().id;
  });
  afterAll(() => app.close());

  const call = (method: string, url: string, payload?: unknown, cookie = staff) =>
    app.inject({ method: method as 'PUT', url, headers: { cookie }, payload: payload as object });
  const put = (id: number, body: object, cookie = staff) => call('PUT', `/api/units/${id}/asset`, body, cookie);

  it('saves every field, shows it on the unit’s page with a history line, and clears a field with null', async () => {
    const u = units[0]!;
    const property = `PN-${Date.now()}`;
    const warranty = addDays(today(), 365);
    const res = await put(u.id, {
      purchaseDate: today(),
      purchaseCost: 12500.5,
      supplierId,
      warrantyEnd: warranty,
      propertyNumber: ` ${property} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ASSET_WORDS.saved);
    const page = (await call('GET', `/api/units/${u.tag}/history`)).json();
    expect(page.unit).toMatchObject({
      purchaseDate: today(),
      purchaseCost: 12500.5,
      supplierId,
      warrantyEnd: warranty,
      propertyNumber: property,
    });
    expect(page.unit.supplierName).toMatch(/^Asset supplier/);
    expect(page.history[0]).toMatchObject({ kind: 'asset' });
    expect(page.history[0].text).toContain('purchase cost none → ₱12,500.50');
    // The warranty list reads it.
    const ending = (await call('GET', '/api/units/warranty-ending?days=400')).json();
    expect(ending.items.some((x: { tag: string }) => x.tag === u.tag)).toBe(true);

    const cleared = await put(u.id, {
      purchaseDate: today(),
      purchaseCost: null,
      supplierId: null,
      warrantyEnd: null,
      propertyNumber: property,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().unit).toMatchObject({ purchaseCost: null, supplierId: null, supplierName: null, warrantyEnd: null });
  });

  it('refuses a wrong field with the rule’s words, an unknown supplier, and a property number on another unit', async () => {
    const [a, b] = [units[0]!, units[1]!];
    const cases: [object, string][] = [
      [{ purchaseDate: '2025-13-01' }, DELIVERY_MSG.purchaseDateInvalid],
      [{ purchaseDate: addDays(today(), 1) }, DELIVERY_MSG.purchaseDateInvalid],
      [{ purchaseCost: -1 }, DELIVERY_MSG.purchaseCostInvalid],
      [{ purchaseCost: 10.005 }, DELIVERY_MSG.purchaseCostInvalid],
      [{ warrantyEnd: 'soon' }, DELIVERY_MSG.warrantyEndInvalid],
      [{ purchaseDate: today(), warrantyEnd: addDays(today(), -1) }, ASSET_WORDS.warrantyBeforePurchase],
      [{ propertyNumber: 'x'.repeat(61) }, DELIVERY_MSG.propertyNumberTooLong],
      [{ supplierId: 999_999 }, DELIVERY_MSG.supplierNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await put(b.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const property = `PN-TAKEN-${Date.now()}`;
    expect((await put(a.id, { propertyNumber: property })).statusCode).toBe(200);
    const taken = await put(b.id, { propertyNumber: property });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'property_number_taken', message: DELIVERY_MSG.propertyNumberTaken(property) });
    // Two units claiming the same new number at once: one wins.
    const both = `PN-RACE-${Date.now()}`;
    const raced = await Promise.all([put(a.id, { propertyNumber: both }), put(b.id, { propertyNumber: both })]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('is the office’s: personnel are refused, an unknown unit is 404, a retired unit 409', async () => {
    expect((await put(units[1]!.id, { propertyNumber: null }, personnel)).statusCode).toBe(403);
    expect((await put(999_999, { propertyNumber: null })).statusCode).toBe(404);
    const retired = await call('POST', `/api/units/${units[1]!.id}/retire`, { reason: 'Broken beyond repair' });
    expect(retired.statusCode, retired.body).toBe(200);
    const res = await put(units[1]!.id, { propertyNumber: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('unit_retired');
  });
});
