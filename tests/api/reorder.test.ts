import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantAt, todayIn } from '../../core/time';
import { runDueJobs } from '../../server/lib/dailyJobs';
import { reorderDigestJob } from '../../server/modules/inventory';
import { act, requestId, stockOf } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * docs/decisions/reorder.md: To Reorder lists the items at or below their level with their use and a suggestion;
 * the daily digest tells the office once per crossing. The job runs at chosen campus times, as other job tests do.
 */
describe('reorder', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let faculty: string;
  let paper: number;
  let tz: string;

  const at = (date: string, hhmm: string) => new Date(instantAt(date, hhmm, tz));
  const run = (when: Date) => runDueJobs(app.ctx.db, tz, [reorderDigestJob(app.ctx)], when);
  const digests = () =>
    app.ctx.db.selectFrom('activity').select('description').where('description', 'like', '%reached the reorder level%').execute();
  const edit = (quantity: number, reason: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/items/${paper}`,
      headers: { cookie: admin },
      payload: {
        name: 'Reorder bond paper',
        category: 'Maintenance',
        quantity,
        minStock: 2,
        kind: 'supply',
        reorderLevel: 15,
        reorderQuantity: 20,
        quantityReason: reason,
      },
    });

  beforeAll(async () => {
    app = await makeApp();
    tz = app.ctx.config.campusTimeZone;
    [admin, staff, faculty] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff'), loginAs(app, 'faculty')]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: admin },
      payload: {
        name: 'Reorder bond paper',
        category: 'Maintenance',
        quantity: 20,
        minStock: 2,
        kind: 'supply',
        reorderLevel: 15,
        reorderQuantity: 20,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    paper = res.json().item.id;
  });
  afterAll(() => app.close());

  it('an item issued to its level is on To Reorder with its use and a suggestion; the CSV says the same', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/inventory/reorder', headers: { cookie: staff } });
    expect(before.json().items.some((r: { id: number }) => r.id === paper)).toBe(false);
    const id = await requestId(app, faculty, [[paper, 8]], { dateExpectedReturn: '' });
    expect((await act(app, staff, id, 'approve', { items: [paper] })).statusCode).toBe(200);
    expect(await stockOf(app, paper)).toBe(12);
    const list = await app.inject({ method: 'GET', url: '/api/inventory/reorder', headers: { cookie: staff } });
    const row = list.json().items.find((r: { id: number }) => r.id === paper);
    // 12 on hand, level 15, 8 used: 15 + 8 - 12 = 11, but at least the reorder quantity 20.
    expect(row).toMatchObject({ quantity: 12, reorderLevel: 15, used: 8, suggested: 20, kind: 'supply' });
    const csv = await app.inject({ method: 'GET', url: '/api/inventory/reorder.csv', headers: { cookie: staff } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toMatch(/Suggested Quantity/);
    expect(csv.body).toMatch(/Reorder bond paper,Maintenance,Supply,12,15,8,20,20/);
    expect((await app.inject({ method: 'GET', url: '/api/inventory/reorder', headers: { cookie: faculty } })).statusCode).toBe(403);
  });

  it('the digest tells the office once per crossing', async () => {
    const today = todayIn(tz);
    await run(at(today, '07:30'));
    const first = await digests();
    expect(first.filter((d) => d.description.includes('Reorder bond paper'))).toHaveLength(1);
    // The next day, still below: not told again.
    await run(at(addDays(today, 1), '07:30'));
    expect((await digests()).filter((d) => d.description.includes('Reorder bond paper'))).toHaveLength(1);
    // Back above the level forgets the crossing; below again is a new one, told the day after.
    expect((await edit(30, 'Delivery counted')).statusCode).toBe(200);
    const flag = await app.ctx.db.selectFrom('items').select('reorder_flagged_at').where('id', '=', paper).executeTakeFirstOrThrow();
    expect(flag.reorder_flagged_at).toBeNull();
    expect((await edit(10, 'Water damage')).statusCode).toBe(200);
    await run(at(addDays(today, 2), '07:30'));
    expect((await digests()).filter((d) => d.description.includes('Reorder bond paper'))).toHaveLength(2);
  });
});
