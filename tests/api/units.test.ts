import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_MSG } from '../../core/inventory/units';
import { addDays, todayIn } from '../../core/time';
import { FILES, loginAs, makeApp, multipart, type TestApp } from '../helpers';

const today = () => todayIn('Asia/Manila');

/** Tracked units (docs/decisions/units.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('tracked units', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let faculty: string;
  let student: string;
  let n = 0;
  const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, faculty, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
    ]);
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie = admin, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });
  const addItem = async (quantity = 3, over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/items', admin, {
      name: `Projector ${uniq()}`,
      category: 'Electrical',
      quantity,
      minStock: 1,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().item as { id: number; name: string; quantity: number };
  };
  const item = async (id: number) =>
    (await call('GET', `/api/items?search=&pageSize=100`)).json().items.find((i: { id: number }) => i.id === id);
  const units = async (id: number, query = '') => {
    const res = await call('GET', `/api/items/${id}/units?pageSize=100${query}`, personnel);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const track = async (id: number, prefix: string, cookie = staff) =>
    call('POST', `/api/items/${id}/track`, cookie, { prefix, condition: 'good' });
  const lastFeed = () => app.ctx.db.selectFrom('activity').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('turns a counted item into a tracked one with one unit per item on hand; the quantity stays', async () => {
    const it0 = await addItem(3);
    const p = `PJ${uniq()}`;
    const res = await track(it0.id, p.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ tracking: 'tracked', unitCount: 3, quantity: 3 });
    expect(res.json().message).toBe(UNIT_MSG.itemTracked(3));
    const list = await units(it0.id);
    expect(list.items.map((u: { tag: string }) => u.tag)).toEqual([`${p}-0001`, `${p}-0002`, `${p}-0003`]);
    expect(list.counts).toMatchObject({ all: 3, available: 3, on_loan: 0 });
    expect(await lastFeed()).toMatchObject({ action_type: 'inventory_update', entity_type: 'item', entity_id: it0.id });
    // Twice: refused.
    expect((await track(it0.id, p)).statusCode).toBe(409);
  });

  it('tracks an item with some out on loan: units for everything, those out named on their loans as lent', async () => {
    const it0 = await addItem(5);
    const p = `LN${uniq()}`;
    const borrow = async (quantity: number) => {
      const made = await call('POST', '/api/borrow-requests', faculty, {
        purpose: 'Lab class',
        dateNeeded: today(),
        dateExpectedReturn: addDays(today(), 2),
        items: [{ itemId: it0.id, quantity }],
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().request.id as number;
      expect((await call('POST', `/api/borrow-requests/${id}/approve`, staff, { items: [it0.id] })).statusCode).toBe(200);
      return id;
    };
    const [out, handedBack] = [await borrow(2), await borrow(1)];
    // One loan handed back by its borrower, awaiting the office's check.
    const proof = multipart({}, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    const back = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${handedBack}/return`,
      headers: { cookie: faculty, ...proof.headers },
      payload: proof.payload,
    });
    expect(back.statusCode, back.body).toBe(200);

    const res = await track(it0.id, p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UNIT_MSG.itemTracked(5));
    expect(res.json().item).toMatchObject({ tracking: 'tracked', unitCount: 5, quantity: 2 });
    expect((await units(it0.id)).counts).toMatchObject({ all: 5, available: 2, on_loan: 3 });
    const tagsOf = async (id: number) => (await call('GET', `/api/borrow-requests/${id}`, staff)).json().request.items[0].units;
    expect(await tagsOf(out)).toEqual([`${p}-0003`, `${p}-0004`]);
    expect(await tagsOf(handedBack)).toEqual([`${p}-0005`]);
    // The loans come back unit by unit, and the stock with them.
    expect((await call('POST', `/api/borrow-requests/${handedBack}/complete`, staff)).statusCode).toBe(200);
    expect((await call('POST', `/api/borrow-records/${out}/mark-returned`, staff)).statusCode).toBe(200);
    expect(await item(it0.id)).toMatchObject({ quantity: 5, unitCount: 5 });
    expect((await units(it0.id)).counts).toMatchObject({ available: 5, on_loan: 0 });
    const history = await call('GET', `/api/units/${p}-0003/history`, staff);
    expect(JSON.stringify(history.json())).toContain(`REQ-${out}`);
  });

  it('computes the quantity from the units and refuses a typed one', async () => {
    const it0 = await addItem(2);
    const p = `Q${uniq()}`;
    await track(it0.id, p);
    const edit = (quantity: number) =>
      call('PUT', `/api/items/${it0.id}`, staff, {
        name: it0.name,
        category: 'Electrical',
        quantity,
        minStock: 1,
        itemStatus: 'available',
      });
    const refused = await edit(10);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'quantity_computed' });
    expect((await edit(2)).statusCode).toBe(200); // the other fields can still be edited
    const list = await units(it0.id);
    const [first] = list.items;
    const put = await call('PUT', `/api/units/${first.id}`, staff, { condition: 'fair', status: 'in_repair', serialNumber: ' SN-1 ' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().unit).toMatchObject({ condition: 'fair', status: 'in_repair', serialNumber: 'SN-1' });
    expect((await item(it0.id)).quantity).toBe(1);
    const retire = await call('POST', `/api/units/${list.items[1].id}/retire`, staff, { reason: 'Dropped, screen cracked' });
    expect(retire.statusCode, retire.body).toBe(200);
    expect(await item(it0.id)).toMatchObject({ quantity: 0, unitCount: 1, stockStatus: 'out_of_stock' });
    // Retired for good.
    expect((await call('PUT', `/api/units/${list.items[1].id}`, staff, { condition: 'good', status: 'available' })).statusCode).toBe(409);
    expect((await call('POST', `/api/units/${list.items[1].id}/retire`, staff, { reason: 'again' })).statusCode).toBe(409);
    // Back to available: counted again.
    await call('PUT', `/api/units/${first.id}`, staff, { condition: 'good', status: 'available', serialNumber: 'SN-1' });
    expect((await item(it0.id)).quantity).toBe(1);
    // The unit's history, newest first.
    const events = await app.ctx.db.selectFrom('unit_events').select(['kind']).where('unit_id', '=', first.id).orderBy('id').execute();
    expect(events.map((e) => e.kind)).toEqual(['created', 'serial', 'condition', 'status', 'condition', 'status']);
  });

  it('adds units one by one and in bulk, tags unique in any case, bulk skipping taken tags', async () => {
    const it0 = await addItem(0);
    const p = `BK${uniq()}`;
    expect((await track(it0.id, p)).json().item).toMatchObject({ tracking: 'tracked', unitCount: 0, quantity: 0 });
    const one = await call('POST', `/api/items/${it0.id}/units`, staff, { tag: `${p.toLowerCase()}-0002`, condition: 'good' });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().unit).toMatchObject({ tag: `${p}-0002`, status: 'available' });
    const again = await call('POST', `/api/items/${it0.id}/units`, staff, { tag: `${p}-0002`, condition: 'good' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'tag_taken', message: UNIT_MSG.tagTaken(`${p}-0002`) });
    const bulk = await call('POST', `/api/items/${it0.id}/units/bulk`, staff, { count: 3, prefix: p, condition: 'fair' });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json().units.map((u: { tag: string }) => u.tag)).toEqual([`${p}-0001`, `${p}-0003`, `${p}-0004`]);
    expect(await item(it0.id)).toMatchObject({ quantity: 4, unitCount: 4 });
    // A counted item has no units to add.
    const counted = await addItem(1);
    expect((await call('POST', `/api/items/${counted.id}/units`, staff, { tag: `X${uniq()}`, condition: 'good' })).statusCode).toBe(409);
  });

  it('finds a unit by tag: the office sees the unit, a borrower only its item; unknown tags 404', async () => {
    const it0 = await addItem(1);
    const p = `FD${uniq()}`;
    await track(it0.id, p);
    const office = await call('GET', `/api/units/by-tag/${p.toLowerCase()}-0001`, personnel);
    expect(office.statusCode).toBe(200);
    expect(office.json()).toMatchObject({ itemId: it0.id, itemName: it0.name, unit: { tag: `${p}-0001` } });
    const borrower = await call('GET', `/api/units/by-tag/${p}-0001`, student);
    expect(borrower.json()).toEqual({ itemId: it0.id, itemName: it0.name, unit: null });
    const none = await call('GET', `/api/units/by-tag/NOPE-${uniq()}`, faculty);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(UNIT_MSG.unitNotFound);
    expect((await app.inject({ method: 'GET', url: `/api/units/by-tag/${p}-0001` })).statusCode).toBe(401);
  });

  it('lets staff and admins write, personnel read, borrowers neither', async () => {
    const it0 = await addItem(1);
    const p = `RT${uniq()}`;
    expect((await track(it0.id, p, personnel)).statusCode).toBe(403);
    expect((await track(it0.id, p, faculty)).statusCode).toBe(403);
    expect((await track(it0.id, p, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/items/${it0.id}/units`, student)).statusCode).toBe(403);
    const [u] = (await units(it0.id)).items;
    expect((await call('PUT', `/api/units/${u.id}`, personnel, { condition: 'good', status: 'lost' })).statusCode).toBe(403);
    expect((await call('POST', `/api/items/${it0.id}/units/bulk`, personnel, { count: 1, prefix: p })).statusCode).toBe(403);
  });

  it('answers hostile and wrong input with clear 4xx, never 500', async () => {
    const it0 = await addItem(1);
    const p = `HX${uniq()}`;
    await track(it0.id, p);
    const [u] = (await units(it0.id)).items;
    const bad: [string, string, unknown, number, string?][] = [
      ['POST', `/api/items/${it0.id}/units`, { tag: '', condition: 'good' }, 400, UNIT_MSG.tagRequired],
      ['POST', `/api/items/${it0.id}/units`, { tag: 'A B', condition: 'good' }, 400, UNIT_MSG.tagInvalid],
      ['POST', `/api/items/${it0.id}/units`, { tag: "x'; drop table items;--", condition: 'good' }, 400, UNIT_MSG.tagInvalid],
      ['POST', `/api/items/${it0.id}/units`, { tag: 'A'.repeat(41), condition: 'good' }, 400, UNIT_MSG.tagInvalid],
      ['POST', `/api/items/${it0.id}/units`, { tag: 'OK1', condition: 'shiny' }, 400, UNIT_MSG.conditionInvalid],
      ['POST', `/api/items/${it0.id}/units`, { tag: 'OK1', condition: 'good', homeRoomId: 999999 }, 400, UNIT_MSG.roomNotFound],
      ['POST', `/api/items/${it0.id}/units`, { tag: 'OK1\u0000', condition: 'good' }, 400],
      ['POST', `/api/items/${it0.id}/units/bulk`, { count: 0, prefix: p }, 400, UNIT_MSG.countInvalid],
      ['POST', `/api/items/${it0.id}/units/bulk`, { count: 501, prefix: p }, 400, UNIT_MSG.countInvalid],
      ['POST', `/api/items/${it0.id}/units/bulk`, { count: 1.5, prefix: p }, 400, UNIT_MSG.countInvalid],
      ['POST', `/api/items/${it0.id}/units/bulk`, { count: 1, prefix: '%' }, 400, UNIT_MSG.prefixInvalid],
      ['POST', `/api/items/${it0.id}/units/bulk`, { count: 1, prefix: 'P'.repeat(31) }, 400, UNIT_MSG.prefixInvalid],
      ['POST', `/api/items/999999/units`, { tag: 'OK2', condition: 'good' }, 404],
      ['PUT', `/api/units/${u.id}`, { condition: 'good', status: 'on_loan' }, 400, UNIT_MSG.statusInvalid],
      ['PUT', `/api/units/${u.id}`, { condition: 'good', status: 'retired' }, 400, UNIT_MSG.statusInvalid],
      ['PUT', `/api/units/${u.id}`, { condition: 'good', status: 'available', serialNumber: 'x'.repeat(101) }, 400, UNIT_MSG.serialTooLong],
      ['PUT', `/api/units/999999`, { condition: 'good', status: 'available' }, 404],
      ['POST', `/api/units/${u.id}/retire`, { reason: '  ' }, 400, UNIT_MSG.reasonRequired],
      ['GET', `/api/units/by-tag/${encodeURIComponent('%')}`, undefined, 404],
      ['GET', `/api/items/${it0.id}/units?status=broken`, undefined, 400],
    ];
    for (const [method, url, body, status, message] of bad) {
      const res = await call(method as 'GET', url, staff, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (message) expect(res.json().error.message).toBe(message);
    }
    const big = await addItem(501);
    const tooMany = await track(big.id, `TM${uniq()}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe('too_many_units');
  });

  it('searches units by tag and serial number, with status tabs', async () => {
    const it0 = await addItem(3);
    const p = `SR${uniq()}`;
    await track(it0.id, p);
    const list = await units(it0.id);
    await call('PUT', `/api/units/${list.items[2].id}`, staff, { condition: 'good', status: 'lost', serialNumber: 'ABC-998877' });
    expect((await units(it0.id, '&search=998877')).items.map((u: { tag: string }) => u.tag)).toEqual([`${p}-0003`]);
    expect((await units(it0.id, `&search=${p.toLowerCase()}-0002`)).total).toBe(1);
    const lost = await units(it0.id, '&status=lost');
    expect(lost).toMatchObject({ total: 1, counts: { all: 3, available: 2, lost: 1 } });
  });

  it("the inventory CSV cannot type a tracked item's quantity: the row says why", async () => {
    const it0 = await addItem(2);
    await track(it0.id, `CV${uniq()}`);
    const csv = (quantity: number) => `Item Name,Category,Quantity,Min Stock,Item Status\n${it0.name},Electrical,${quantity},1,available\n`;
    const preview = await call('POST', '/api/inventory/import/preview', staff, { csv: csv(9) });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows[0].error).toBe(UNIT_MSG.quantityComputed(it0.name));
    const refused = await call('POST', '/api/inventory/import', staff, { csv: csv(9) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_csv');
    const same = await call('POST', '/api/inventory/import', staff, { csv: csv(2) });
    expect(same.statusCode, same.body).toBe(200);
    expect((await item(it0.id)).quantity).toBe(2);
  });

  it('exports units as CSV and imports them back: previewed, per-row errors, all or nothing', async () => {
    const it0 = await addItem(2);
    const p = `CS${uniq()}`;
    await track(it0.id, p);
    const exported = await call('GET', `/api/units/export.csv?item=${it0.id}`, staff);
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toEqual([
      'Item,Asset Tag,Serial Number,Condition,Status,Home Room Code',
      `${it0.name},${p}-0001,,good,Available,`,
      `${it0.name},${p}-0002,,good,Available,`,
    ]);
    // The same file back: nothing changes.
    const same = await call('POST', '/api/units/import/preview', staff, { csv: exported.body });
    expect(same.json()).toMatchObject({ errors: 0, creates: 0, updates: 0 });

    const header = 'Item,Asset Tag,Serial Number,Condition,Status,Home Room Code';
    const good = [
      header,
      `${it0.name.toUpperCase()},${p}-0001,SN-9,fair,In repair,adm-hall`,
      `${it0.name},${p.toLowerCase()}-0009,,good,,`,
    ].join('\n');
    const bad = [
      header,
      `No Such Item,${p}-0003,,good,,`,
      `${it0.name},${p}-0009,,shiny,,`,
      `${it0.name},${p}-0010,,good,On loan,`,
      `${it0.name},${p}-0011,,good,,NOPE-ROOM`,
      `${it0.name},bad tag,,good,,`,
      `${it0.name},${p}-0002,,good,,`,
      `${it0.name},${p}-0002,,fair,,`,
    ].join('\n');
    const preview = await call('POST', '/api/units/import/preview', staff, { csv: bad });
    expect(preview.statusCode).toBe(200);
    const errors = preview.json().rows.map((r: { error: string | null }) => r.error);
    expect(errors[0]).toMatch(/No tracked item is named/);
    expect(errors[1]).toBe(UNIT_MSG.conditionInvalid);
    expect(errors[2]).toBe(UNIT_MSG.statusInvalid);
    expect(errors[3]).toMatch(/No room has the code NOPE-ROOM/);
    expect(errors[4]).toBe(UNIT_MSG.tagInvalid);
    expect(errors[5]).toBeNull();
    expect(errors[6]).toMatch(/already on line 7/);
    const refused = await call('POST', '/api/units/import', staff, { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_csv');
    expect((await units(it0.id)).total).toBe(2);

    const ok = await call('POST', '/api/units/import', staff, { csv: good });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ created: 1, updated: 1 });
    const list = await units(it0.id);
    expect(
      list.items.map((u: { tag: string; status: string; serialNumber: string | null; homeRoom: { code: string } | null }) => [
        u.tag,
        u.status,
        u.serialNumber,
        u.homeRoom?.code ?? null,
      ]),
    ).toEqual([
      [`${p}-0001`, 'in_repair', 'SN-9', 'ADM-HALL'],
      [`${p}-0002`, 'available', null, null],
      [`${p}-0009`, 'available', null, null],
    ]);
    expect(await item(it0.id)).toMatchObject({ quantity: 2, unitCount: 3 });
    expect(await lastFeed()).toMatchObject({ entity_type: 'item', entity_id: it0.id });
    expect((await call('POST', '/api/units/import/preview', personnel, { csv: good })).statusCode).toBe(403);
  });
});
