import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusRank } from '../../core/borrowing/rules';
import { PRIORITY_ORDER, STATUS_ORDER } from '../../core/repairs/rules';
import { act, get, inDays, newItem, requestId } from '../borrowing';
import { loginAs, makeApp, openEveryDay, type TestApp } from '../helpers';

// A broad search keeps its ordered matches while its list is unchanged (docs/decisions/search.md): every tab count
// and page comes from them, so they must follow every change at once, concurrent ones included, in the list's order.
const ON_POSTGRES = !!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

describe('the kept matches of a search', () => {
  let app: TestApp;
  let admin: string;
  let faculty: string;
  beforeAll(async () => {
    app = await makeApp();
    await openEveryDay(app.ctx);
    admin = await loginAs(app, 'admin');
    faculty = await loginAs(app, 'faculty');
  });
  afterAll(() => app.close());

  const cmp = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);

  /** Every page of a search's tab, read page by page, and its counts. */
  async function readAll(base: string, status: string, pageSize: number) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await get(app, admin, `${base}&status=${status}&page=${page}&pageSize=${pageSize}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      ids.push(...body.items.map((r: { id: number }) => r.id));
      if (body.items.length < pageSize) return { ids, counts: body.counts as Record<string, number>, total: body.total as number };
    }
  }

  describe('borrow requests', () => {
    const WORD = 'Quillonseminar';
    const base = `/api/borrow-requests?search=${WORD.toLowerCase()}`;

    /** The requests the search must find, in the All tab's order (core statusRank) or newest first, from the database. */
    async function expected(sort: 'status' | 'newest') {
      const rows = await app.ctx.db
        .selectFrom('borrow_requests')
        .select(['id', 'status', 'created_at', 'date_expected_return'])
        .where('purpose', 'like', `%${WORD}%`)
        .execute();
      const newest = (a: (typeof rows)[0], b: (typeof rows)[0]) => -cmp(a.created_at, b.created_at) || b.id - a.id;
      rows.sort((a, b) =>
        sort === 'newest'
          ? newest(a, b)
          : statusRank(a.status) - statusRank(b.status) ||
            (a.status === 'pending' ? cmp(a.created_at, b.created_at) : 0) ||
            (a.status === 'approved' ? cmp(a.date_expected_return, b.date_expected_return) : 0) ||
            newest(a, b),
      );
      const counts: Record<string, number> = { all: rows.length };
      for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
      return { rows, counts };
    }

    async function expectPagesRight() {
      for (const sort of ['status', 'newest'] as const) {
        const want = await expected(sort);
        for (const tab of ['all', 'pending', 'approved', 'rejected']) {
          const got = await readAll(`${base}&sort=${sort}`, tab, 3);
          expect(got.ids).toEqual(want.rows.filter((r) => tab === 'all' || r.status === tab).map((r) => r.id));
          expect(got.total).toBe(tab === 'all' ? want.counts.all : (want.counts[tab] ?? 0));
          for (const [status, n] of Object.entries(want.counts)) expect(got.counts[status]).toBe(n);
        }
      }
    }

    it('pages every tab in the list order, counts right, and follows changes at once', async () => {
      const item = await newItem(app, { quantity: 100 });
      const ids: number[] = [];
      for (let i = 0; i < 8; i++)
        ids.push(
          await requestId(app, faculty, [[item, 1]], {
            purpose: `${WORD} number ${i}`,
            dateNeeded: inDays(1),
            dateExpectedReturn: inDays(10 - i),
          }),
        );
      await expectPagesRight();
      expect((await act(app, admin, ids[2], 'approve', { items: [item] })).statusCode).toBe(200);
      expect((await act(app, admin, ids[5], 'approve', { items: [item] })).statusCode).toBe(200);
      expect((await act(app, admin, ids[6], 'reject')).statusCode).toBe(200);
      await expectPagesRight();
      // A new request that matches enters the kept matches at once.
      ids.push(
        await requestId(app, faculty, [[item, 1]], { purpose: `Another ${WORD}`, dateNeeded: inDays(1), dateExpectedReturn: inDays(2) }),
      );
      await expectPagesRight();
    });

    it('stays right through concurrent changes read meanwhile', async () => {
      const item = await newItem(app, { quantity: 100 });
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await requestId(app, faculty, [[item, 1]], { purpose: `${WORD} concurrent ${i}` }));
      const reads = () => get(app, admin, `${base}&pageSize=7`);
      const results = await Promise.all([
        reads(),
        act(app, admin, ids[0], 'approve', { items: [item] }),
        reads(),
        act(app, admin, ids[1], 'approve', { items: [item] }),
        act(app, admin, ids[2], 'reject'),
        reads(),
        act(app, admin, ids[3], 'approve', { items: [item] }),
        reads(),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      await expectPagesRight();
    });

    // PostgreSQL commits transactions in any order: a change made before another but committed after it must still
    // reach the kept matches (server/lib/keptMatches.ts, by the changes' transactions, not their order).
    it.runIf(ON_POSTGRES)('takes in a change committed after a later one was read', async () => {
      const item = await newItem(app, { quantity: 100 });
      const early = await requestId(app, faculty, [[item, 1]], { purpose: `${WORD} committed late` });
      const later = await requestId(app, faculty, [[item, 1]], { purpose: `${WORD} committed early` });
      await expectPagesRight();
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      const open = app.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('borrow_requests').set({ purpose: 'Renamed', search_text: 'Renamed' }).where('id', '=', early).execute();
        await committed;
      });
      // Meanwhile another change commits and the search is read: the open transaction's change is not seen yet.
      expect((await act(app, admin, later, 'reject')).statusCode).toBe(200);
      const meanwhile = await get(app, admin, `${base}&pageSize=50`);
      expect(meanwhile.json().items.map((r: { id: number }) => r.id)).toContain(early);
      commit();
      await open;
      const after = await get(app, admin, `${base}&pageSize=50`);
      expect(after.json().items.map((r: { id: number }) => r.id)).not.toContain(early);
      await expectPagesRight();
    });
  });

  describe('repair reports', () => {
    const WORD = 'Quillonleak';
    const base = `/api/repairs?search=${WORD.toLowerCase()}`;
    const FORM = { building: 'Quezon Annex', room: 'Room 7', day: 'Monday', timeStart: '09:00', timeEnd: '10:00' };

    /** The office's order (status, priority, the latest completed first, then first come, first served). */
    async function expected() {
      const rows = await app.ctx.db
        .selectFrom('repair_reports')
        .select(['id', 'status', 'priority', 'created_at', 'completed_at'])
        .where('issue_description', 'like', `%${WORD}%`)
        .execute();
      rows.sort(
        (a, b) =>
          STATUS_ORDER.indexOf(a.status as never) - STATUS_ORDER.indexOf(b.status as never) ||
          PRIORITY_ORDER.indexOf(a.priority as never) - PRIORITY_ORDER.indexOf(b.priority as never) ||
          (a.status === 'completed' ? -cmp(a.completed_at, b.completed_at) : 0) ||
          cmp(a.created_at, b.created_at) ||
          a.id - b.id,
      );
      const counts: Record<string, number> = { all: rows.length };
      for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
      return { rows, counts };
    }

    async function expectPagesRight() {
      const want = await expected();
      for (const tab of ['all', ...STATUS_ORDER]) {
        const got = await readAll(base, tab, 2);
        expect(got.ids).toEqual(want.rows.filter((r) => tab === 'all' || r.status === tab).map((r) => r.id));
        for (const [status, n] of Object.entries(want.counts)) expect(got.counts[status]).toBe(n);
      }
    }

    it('pages every tab in the office order and follows new reports and status changes, concurrent ones too', async () => {
      const file = async (priority: string, n: number) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/repairs',
          headers: { cookie: faculty },
          payload: { ...FORM, priority, issueDescription: `${WORD} under sink ${n}` },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().report.id as number;
      };
      const ids: number[] = [];
      for (const [i, p] of ['low', 'high', 'medium', 'high', 'low', 'medium'].entries()) ids.push(await file(p, i));
      await expectPagesRight();
      const move = (id: number, status: string) =>
        app.ctx.db
          .updateTable('repair_reports')
          .set(status === 'completed' ? { status, completed_at: new Date().toISOString() } : { status })
          .where('id', '=', id)
          .execute();
      await move(ids[1], 'completed');
      await move(ids[4], 'in-progress');
      await expectPagesRight();
      // Changes and reads at once: the next read after them all is exact.
      await Promise.all([move(ids[0], 'completed'), get(app, admin, `${base}&pageSize=3`), file('high', 9), move(ids[2], 'scheduled')]);
      await expectPagesRight();
    });
  });
});
