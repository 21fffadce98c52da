import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, newItem, requestId, stockOf } from '../borrowing';
import { FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * docs/decisions/stock-and-approval.md: concurrent approvals and double clicks can never drive stock below zero, and every unit is
 * accounted for. On PostgreSQL these requests really run at once, over the connection pool.
 */
describe('approvals at the same time', () => {
  let app: TestApp;
  let admin: string;
  let personnel: string;
  let staff: string;
  let borrowers: string[];

  beforeAll(async () => {
    app = await makeApp();
    [admin, personnel, staff] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'personnel'), loginAs(app, 'staff')]);
    borrowers = [
      await loginAs(app, 'faculty'),
      await loginAs(app, 'student'),
      await login(app, 'mlopez@campus.test', 'student123', 'user'),
      await login(app, 'mtan@campus.test', 'faculty123', 'user'),
    ];
  });
  afterAll(() => app.close());

  const office = () => [admin, personnel, staff];
  const approvedUnits = async (ids: number[], itemId: number) => {
    const row = await app.ctx.db
      .selectFrom('borrow_request_items as bri')
      .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), eb.val(0)).as('n'))
      .where('bri.request_id', 'in', ids)
      .where('bri.item_id', '=', itemId)
      .where('br.status', 'in', ['approved', 'returned'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('many approvals of different requests for one short item: stock never below zero, every unit accounted for', async () => {
    const initial = 10;
    const item = await newItem(app, { quantity: initial });
    const wants = [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]; // 33 units wanted, 10 on hand
    const ids: number[] = [];
    for (const [i, n] of wants.entries()) ids.push(await requestId(app, borrowers[i % borrowers.length], [[item, n]]));

    const results = await Promise.all(ids.map((id, i) => act(app, office()[i % 3], id, 'approve', { items: [item] })));

    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(
      refused.every((r) => r.statusCode === 409 && r.json().error.code === 'short_stock'),
      refused.map((r) => r.body).join('\n'),
    ).toBe(true);
    const stock = await stockOf(app, item);
    const approved = await approvedUnits(ids, item);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(approved + stock).toBe(initial);
    expect(ok.reduce((n, r) => n + r.json().request.totalApproved, 0)).toBe(approved);
    expect(ok.length).toBeGreaterThan(0);
    // Whatever was refused is untouched: still pending, nothing approved.
    const pending = await app.ctx.db
      .selectFrom('borrow_requests')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
    expect(pending.length).toBe(refused.length);
    // Nothing left that fits: every refused request wanted more than what is on hand.
    for (const r of pending) expect(wants[ids.indexOf(r.id)]).toBeGreaterThan(stock);
  });

  it('a double click approves once', async () => {
    const item = await newItem(app, { quantity: 5 });
    const id = await requestId(app, borrowers[0], [[item, 2]]);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => act(app, office()[i % 3], id, 'approve', { items: [item] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'wrong_state')).toBe(true);
    expect(await stockOf(app, item)).toBe(3);
  });

  it('requests naming two items in either order neither deadlock nor oversell', async () => {
    const a = await newItem(app, { quantity: 6 });
    const b = await newItem(app, { quantity: 6 });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(
        await requestId(
          app,
          borrowers[i % 2 === 0 ? 0 : 3],
          i % 2 === 0
            ? [
                [a, 1],
                [b, 1],
              ]
            : [
                [b, 1],
                [a, 1],
              ],
        ),
      );
    }
    const results = await Promise.all(ids.map((id, i) => act(app, office()[i % 3], id, 'approve', { items: [a, b] })));
    expect(results.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().error.code === 'short_stock'))).toBe(true);
    const approved = results.filter((r) => r.statusCode === 200).length;
    expect(approved).toBe(6);
    expect([await stockOf(app, a), await stockOf(app, b)]).toEqual([0, 0]);
    expect([await approvedUnits(ids, a), await approvedUnits(ids, b)]).toEqual([6, 6]);
  });

  it('approvals, completions and staff returns racing keep stock equal to what is not lent', async () => {
    const initial = 12;
    const item = await newItem(app, { quantity: initial });
    // Eight requests waiting (made while there was stock); six loans out, three of them returned with proof.
    const waiting: number[] = [];
    for (let i = 0; i < 8; i++) waiting.push(await requestId(app, borrowers[3], [[item, 2]]));
    const out: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await requestId(app, borrowers[0], [[item, 2]]);
      expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
      out.push(id);
    }
    expect(await stockOf(app, item)).toBe(0);
    for (const id of out.slice(0, 3)) {
      const body = multipart({}, { proof: { name: 'p.png', type: 'image/png', data: FILES.png } });
      await app.inject({
        method: 'POST',
        url: `/api/borrow-requests/${id}/return`,
        headers: { cookie: borrowers[0], ...body.headers },
        payload: body.payload,
      });
    }

    await Promise.all([
      ...out.slice(0, 3).map((id) => act(app, personnel, id, 'complete')),
      ...out
        .slice(3)
        .map((id) => app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: staff } })),
      ...waiting.map((id, i) => act(app, office()[i % 3], id, 'approve', { items: [item] })),
    ]);

    const stock = await stockOf(app, item);
    const lent = await approvedUnits([...out, ...waiting], item);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + lent).toBe(initial);
  });
});
