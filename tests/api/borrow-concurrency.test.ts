import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, newItem, requestId, statusOf, stockOf } from '../borrowing';
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

  // ---- tracked items: loans by unit (docs/decisions/units.md) ----

  /** A tracked item with `n` units PREFIX-0001.. (made through the API, as the office does). */
  const trackedItem = async (n: number) => {
    const item = await newItem(app, { quantity: n });
    const prefix = `C${item}X${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const res = await app.inject({ method: 'POST', url: `/api/items/${item}/track`, headers: { cookie: admin }, payload: { prefix } });
    expect(res.statusCode, res.body).toBe(200);
    return { item, tags: Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`) };
  };
  const unitStatuses = async (item: number) =>
    Object.fromEntries(
      (await app.ctx.db.selectFrom('item_units').select(['tag', 'status']).where('item_id', '=', item).execute()).map((u) => [
        u.tag,
        u.status,
      ]),
    );
  const linesLent = (ids: number[]) =>
    app.ctx.db
      .selectFrom('borrow_line_units as blu')
      .innerJoin('borrow_request_items as bri', 'bri.id', 'blu.line_id')
      .select(['bri.request_id', 'blu.tag', 'blu.returned_at'])
      .where('bri.request_id', 'in', ids)
      .execute();

  it('approvals racing for the same units: exactly one wins each unit, the others 409, stock equal to the units available', async () => {
    const { item, tags } = await trackedItem(4);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await requestId(app, borrowers[i % borrowers.length], [[item, 2]]));
    // Every approval wants the same two units (a pair overlapping the next): at most two can go out.
    const pairs = ids.map((_, i) => (i % 2 === 0 ? [tags[0], tags[1]] : [tags[1], tags[2]]));
    const results = await Promise.all(ids.map((id, i) => act(app, office()[i % 3], id, 'approve', { items: [item], units: pairs[i] })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1); // every pair shares the second unit
    expect(
      refused.every((r) => r.statusCode === 409 && ['unit_not_available', 'short_stock'].includes(r.json().error.code)),
      refused.map((r) => r.body).join('\n'),
    ).toBe(true);
    const won = ok[0].json().request;
    expect(won.items[0].units).toEqual(pairs[ids.indexOf(won.id)]);
    const statuses = await unitStatuses(item);
    expect(Object.values(statuses).filter((s) => s === 'on_loan')).toHaveLength(2);
    expect(await stockOf(app, item)).toBe(2);
    expect((await linesLent(ids)).map((l) => l.request_id)).toEqual([won.id, won.id]);
    // Refused requests are untouched and can still be approved with other units.
    const next = ids.find((id) => id !== won.id)!;
    const free = tags.filter((t) => statuses[t] === 'available');
    const again = await act(app, admin, next, 'approve', { items: [item], units: free });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(app, item)).toBe(0);
  });

  it('a tracked line needs exactly its units, of its item; returning and verifying check them back in', async () => {
    const { item, tags } = await trackedItem(3);
    const other = await trackedItem(1);
    const id = await requestId(app, borrowers[0], [[item, 2]]);
    const refusals: [unknown[], string][] = [
      [[], 'units_required'],
      [[tags[0]], 'units_required'],
      [[tags[0], tags[0].toLowerCase()], 'units_required'],
      [[tags[0], 'NO-SUCH-TAG'], 'units_required'],
      [[tags[0], other.tags[0]], 'units_required'],
      [[tags[0], tags[1], tags[2]], 'units_required'],
    ];
    for (const [units, code] of refusals) {
      const res = await act(app, admin, id, 'approve', { items: [item], units });
      expect(res.statusCode, JSON.stringify(units)).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    expect(await statusOf(app, id)).toBe('pending');
    expect(await stockOf(app, item)).toBe(3);
    const ok = await act(app, staff, id, 'approve', { items: [item], units: [tags[2].toLowerCase(), tags[0]] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().request.items[0]).toMatchObject({ tracked: true, units: [tags[0], tags[2]] });
    // The borrow record names the units.
    const record = await app.inject({ method: 'GET', url: `/api/borrow-records?search=${id}`, headers: { cookie: staff } });
    expect(record.json().items.find((r: { id: number }) => r.id === id)?.items[0].units).toEqual([tags[0], tags[2]]);
    // A unit on loan cannot be edited to available, nor retired.
    const [u0] = await app.ctx.db.selectFrom('item_units').select('id').where('tag', '=', tags[0]).execute();
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/units/${u0.id}`,
          headers: { cookie: staff },
          payload: { condition: 'good', status: 'available' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await app.inject({ method: 'POST', url: `/api/units/${u0.id}/retire`, headers: { cookie: staff }, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(409);
    // Deleting the item is refused while units are out.
    const del = await app.inject({ method: 'DELETE', url: `/api/items/${item}`, headers: { cookie: staff } });
    expect(del.statusCode).toBe(409);
    const body = multipart({}, { proof: { name: 'p.png', type: 'image/png', data: FILES.png } });
    const returned = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie: borrowers[0], ...body.headers },
      payload: body.payload,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await stockOf(app, item)).toBe(1); // back only once the office verifies
    expect((await act(app, personnel, id, 'complete')).statusCode).toBe(200);
    expect(await unitStatuses(item)).toEqual({ [tags[0]]: 'available', [tags[1]]: 'available', [tags[2]]: 'available' });
    expect(await stockOf(app, item)).toBe(3);
    expect((await linesLent([id])).every((l) => l.returned_at !== null)).toBe(true);
    // The unit's page: its loan with the borrower, and its moves, newest first; office only.
    const page = await app.inject({ method: 'GET', url: `/api/units/${tags[0].toLowerCase()}/history`, headers: { cookie: personnel } });
    expect(page.statusCode, page.body).toBe(200);
    const history = page.json().history as { kind: string; text: string; requestId: number | null; by: string | null }[];
    // The loan and the status change its approval wrote share its instant: the loan first.
    expect(history.map((h) => h.kind)).toEqual(['status', 'loan', 'status', 'created']);
    expect(history[1]).toMatchObject({ requestId: id, by: 'Dr. Teresa Gomez' });
    expect(history[0].text).toBe(`Status on loan → available (REQ-${id})`);
    expect((await app.inject({ method: 'GET', url: `/api/units/${tags[0]}/history`, headers: { cookie: borrowers[0] } })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: `/api/units/NOPE-1/history`, headers: { cookie: personnel } })).statusCode).toBe(404);
  });

  it('staff marking a tracked loan returned races an approval of the same units: nothing lost, nothing doubled', async () => {
    const { item, tags } = await trackedItem(2);
    const first = await requestId(app, borrowers[0], [[item, 2]]);
    const waiting: number[] = []; // made while there was stock
    for (let i = 0; i < 4; i++) waiting.push(await requestId(app, borrowers[3], [[item, 1]]));
    expect((await act(app, admin, first, 'approve', { items: [item], units: tags })).statusCode).toBe(200);
    const results = await Promise.all([
      app.inject({ method: 'POST', url: `/api/borrow-records/${first}/mark-returned`, headers: { cookie: staff } }),
      ...waiting.map((id, i) => act(app, office()[i % 3], id, 'approve', { items: [item], units: [tags[i % 2]] })),
    ]);
    expect(results[0].statusCode, results[0].body).toBe(200);
    const statuses = await unitStatuses(item);
    const onLoan = Object.values(statuses).filter((s) => s === 'on_loan').length;
    const approved = results.slice(1).filter((r) => r.statusCode === 200).length;
    expect(approved).toBe(onLoan);
    expect(await stockOf(app, item)).toBe(2 - onLoan);
  });
});
