import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, newItem, submit } from '../borrowing';
import { login, loginAs, makeApp, type TestApp } from '../helpers';
import { cardProblems } from '../stock';
import { todayIn } from '../../core/time';

/**
 * docs/decisions/stock-card.md: the stock card's balance is the stock every screen shows. Thousands of random
 * movements through the API, in concurrent batches (approvals, returns, hand edits, deliveries and their reversals,
 * units added, retired and corrected), and after each batch every item's last balance equals its quantity and the
 * sum of its entries. On PostgreSQL the batches really run at once, over the connection pool.
 */
describe('the stock card adds up under concurrency', () => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  let borrowers: string[];

  beforeAll(async () => {
    app = await makeApp();
    [staff, admin] = await Promise.all([loginAs(app, 'staff'), loginAs(app, 'admin')]);
    borrowers = [
      await loginAs(app, 'faculty'),
      await loginAs(app, 'student'),
      await login(app, 'mlopez@campus.test', 'student123', 'user'),
      await login(app, 'mtan@campus.test', 'faculty123', 'user'),
    ];
  });
  afterAll(() => app.close());

  /** A small seeded generator, so a failing run can be repeated. */
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  const call = (method: string, url: string, cookie: string, payload?: unknown) =>
    app.inject({ method: method as 'POST', url, headers: { cookie }, payload: payload as object });

  it('thousands of random movements, concurrently: every card balance = the item quantity = the sum of its entries', async () => {
    const rnd = random(Number(process.env.STOCK_SEED ?? 42));
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const counted: number[] = [];
    for (let i = 0; i < 6; i++) counted.push(await newItem(app, { quantity: 40, category: 'Janitorial' }));
    const tracked: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await newItem(app, { quantity: 0, category: 'Electrical' });
      expect((await call('POST', `/api/items/${id}/track`, staff, { prefix: `INV${i}-${id}` })).statusCode).toBe(200);
      expect((await call('POST', `/api/items/${id}/units/bulk`, staff, { count: 12, prefix: `INV${i}-${id}` })).statusCode).toBe(201);
      tracked.push(id);
    }
    const all = [...counted, ...tracked];
    const names = new Map(
      (await app.ctx.db.selectFrom('items').select(['id', 'name', 'category']).where('id', 'in', all).execute()).map((i) => [i.id, i]),
    );
    const lent: number[] = [];
    const received: number[] = [];
    let supplierId: number | null = null;
    const statuses = new Map<number, number>();
    const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);

    const batches = Number(process.env.STOCK_BATCHES ?? 50);
    for (let b = 0; b < batches; b++) {
      // Requests to approve in this batch, filed first (those the shelf cannot give are refused at filing).
      const filed: { id: number; item: number }[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const item = pick(counted);
          const res = await submit(app, borrowers[i % borrowers.length]!, [[item, 1 + Math.floor(rnd() * 3)]]);
          if (res.statusCode === 201) filed.push({ id: res.json().request.id, item });
        }),
      );
      const availableUnits = await app.ctx.db
        .selectFrom('item_units')
        .select(['id', 'tag', 'item_id', 'status'])
        .where('item_id', 'in', tracked)
        .where('status', 'in', ['available', 'in_repair', 'lost'])
        .execute();
      const ops: Promise<{ statusCode: number; body: string }>[] = filed.map(({ id, item }) =>
        act(app, pick([staff, admin]), id, 'approve', { items: [item] }),
      );
      for (let i = 0; i < 4 && lent.length; i++) {
        const id = lent.splice(Math.floor(rnd() * lent.length), 1)[0]!;
        ops.push(call('POST', `/api/borrow-records/${id}/mark-returned`, staff));
      }
      for (let i = 0; i < 4; i++) {
        const id = pick(counted);
        const it = names.get(id)!;
        ops.push(
          call('PUT', `/api/items/${id}`, pick([staff, admin]), {
            name: it.name,
            category: it.category,
            quantity: Math.floor(rnd() * 50),
            minStock: 1,
            itemStatus: 'available',
            quantityReason: `Shelf counted in batch ${b}`,
          }),
        );
      }
      for (let i = 0; i < 3 && availableUnits.length; i++) {
        const unit = availableUnits.splice(Math.floor(rnd() * availableUnits.length), 1)[0]!;
        if (unit.status === 'available' && rnd() < 0.3)
          ops.push(call('POST', `/api/units/${unit.id}/retire`, staff, { reason: 'Worn out' }));
        else {
          const to = unit.status === 'available' ? pick(['in_repair', 'lost']) : 'available';
          ops.push(call('PUT', `/api/units/${unit.id}`, staff, { condition: 'good', status: to }));
        }
      }
      ops.push(call('POST', `/api/items/${pick(tracked)}/units/bulk`, staff, { count: 1 + Math.floor(rnd() * 2), prefix: `B${b}` }));
      ops.push(...(await deliveryOps(b)));

      const results = await Promise.all(ops);
      for (const r of results) {
        count(r.statusCode);
        expect(r.statusCode, r.body).toBeLessThan(500);
      }
      filed.forEach(({ id }, i) => {
        if (results[i]!.statusCode === 200) lent.push(id);
      });
      expect(await cardProblems(app, all), `after batch ${b}`).toEqual([]);
    }
    const entries = await app.ctx.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_id', 'in', all)
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBeGreaterThan(batches * 18);
    expect(statuses.get(200)).toBeGreaterThan(batches * 10);
    expect(await cardProblems(app)).toEqual([]);

    /** This batch's deliveries: received concurrently, and earlier ones reversed (some refused: stock moved meanwhile). */
    async function deliveryOps(b: number) {
      const ops: Promise<{ statusCode: number; body: string }>[] = [];
      for (let i = 0; i < 2; i++) {
        const itemId = pick(all);
        const line = tracked.includes(itemId)
          ? { itemId, quantity: 1 + Math.floor(rnd() * 2), unitCost: 1500, tagPrefix: `D${b}X${i}` }
          : { itemId, quantity: 1 + Math.floor(rnd() * 10), unitCost: Math.round(rnd() * 50000) / 100 };
        ops.push(
          call('POST', '/api/deliveries', staff, {
            ...(supplierId ? { supplierId } : { newSupplier: { name: `Invariant supplier ${Date.now()}` } }),
            reference: `INV-${b}-${i}`,
            receivedOn: todayIn('Asia/Manila'),
            lines: [line],
          }).then((r) => {
            if (r.statusCode === 201) {
              received.push(r.json().delivery.id);
              supplierId ??= r.json().delivery.supplierId;
            }
            return r;
          }),
        );
      }
      if (received.length && rnd() < 0.7) {
        const id = received.splice(Math.floor(rnd() * received.length), 1)[0]!;
        ops.push(call('POST', `/api/deliveries/${id}/reverse`, admin, { reason: `Batch ${b}: wrong delivery` }));
      }
      return ops;
    }
  }, 300_000);
});
