import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, inDays, newItem, requestId, statusOf, stockOf, submit } from '../borrowing';
import { pdfPages } from './pdfText';
import { addAccount, login, ADDED_PASSWORD, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * docs/decisions/supplies.md: supplies are issued, not lent. Who may request them per category, a request holding
 * both, a partial issue said on the request, stock conserved when many issue the last units at once, and the
 * request completing when what was lent is back.
 */
describe('supplies', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let faculty: string;
  let student: string;
  let personnel: string;

  const makeSupply = async (quantity: number, category = 'Janitorial') => {
    const id = await newItem(app, { quantity, category });
    await app.ctx.db.updateTable('items').set({ supply: 1 }).where('id', '=', id).execute();
    return id;
  };

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, faculty, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
    ]);
    const worker = await addAccount(app, 'personnel');
    personnel = await login(app, worker.email, ADDED_PASSWORD, 'personnel');
  });
  afterAll(() => app.close());

  it('an item becomes a supply in the item form, shown and filtered in the list', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: admin },
      payload: {
        name: 'Bond paper test',
        category: 'Maintenance',
        quantity: 40,
        minStock: 5,
        kind: 'supply',
        reorderLevel: 10,
        reorderQuantity: 20,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item).toMatchObject({ kind: 'supply', reorderLevel: 10, reorderQuantity: 20 });
    const list = await app.inject({ method: 'GET', url: '/api/items?kind=supply&pageSize=100', headers: { cookie: admin } });
    expect(list.json().items.every((i: { kind: string }) => i.kind === 'supply')).toBe(true);
    expect(list.json().items.some((i: { name: string }) => i.name === 'Bond paper test')).toBe(true);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: admin },
      payload: { name: 'Bad kind', category: 'Maintenance', quantity: 1, minStock: 0, kind: 'eaten', reorderLevel: -1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a student may not request a supply (403); faculty may; personnel ask for supplies only', async () => {
    const paper = await makeSupply(50);
    const refused = await submit(app, student, [[paper, 2]]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('supply_not_allowed');
    expect(refused.json().error.message).toMatch(/Students cannot request supplies/);
    expect((await submit(app, faculty, [[paper, 2]])).statusCode).toBe(201);
    // A supplies-only request needs no return date.
    const mine = await submit(app, personnel, [[paper, 1]], { dateExpectedReturn: '' });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().request).toMatchObject({ suppliesOnly: true, hasSupplies: true });
    const lent = await newItem(app, { quantity: 5 });
    const notLent = await submit(app, personnel, [[lent, 1]]);
    expect(notLent.statusCode).toBe(403);
    expect(notLent.json().error.code).toBe('supplies_only');
    // Supplies are not booked ahead.
    const ahead = await submit(app, faculty, [[paper, 1]], { bookAhead: true, dateNeeded: inDays(3), dateExpectedReturn: inDays(3) });
    expect(ahead.statusCode).toBe(400);
  });

  it('administrators decide per category who may request supplies', async () => {
    const cleaner = await makeSupply(20, 'Janitorial');
    const put = (requesters: Record<string, string[]>, cookie = admin) =>
      app.inject({ method: 'PUT', url: '/api/site/supply-requesters', headers: { cookie }, payload: { requesters } });
    const all = {
      HVAC: ['faculty'],
      Plumbing: ['faculty'],
      Janitorial: ['staff', 'personnel'],
      Electrical: ['faculty'],
      Maintenance: ['faculty'],
    };
    expect((await put(all, staff)).statusCode).toBe(403);
    expect((await put({ ...all, Janitorial: ['wizard'] })).statusCode).toBe(400);
    expect((await put(all)).statusCode).toBe(200);
    const got = await app.inject({ method: 'GET', url: '/api/site/supply-requesters', headers: { cookie: faculty } });
    expect(got.json().requesters.Janitorial).toEqual(['personnel', 'staff']);
    const refused = await submit(app, faculty, [[cleaner, 1]]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/may not request Janitorial supplies/);
    expect((await submit(app, personnel, [[cleaner, 1]], { dateExpectedReturn: '' })).statusCode).toBe(201);
    const everyone = ['faculty', 'personnel', 'staff'];
    await put({ HVAC: everyone, Plumbing: everyone, Janitorial: everyone, Electrical: everyone, Maintenance: everyone });
  });

  it('a request of supplies and a lent item: 8 of 10 issued, completes when the lent part is back', async () => {
    const paper = await makeSupply(30);
    const projector = await newItem(app, { quantity: 2 });
    const id = await requestId(app, faculty, [
      [paper, 10],
      [projector, 1],
    ]);
    const tooMany = await act(app, staff, id, 'approve', { items: [paper, projector], issue: [{ itemId: paper, quantity: 11 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe('issue_quantity_invalid');
    const lentLess = await act(app, staff, id, 'approve', { items: [paper, projector], issue: [{ itemId: projector, quantity: 0 }] });
    expect(lentLess.statusCode).toBe(400);
    const res = await act(app, staff, id, 'approve', { items: [paper, projector], issue: [{ itemId: paper, quantity: 8 }] });
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().request;
    expect(request.status).toBe('approved');
    expect(request.totalIssued).toBe(8);
    const line = request.items.find((l: { itemId: number }) => l.itemId === paper);
    expect(line).toMatchObject({ supply: true, quantityRequested: 10, quantityApproved: 8 });
    expect(request.itemsOut).toBe(1);
    expect(await stockOf(app, paper)).toBe(22);
    expect(await stockOf(app, projector)).toBe(1);
    // The stock card says it: issued 8 (not lent), linked to the request.
    const card = await app.ctx.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity', 'request_id'])
      .where('item_id', '=', paper)
      .execute();
    expect(card.filter((m) => m.request_id === id)).toEqual([{ kind: 'issued', quantity: -8, request_id: id }]);
    // The Issue Slip: from the office's view and the requester's, not someone else's.
    const slip = await app.inject({ method: 'GET', url: `/api/borrow-requests/${id}/issue-slip.pdf`, headers: { cookie: staff } });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toMatch(/application\/pdf/);
    const text = (await pdfPages(slip.rawPayload)).join('\n');
    expect(text).toMatch(/ISSUE SLIP: REQ-/);
    expect(text).toMatch(/8 of 10 issued/);
    expect(text).toMatch(/Received by:/);
    expect(text).toMatch(/Issued by:/);
    const own = await app.inject({ method: 'GET', url: `/api/borrow-requests/${id}/issue-slip.pdf`, headers: { cookie: faculty } });
    expect(own.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: `/api/borrow-requests/${id}/issue-slip.pdf`, headers: { cookie: student } });
    expect(other.statusCode).toBe(404);
    // The lent part comes back: the request completes, the projector is on the shelf again, the paper is not.
    const back = await app.inject({
      method: 'POST',
      url: `/api/borrow-records/${id}/mark-returned`,
      headers: { cookie: staff },
      payload: {},
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await statusOf(app, id)).toBe('completed');
    expect(await stockOf(app, projector)).toBe(2);
    expect(await stockOf(app, paper)).toBe(22);
  });

  it('a request of supplies only completes when issued; no slip before', async () => {
    const bulbs = await makeSupply(12, 'Electrical');
    const id = await requestId(app, faculty, [[bulbs, 5]], { dateExpectedReturn: '' });
    const early = await app.inject({ method: 'GET', url: `/api/borrow-requests/${id}/issue-slip.pdf`, headers: { cookie: staff } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('nothing_issued');
    const res = await act(app, admin, id, 'approve', { items: [bulbs] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.status).toBe('completed');
    expect(await stockOf(app, bulbs)).toBe(7);
    const problem = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie: faculty },
      payload: {},
    });
    expect(problem.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('many issues of the last units at once never go below zero', async () => {
    const initial = 10;
    const fittings = await makeSupply(initial, 'Plumbing');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await requestId(app, i % 2 ? faculty : personnel, [[fittings, 3]], { dateExpectedReturn: '' }));
    const office = [admin, staff];
    const results = await Promise.all(
      ids.map((id, i) =>
        act(app, office[i % 2], id, 'approve', { items: [fittings], issue: [{ itemId: fittings, quantity: 1 + (i % 3) }] }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 409 && r.json().error.code === 'short_stock')).toBe(true);
    const issued = ok.reduce((n, r) => n + r.json().request.totalIssued, 0);
    const stock = await stockOf(app, fittings);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(issued + stock).toBe(initial);
    for (const r of ok) expect(r.json().request.status).toBe('completed');
  });
});
