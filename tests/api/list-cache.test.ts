import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, get, newItem, requestId } from '../borrowing';
import type { Db } from '../../server/db/database';
import { createListCache } from '../../server/lib/listCache';
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

  it('keeps the repair lists and their word search fresh through reports, edits, renames and deletions', async () => {
    const FORM = {
      building: 'Quezon Annex',
      room: 'Room 12',
      priority: 'high',
      day: 'Monday',
      timeStart: '09:00',
      timeEnd: '10:00',
      issueDescription: 'Flickering hallway light',
    };
    const repairs = async (q: string) => (await get(app, admin, `/api/repairs?${q}&pageSize=50`)).json();
    const ids = (list: { items: { id: number }[] }) => list.items.map((r) => r.id);
    expect((await repairs('search=quezon')).total).toBe(0);
    const before = await repairs('status=pending');
    const made = await app.inject({ method: 'POST', url: '/api/repairs', headers: { cookie: faculty }, payload: FORM });
    expect(made.statusCode, made.body).toBe(201);
    const id: number = made.json().report.id;
    expect(ids(await repairs('search=quezon'))).toEqual([id]);
    expect(ids(await repairs('search=quez hallw'))).toEqual([id]);
    expect((await repairs('status=pending')).counts.pending).toBe(before.counts.pending + 1);

    // Edited by its reporter: the new building finds it, the old one no longer does.
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/repairs/${id}`,
      headers: { cookie: faculty },
      payload: { ...FORM, building: 'Rizal Pavilion' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await repairs('search=quezon')).total).toBe(0);
    expect(ids(await repairs('search=rizal pavil'))).toEqual([id]);

    // The reporter renamed: the list shows the new name and the search finds it by it, not by the old one.
    const reporter = await app.ctx.db
      .selectFrom('accounts')
      .select(['id', 'full_name'])
      .where('email', '=', 'faculty@campus.test')
      .executeTakeFirstOrThrow();
    const oldFirst = reporter.full_name.split(/\s+/).find((w) => /^[a-z]/i.test(w) && !w.endsWith('.'))!;
    expect(ids(await repairs(`search=${encodeURIComponent(`${oldFirst} rizal`)}`))).toEqual([id]);
    await app.ctx.db.updateTable('accounts').set({ full_name: 'Amihan Salvador' }).where('id', '=', reporter.id).execute();
    const renamed = await repairs('search=amihan rizal');
    expect(ids(renamed)).toEqual([id]);
    expect(renamed.items[0].reporterName).toBe('Amihan Salvador');
    expect((await repairs(`search=${encodeURIComponent(`${oldFirst} rizal`)}`)).total).toBe(0);

    // Deleted by its reporter: gone from the list and the search at once.
    const deleted = await app.inject({ method: 'DELETE', url: `/api/repairs/${id}`, headers: { cookie: faculty } });
    expect(deleted.statusCode).toBe(204);
    expect((await repairs('search=rizal')).total).toBe(0);
    expect((await repairs('status=pending')).counts.pending).toBe(before.counts.pending);
  });
});

describe('a list answer being made', () => {
  it('is shared by the readers who ask for it meanwhile: one query, not one per reader', async () => {
    // The lists' versions as the database would answer them; the answer being made waits until released.
    let versionReads = 0;
    const chain = {
      select: () => chain,
      execute: async () => {
        versionReads++;
        return [{ name: 'items', version: 1 }];
      },
    };
    const db = { selectFrom: () => chain } as unknown as Db;
    const cache = createListCache<{ n: number }>('items');
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads++;
      await gate;
      return { n: loads };
    };
    const readers = Promise.all(Array.from({ length: 10 }, () => cache(db, 'k', load)));
    // The ten readers asked for the versions at the same moment (one read), then found the answer being made.
    await expect.poll(() => loads).toBe(1);
    expect(versionReads).toBe(1);
    release();
    const answers = await readers;
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // A failed load is not kept: the next reader tries again.
    await expect(cache(db, 'bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache(db, 'bad', async () => ({ n: 7 }))).toEqual({ n: 7 });
  });
});
