import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRecord, findRequest } from '../../server/modules/borrowing/queries';
import { findRepair } from '../../server/modules/repairs';
import { pruneRowChanges } from '../../server/lib/rowChanges';
import { act, get, newItem, requestId, today } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';

// The office's request rows are kept across changes under their last change (server/lib/keptRows.ts, migration
// 043), its loans and repair reports read afresh, and a page's answer is kept only while nothing it shows changes
// (server/lib/listCache.ts): a row must show every change, however it was made.
// Each change below is made straight in the database, as any write path would make it, and each read asks for a
// page size not asked before, so no kept page answers it: the row must equal the one read fresh from the database.
describe("the office's rows after changes", () => {
  let app: TestApp;
  let admin: string;
  let faculty: string;
  let reads = 0;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
    faculty = await loginAs(app, 'faculty');
  });
  afterAll(() => app.close());

  /** The row of `id` in an office list searched by `word`, read at a page size not asked before. */
  async function listed(list: string, word: string, id: number) {
    const res = await get(app, admin, `/api/${list}?search=${word}&pageSize=${20 + reads++}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().items.find((r: { id: number }) => r.id === id);
    expect(row, `${list} lists ${id}`).toBeDefined();
    return row;
  }
  const fresh = (value: unknown) => JSON.parse(JSON.stringify(value));

  async function expectRequestFresh(word: string, id: number) {
    expect(await listed('borrow-requests', word, id)).toEqual(fresh(await findRequest(app.ctx.db, id, today())));
  }
  async function expectRecordFresh(word: string, id: number) {
    expect(await listed('borrow-records', word, id)).toEqual(fresh(await findRecord(app.ctx.db, id, today())));
  }

  it('a request and its loan follow every change to what they show', async () => {
    const { db } = app.ctx;
    const item = await newItem(app, { quantity: 5 });
    const id = await requestId(app, faculty, [[item, 2]], { purpose: 'Zephyrine workshop' });
    await expectRequestFresh('zephyrine', id);

    // The item's stock moves (another loan, a restock): the line's "on hand" is read again.
    await db.updateTable('items').set({ quantity: 3 }).where('id', '=', item).execute();
    const before = await listed('borrow-requests', 'zephyrine', id);
    expect(before.items[0].onHand).toBe(3);
    await expectRequestFresh('zephyrine', id);

    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    await expectRequestFresh('zephyrine', id);
    await expectRecordFresh('zephyrine', id);

    const line = await db.selectFrom('borrow_request_items').select('id').where('request_id', '=', id).executeTakeFirstOrThrow();
    const changes: [string, () => Promise<unknown>][] = [
      ['a line', () => db.updateTable('borrow_request_items').set({ quantity_approved: 1 }).where('id', '=', line.id).execute()],
      [
        'a unit lent',
        () =>
          db
            .insertInto('borrow_line_units')
            .values({ line_id: line.id, unit_id: null, tag: 'ZX-1', returned_at: null, batch_id: null })
            .execute(),
      ],
      [
        'a loan problem',
        () =>
          db
            .insertInto('loan_problems')
            .values({
              request_id: id,
              line_id: line.id,
              unit_id: null,
              tag: null,
              quantity: 1,
              kind: 'damaged',
              description: 'Cracked',
              photo_path: null,
              reported_by: null,
              created_at: new Date().toISOString(),
              resolved_at: null,
              resolved_by: null,
              condition_id: null,
            })
            .execute(),
      ],
      [
        'a return batch',
        async () => {
          const batch = await db
            .insertInto('return_batches')
            .values({
              request_id: id,
              proof_path: null,
              at_counter: 1,
              created_by: null,
              created_at: new Date().toISOString(),
              verified_at: null,
              verified_by: null,
              refused_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db.insertInto('return_batch_lines').values({ batch_id: batch.id, line_id: line.id, quantity: 1 }).execute();
        },
      ],
      [
        'the requester renamed',
        () => db.updateTable('accounts').set({ full_name: 'Dr. Zephyr Quist' }).where('email', '=', 'faculty@campus.test').execute(),
      ],
      [
        'the request itself',
        () => db.updateTable('borrow_requests').set({ purpose: 'Zephyrine workshop, moved' }).where('id', '=', id).execute(),
      ],
    ];
    for (const [what, change] of changes) {
      await change();
      await expectRequestFresh('zephyrine', id).catch((err) => {
        throw new Error(`after ${what}: ${err.message}`);
      });
      await expectRecordFresh('zephyrine', id).catch((err) => {
        throw new Error(`after ${what}: ${err.message}`);
      });
    }
    // The sweep keeps each row's last change only (what the kept search matches need), and the list is unchanged.
    const kept = await listed('borrow-requests', 'zephyrine', id);
    await pruneRowChanges(db);
    const left = await db
      .selectFrom('row_changes')
      .select('row_id')
      .where('list', '=', 'borrow_requests')
      .where('row_id', '=', id)
      .execute();
    expect(left).toHaveLength(1);
    expect(await listed('borrow-requests', 'zephyrine', id)).toEqual(kept);
  });

  it('a repair report follows every change to what it shows', async () => {
    const { db } = app.ctx;
    const res = await app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: faculty },
      payload: {
        building: 'Science Building',
        room: 'Room 204',
        priority: 'low',
        day: 'Monday',
        timeStart: '09:00',
        timeEnd: '11:00',
        issueDescription: 'Quixotic flicker in the lights',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().report.id;
    const expectFresh = async (what: string) =>
      expect(await listed('repairs', 'quixotic', id), `after ${what}`).toEqual(fresh(await findRepair(db, id)));
    await expectFresh('filing');

    const room = await db.selectFrom('rooms').select('id').orderBy('id').executeTakeFirstOrThrow();
    const personnel = await db.selectFrom('accounts').select('id').where('email', '=', 'electrician@campus.test').executeTakeFirstOrThrow();
    const reporter = await db.selectFrom('repair_reports').select('reporter_id').where('id', '=', id).executeTakeFirstOrThrow();
    const changes: [string, () => Promise<unknown>][] = [
      ['the report placed in a room', () => db.updateTable('repair_reports').set({ room_id: room.id }).where('id', '=', id).execute()],
      ['its room renumbered', () => db.updateTable('rooms').set({ code: 'QX-101' }).where('id', '=', room.id).execute()],
      [
        'assigned',
        () => db.updateTable('repair_reports').set({ assigned_to: personnel.id, status: 'scheduled' }).where('id', '=', id).execute(),
      ],
      [
        'the assignee renamed',
        () => db.updateTable('accounts').set({ full_name: 'Quentin Volt' }).where('id', '=', personnel.id).execute(),
      ],
      [
        "the assignee's trade changed",
        () => db.updateTable('accounts').set({ job_type: 'plumber' }).where('id', '=', personnel.id).execute(),
      ],
      [
        'a follower',
        async () => {
          const other = await db.selectFrom('accounts').select('id').where('email', '=', 'mtan@campus.test').executeTakeFirstOrThrow();
          await db
            .insertInto('repair_followers')
            .values({ report_id: id, account_id: other.id, created_at: new Date().toISOString() })
            .execute();
        },
      ],
      [
        'the reporter renamed',
        () => db.updateTable('accounts').set({ full_name: 'Quinn Reporter' }).where('id', '=', reporter.reporter_id!).execute(),
      ],
    ];
    for (const [what, change] of changes) {
      await change();
      await expectFresh(what);
    }
  });
});
