import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityOf, stockStatus } from '../../core/inventory/rules';
import { monthBounds } from '../../core/time';
import { act, get, newItem, requestId } from '../borrowing';
import { login, loginAs, makeApp, type TestApp } from '../helpers';

describe('items, activity feed and user dashboard', () => {
  let app: TestApp;
  let student: string;
  let faculty: string;
  let admin: string;
  let personnel: string;

  beforeAll(async () => {
    app = await makeApp();
    [student, faculty, admin, personnel] = await Promise.all([
      loginAs(app, 'student'),
      loginAs(app, 'faculty'),
      loginAs(app, 'admin'),
      loginAs(app, 'personnel'),
    ]);
  });
  afterAll(() => app.close());

  describe('GET /api/items', () => {
    it('lists every item with availability and stock status from the core rules', async () => {
      const res = await get(app, student, '/api/items?pageSize=100');
      expect(res.statusCode).toBe(200);
      const { items, total, counts, summary } = res.json();
      expect(items).toHaveLength(24);
      expect(total).toBe(24);
      expect(counts).toEqual({ all: 24, HVAC: 3, Plumbing: 4, Janitorial: 6, Electrical: 7, Maintenance: 4 });
      const names = items.map((i: any) => i.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
      for (const i of items) {
        const a = availabilityOf({ quantity: i.quantity, item_status: i.itemStatus });
        expect([i.borrowable, i.availableQuantity, i.availability]).toEqual([a.borrowable, a.availableQuantity, a.status]);
        expect(i.stockStatus).toBe(stockStatus(i.quantity, i.minStock));
      }
      // The SQL summary agrees with the core rule, item by item.
      const tally = { inStock: 0, lowStock: 0, outOfStock: 0 };
      for (const i of items)
        tally[({ in_stock: 'inStock', low_stock: 'lowStock', out_of_stock: 'outOfStock' } as const)[i.stockStatus as 'in_stock']]++;
      expect(summary).toEqual({ total: 24, ...tally });
      const speaker = items.find((i: any) => i.name === 'Portable Speaker');
      expect(speaker).toMatchObject({
        borrowable: false,
        availability: 'out of stock',
        stockStatus: 'out_of_stock',
        stockLevel: 'critical',
      });
      const projector = items.find((i: any) => i.name === 'LCD Projector');
      expect(projector).toMatchObject({ borrowable: true, availableQuantity: 3, stockStatus: 'low_stock', stockLevel: 'low' });
    });

    it('searches name, category and description, filters by category, and pages', async () => {
      const hdmi = (await get(app, faculty, '/api/items?search=hdmi')).json();
      expect(hdmi.items.map((i: any) => i.name)).toEqual(['LCD Projector']);
      const plumbing = (await get(app, faculty, '/api/items?search=PLUMB')).json();
      expect(plumbing.total).toBe(4);
      const janitorial = (await get(app, faculty, '/api/items?category=Janitorial')).json();
      expect(janitorial.items.every((i: any) => i.category === 'Janitorial')).toBe(true);
      expect(janitorial.total).toBe(6);
      expect(janitorial.counts.all).toBe(24); // category counts ignore the category filter, for the filter's own labels
      const page2 = (await get(app, personnel, '/api/items?pageSize=5&page=2')).json();
      expect(page2.items).toHaveLength(5);
      expect(page2.total).toBe(24);
      const damaged = (await get(app, admin, '/api/items?itemStatus=damaged')).json();
      expect(damaged.items.map((i: any) => i.name).sort()).toEqual(['Cordless Drill', 'Floor Polisher']);
      expect((await get(app, admin, '/api/items?category=Gadgets')).statusCode).toBe(400);
      expect((await app.inject({ url: '/api/items' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/activity', () => {
    it('shows users what concerns them and the office everything, 5 per page, newest first', async () => {
      const mine = (await get(app, student, '/api/activity')).json();
      expect(mine.items).toHaveLength(5);
      const all = (await get(app, student, '/api/activity?pageSize=50')).json();
      expect(all.total).toBe(mine.total);
      const juan = await app.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'student@campus.test')
        .executeTakeFirstOrThrow();
      const rows = await app.ctx.db
        .selectFrom('activity')
        .select(['subject_id', 'actor_id'])
        .where((eb) => eb.or([eb('subject_id', '=', juan.id), eb('actor_id', '=', juan.id)]))
        .execute();
      expect(all.total).toBe(rows.length);
      expect(all.items.every((t: any) => t.description.length > 0 && t.actorName)).toBe(true);
      const times = all.items.map((t: any) => t.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      const office = (await get(app, personnel, '/api/activity')).json();
      const everything = await app.ctx.db
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(office.total).toBe(Number(everything.n));
      expect(office.total).toBeGreaterThan(mine.total);
      expect(new Set(office.items.map((t: any) => t.actionType)).size).toBeGreaterThan(0);
    });

    it('records each transition with the spec action types', async () => {
      const item = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[item, 1]]);
      await act(app, admin, id, 'approve', { items: [item] });
      const feed = (await get(app, faculty, '/api/activity?pageSize=2')).json();
      expect(feed.items.map((t: any) => [t.actionType, t.entityType, t.entityId, t.actorName])).toEqual([
        ['request_approved', 'borrow_request', id, 'Alma Reyes'],
        ['request_created', 'borrow_request', id, 'Dr. Teresa Gomez'],
      ]);
    });
  });

  describe('GET /api/dashboard/user', () => {
    it('counts my requests with real month-over-month figures', async () => {
      const fresh = await makeApp();
      try {
        const me = await login(fresh, 'mtan@campus.test', 'faculty123', 'user');
        const { thisMonth, lastMonth } = monthBounds('Asia/Manila');
        const account = await fresh.ctx.db
          .selectFrom('accounts')
          .select('id')
          .where('email', '=', 'mtan@campus.test')
          .executeTakeFirstOrThrow();
        const mine = await fresh.ctx.db.selectFrom('borrow_requests').selectAll().where('account_id', '=', account.id).execute();
        const within = (t: string | null, from: string, to?: string) => t !== null && t >= from && (!to || t < to);
        const res = await get(fresh, me, '/api/dashboard/user');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          myRequests: {
            value: mine.length,
            thisMonth: mine.filter((r) => within(r.created_at, thisMonth)).length,
            lastMonth: mine.filter((r) => within(r.created_at, lastMonth, thisMonth)).length,
          },
          pendingItems: {
            value: mine.filter((r) => r.status === 'pending').length,
            thisMonth: mine.filter((r) => r.status === 'pending' && within(r.created_at, thisMonth)).length,
            lastMonth: mine.filter((r) => r.status === 'pending' && within(r.created_at, lastMonth, thisMonth)).length,
          },
          completedTasks: {
            value: mine.filter((r) => r.status === 'completed').length,
            thisMonth: mine.filter((r) => r.status === 'completed' && within(r.completed_at, thisMonth)).length,
            lastMonth: mine.filter((r) => r.status === 'completed' && within(r.completed_at, lastMonth, thisMonth)).length,
          },
        });
        expect(res.json().myRequests.value).toBe(6); // five loans and one request of supplies
        // Dated rows land in the right month.
        await fresh.ctx.db
          .updateTable('borrow_requests')
          .set({ created_at: new Date(Date.parse(lastMonth) + 3600_000).toISOString() })
          .where('account_id', '=', account.id)
          .execute();
        const moved = (await get(fresh, me, '/api/dashboard/user')).json();
        expect(moved.myRequests).toEqual({ value: 6, thisMonth: 0, lastMonth: 6 });
        expect((await get(fresh, await loginAs(fresh, 'admin'), '/api/dashboard/user')).statusCode).toBe(403);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('GET /api/dashboard/admin', () => {
    it('counts accepted accounts as users, with registrations awaiting approval apart', async () => {
      const fresh = await makeApp();
      try {
        const accounts = await fresh.ctx.db.selectFrom('accounts').select('status').execute();
        const { totalUsers } = (await get(fresh, await loginAs(fresh, 'admin'), '/api/dashboard/admin')).json();
        expect(totalUsers.value).toBe(accounts.filter((a) => a.status === 'accepted').length);
        expect(totalUsers.pending).toBe(accounts.filter((a) => a.status === 'pending').length);
        expect(totalUsers.pending).toBeGreaterThan(0);
        expect(accounts.some((a) => a.status === 'rejected')).toBe(true);
        expect(totalUsers.value + totalUsers.pending).toBeLessThan(accounts.length);
      } finally {
        await fresh.close();
      }
    });
  });
});
