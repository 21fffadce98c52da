import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, get, newItem, requestId } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';

// Office searches keep their answers per list version (migration 011): reused while nothing changed, never
// after a change, whoever made it and however (a status move, a new request, a rename by trigger).
describe('the office search answers are fresh after every change', () => {
  let app: TestApp;
  let admin: string;
  let faculty: string;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
    faculty = await loginAs(app, 'faculty');
  });
  afterAll(() => app.close());

  const search = async (term: string, status = 'all') =>
    (await get(app, admin, `/api/borrow-requests?search=${encodeURIComponent(term)}&status=${status}&pageSize=20`)).json();

  it('sees new requests, status moves and renames at once', async () => {
    const item = await newItem(app, { quantity: 10 });
    expect((await search('kalamansi')).total).toBe(0);
    const id = await requestId(app, faculty, [[item, 1]], { purpose: 'Kalamansi juice stand' });
    let found = await search('kalamansi');
    expect(found.total).toBe(1);
    expect(found.counts).toMatchObject({ pending: 1, approved: 0 });
    // The same search again is the same answer.
    expect(await search('kalamansi')).toEqual(found);

    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    found = await search('kalamansi');
    expect(found.counts).toMatchObject({ pending: 0, approved: 1 });
    expect((await search('kalamansi', 'approved')).items.map((r: { id: number }) => r.id)).toEqual([id]);

    // A rename changes the requests' search text through a database trigger: the old name no longer finds it.
    expect((await search('teresa kalamansi')).total).toBe(1);
    await app.ctx.db
      .updateTable('accounts')
      .set({ full_name: 'Dr. Teresa Villanueva' })
      .where('email', '=', 'faculty@campus.test')
      .execute();
    expect((await search('gomez kalamansi')).total).toBe(0);
    expect((await search('villanueva kalamansi')).total).toBe(1);
  });

  it('keeps the completed units exact as loans complete', async () => {
    const item = await newItem(app, { quantity: 10 });
    const units = async () =>
      Number(
        (
          await app.ctx.db
            .selectFrom('borrow_request_items as bri')
            .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
            .where('br.status', '=', 'completed')
            .select((eb) => eb.fn.sum<number>('bri.quantity_approved').as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const shown = async () => (await get(app, admin, '/api/borrow-records?pageSize=1')).json().counters.completedItems;
    const before = await shown();
    expect(before).toBe(await units());
    const id = await requestId(app, faculty, [[item, 3]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    // Marked returned by the office, the loan is completed and its units count.
    const marked = await app.inject({
      method: 'POST',
      url: `/api/borrow-records/${id}/mark-returned`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().record.status).toBe('completed');
    expect(await shown()).toBe(before + 3);
    expect(await shown()).toBe(await units());
  });
});
