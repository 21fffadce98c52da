import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusRank } from '../../core/borrowing/rules';
import { MSG } from '../../core/messages';
import { unitsOutOf } from '../../server/modules/borrowing/queries';
import { act, get, inDays, newItem, requestId, statusOf, stockOf } from '../borrowing';
import { eventually, FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/** The office's side (docs/product.md): one service whether personnel, an admin or staff act. */
describe('borrow requests: the office', () => {
  let app: TestApp;
  let student: string;
  let faculty: string;
  let admin: string;
  let staff: string;
  let personnel: string;

  beforeAll(async () => {
    app = await makeApp();
    [student, faculty, admin, staff, personnel] = await Promise.all(
      (['student', 'faculty', 'admin', 'staff', 'personnel'] as const).map((who) => loginAs(app, who)),
    );
  });
  afterAll(() => app.close());

  const returnWith = (cookie: string, id: number) => {
    const body = multipart({}, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const outbox = async (to: string) => app.ctx.db.selectFrom('outbox').select(['subject', 'body']).where('to_address', '=', to).execute();
  const bell = async (email: string) =>
    app.ctx.db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select(['notifications.title', 'notifications.message'])
      .where('accounts.email', '=', email)
      .orderBy('notifications.id', 'desc')
      .execute();
  const activityOf = async (id: number) =>
    (
      await app.ctx.db
        .selectFrom('activity')
        .select('action_type')
        .where('entity_type', '=', 'borrow_request')
        .where('entity_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((a) => a.action_type);
  /** Mail is sent after commit, without waiting; give it a moment. */

  describe('the list', () => {
    it('shows every request with counts per tab, the All tab by status then newest', async () => {
      const res = await get(app, personnel, '/api/borrow-requests?pageSize=100');
      expect(res.statusCode).toBe(200);
      const { items, total, counts } = res.json();
      const byStatus: Record<string, number> = {};
      for (const r of items) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      expect(counts).toMatchObject({ ...byStatus, all: items.length });
      expect(total).toBe(counts.all);
      // Every request, cancelled ones too (their own tab), so All is the sum of the tabs and the office report's total.
      const db = await app.ctx.db
        .selectFrom('borrow_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(counts.all).toBe(Number(db.n));
      expect(byStatus.cancelled).toBeGreaterThan(0);
      expect(counts.all).toBe(counts.pending + counts.approved + counts.returned + counts.completed + counts.rejected + counts.cancelled);
      // The queue first come, first served; loans out most overdue first, then soonest due; the rest newest first.
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1], items[i]];
        const inOrder =
          statusRank(a.status) < statusRank(b.status) ||
          (a.status === b.status &&
            (a.status === 'pending'
              ? a.dateRequested <= b.dateRequested
              : a.status === 'approved'
                ? a.dateExpectedReturn <= b.dateExpectedReturn
                : a.dateRequested >= b.dateRequested));
        expect(inOrder, `${a.code} before ${b.code}`).toBe(true);
      }
      // Paging walks the same order, each request once.
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(items.length / 3); page++) {
        paged.push(...(await get(app, admin, `/api/borrow-requests?pageSize=3&page=${page}`)).json().items.map((r: any) => r.id));
      }
      expect(paged).toEqual(items.map((r: any) => r.id));
    });

    it('shows cancelled requests under their own tab, found by their REQ id', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, student, [[a, 1]]);
      expect((await act(app, student, id, 'cancel')).statusCode).toBe(200);
      const cancelled = (await get(app, admin, '/api/borrow-requests?status=cancelled&pageSize=100')).json();
      expect(cancelled.items.map((r: any) => r.id)).toContain(id);
      expect(cancelled.items.every((r: any) => r.status === 'cancelled')).toBe(true);
      expect(cancelled.total).toBe(cancelled.counts.cancelled);
      const found = (await get(app, personnel, `/api/borrow-requests?search=REQ-${id}`)).json();
      expect(found.items.map((r: any) => [r.id, r.status])).toEqual([[id, 'cancelled']]);
      expect(found.counts).toMatchObject({ all: 1, cancelled: 1 });
      // The All tab ends with them (docs/product.md: others last).
      const all = (await get(app, admin, '/api/borrow-requests?pageSize=100&page=1')).json();
      expect(all.total).toBe(all.counts.all);
    });

    it('counts the whole list in stats whatever the search; only the tab counts follow it', async () => {
      const whole = (await get(app, admin, '/api/borrow-requests')).json();
      expect(whole.stats).toEqual(whole.counts);
      const searched = (await get(app, admin, '/api/borrow-requests?search=maria lop')).json();
      expect(searched.counts.all).toBeLessThan(whole.counts.all);
      expect(searched.stats).toEqual(whole.counts);
      const byId = (await get(app, personnel, `/api/borrow-requests?search=REQ-${whole.items[0].id}`)).json();
      expect(byId.counts.all).toBe(1);
      expect(byId.stats).toEqual(whole.counts);

      const records = (await get(app, admin, '/api/borrow-records')).json();
      expect(records.stats).toEqual(records.counts);
      const found = (await get(app, admin, `/api/borrow-records?search=BRW-${records.items[0].id}`)).json();
      expect(found.counts.all).toBe(1);
      expect(found.stats).toEqual(records.counts);
      expect(found.counters).toEqual(records.counters);
    });

    it('filters by tab and searches by requester, item, REQ id and purpose', async () => {
      const approved = (await get(app, admin, '/api/borrow-requests?status=approved')).json();
      expect(approved.items.every((r: any) => r.status === 'approved')).toBe(true);
      expect(approved.total).toBe(approved.counts.approved);

      const lopez = (await get(app, admin, '/api/borrow-requests?search=maria lop&pageSize=100')).json();
      expect(lopez.items.length).toBe(3);
      expect(lopez.items.every((r: any) => r.requesterName === 'Maria Lopez')).toBe(true);
      expect(lopez.counts).toMatchObject({ all: 3, pending: 1, approved: 1, returned: 1 });
      expect(lopez.items.map((r: any) => r.status)).toEqual(['pending', 'approved', 'returned']); // All-tab order
      const lopezPage2 = (await get(app, admin, '/api/borrow-requests?search=maria lop&pageSize=2&page=2')).json();
      expect(lopezPage2.items.map((r: any) => r.status)).toEqual(['returned']);
      expect(lopezPage2.total).toBe(3);
      const lopezApproved = (await get(app, admin, '/api/borrow-requests?search=maria lop&status=approved')).json();
      expect(lopezApproved.items.map((r: any) => r.status)).toEqual(['approved']);
      expect(lopezApproved).toMatchObject({ total: 1, counts: { all: 3 } });
      const lopezNewest = (await get(app, admin, '/api/borrow-requests?search=maria lop&sort=newest')).json();
      const times = lopezNewest.items.map((r: any) => r.dateRequested);
      expect(times).toEqual([...times].sort().reverse());

      const projector = (await get(app, admin, '/api/borrow-requests?search=projector')).json();
      expect(projector.items.length).toBeGreaterThanOrEqual(2);
      expect(projector.items.every((r: any) => r.items.some((i: any) => i.name === 'LCD Projector'))).toBe(true);

      const purpose = (await get(app, admin, '/api/borrow-requests?search=colloquium')).json();
      expect(purpose.items.map((r: any) => r.purpose)).toEqual(['Research colloquium in the AVR']);

      const one = purpose.items[0].id;
      const byCode = (await get(app, admin, `/api/borrow-requests?search=REQ-${one}`)).json();
      expect(byCode.items.map((r: any) => r.id)).toEqual([one]);

      const short = (await get(app, admin, '/api/borrow-requests?search=AV')).json();
      expect(short.items.some((r: any) => r.id === one)).toBe(true);

      const nothing = (await get(app, admin, '/api/borrow-requests?search=%25_nothing%25')).json();
      expect(nothing).toMatchObject({ items: [], total: 0 });
    });

    it('finds requests by item code and by the requester\'s present name, and shows "Deleted user" once the account is gone', async () => {
      const fresh = await makeApp();
      try {
        const cookie = await login(fresh, 'cbautista@campus.test', 'student123', 'user');
        const item = await newItem(fresh, { quantity: 3, name: 'Mop and Bucket MA-01234' });
        const id = await requestId(fresh, cookie, [[item, 1]]);
        const office = await loginAs(fresh, 'admin');
        // An item code is found on both databases (PostgreSQL once read "-01234" as a negative number).
        for (const code of ['MA-01234', 'ma-0123', '01234'])
          expect(
            (await get(fresh, office, `/api/borrow-requests?search=${code}`)).json().items.map((r: any) => r.id),
            code,
          ).toEqual([id]);
        await fresh.ctx.db
          .updateTable('accounts')
          .set({ full_name: 'Carlos Bautista-Reyes' })
          .where('email', '=', 'cbautista@campus.test')
          .execute();
        const renamed = (await get(fresh, office, '/api/borrow-requests?search=Bautista-Reyes')).json();
        expect(renamed.items.map((r: any) => r.id)).toContain(id);
        await fresh.ctx.db.deleteFrom('accounts').where('email', '=', 'cbautista@campus.test').execute();
        const orphan = (await get(fresh, office, `/api/borrow-requests?search=REQ-${id}`)).json().items[0];
        expect(orphan).toMatchObject({ requesterId: null, requesterName: MSG.deletedUser });
        expect((await get(fresh, office, '/api/borrow-requests?search=Bautista-Reyes')).json().total).toBe(0);
        expect((await get(fresh, office, '/api/borrow-requests?search=deleted user')).json().items.map((r: any) => r.id)).toContain(id);
      } finally {
        await fresh.close();
      }
    });

    it('is for the office only', async () => {
      expect((await get(app, student, '/api/borrow-requests')).statusCode).toBe(403);
      expect((await get(app, faculty, '/api/borrow-records')).statusCode).toBe(403);
      expect((await get(app, staff, '/api/borrow-requests')).statusCode).toBe(200);
    });
  });

  describe('approving', () => {
    it('takes the approved quantities out of stock and approves unticked items at 0', async () => {
      const a = await newItem(app, { quantity: 10 });
      const b = await newItem(app, { quantity: 10 });
      const id = await requestId(app, faculty, [
        [a, 4],
        [b, 3],
      ]);
      const res = await act(app, personnel, id, 'approve', { items: [a] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Request approved successfully!');
      const request = res.json().request;
      // Needed tomorrow: a loan to be collected, approved until its date needed.
      expect(request).toMatchObject({ status: 'approved', totalApproved: 4, recordStatus: 'approved', daysLeft: 3, overdueDays: 0 });
      expect(request.items.map((i: any) => [i.itemId, i.quantityApproved])).toEqual([
        [a, 4],
        [b, 0],
      ]);
      expect(request.decidedAt).toBeTruthy();
      expect([await stockOf(app, a), await stockOf(app, b)]).toEqual([6, 10]);
      expect(await activityOf(id)).toEqual(['request_created', 'request_approved']);
      // Mail goes out after the answer: wait for it, not for a fixed time.
      await eventually(async () => (await outbox('faculty@campus.test')).some((m) => m.body.includes(`REQ-${id}`)));
      expect((await bell('faculty@campus.test'))[0].title).toBe('Borrow request approved');
    });

    it('shows each line with what is on hand now, so a short line can be flagged before approving', async () => {
      const a = await newItem(app, { quantity: 3 });
      const id = await requestId(app, faculty, [[a, 2]]);
      const one = async () => (await get(app, admin, `/api/borrow-requests/${id}`)).json().request.items[0];
      expect(await one()).toMatchObject({ quantityRequested: 2, onHand: 3 });
      await app.ctx.db.updateTable('items').set({ quantity: 1 }).where('id', '=', a).execute();
      expect((await one()).onHand).toBe(1);
      await app.ctx.db.updateTable('items').set({ item_status: 'damaged' }).where('id', '=', a).execute();
      expect((await one()).onHand).toBe(0);
    });

    it('needs at least one item, from this request', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[a, 1]]);
      const none = await act(app, admin, id, 'approve', { items: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe('Please select items to approve');
      const stranger = await act(app, admin, id, 'approve', { items: [a, 424242] });
      expect(stranger.statusCode).toBe(400);
      expect(await statusOf(app, id)).toBe('pending');
      expect(await stockOf(app, a)).toBe(5);
    });

    it('refuses a second approval (409) and takes stock once', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[a, 2]]);
      expect((await act(app, admin, id, 'approve', { items: [a] })).statusCode).toBe(200);
      const again = await act(app, staff, id, 'approve', { items: [a] });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('Only pending requests can be approved; this request is approved.');
      expect(await stockOf(app, a)).toBe(3);
    });

    it('refuses when stock is short, naming the item, and undoes the whole approval', async () => {
      const plenty = await newItem(app, { quantity: 10 });
      const scarce = await newItem(app, { quantity: 3, name: 'Scarce Ladder' });
      const first = await requestId(app, faculty, [[scarce, 3]]);
      const second = await requestId(app, student, [
        [plenty, 5],
        [scarce, 2],
      ]);
      expect((await act(app, admin, first, 'approve', { items: [scarce] })).statusCode).toBe(200);
      const res = await act(app, admin, second, 'approve', { items: [plenty, scarce] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'short_stock',
        message: 'Not enough Scarce Ladder in stock to approve: 2 requested, 0 on hand. Untick it or reject the request.',
      });
      expect(await statusOf(app, second)).toBe('pending');
      expect([await stockOf(app, plenty), await stockOf(app, scarce)]).toEqual([10, 0]);
      const lines = await app.ctx.db
        .selectFrom('borrow_request_items')
        .select('quantity_approved')
        .where('request_id', '=', second)
        .execute();
      expect(lines.every((l) => l.quantity_approved === 0)).toBe(true);
      // Without the short item it goes through.
      expect((await act(app, admin, second, 'approve', { items: [plenty] })).statusCode).toBe(200);
      expect(await stockOf(app, plenty)).toBe(5);
    });

    it('refuses items that became damaged since the request', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[a, 1]]);
      await app.ctx.db.updateTable('items').set({ item_status: 'damaged' }).where('id', '=', a).execute();
      const res = await act(app, admin, id, 'approve', { items: [a] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('This item is currently damaged and cannot be borrowed.');
      expect(await stockOf(app, a)).toBe(5);
    });

    it('answers 404 for a request that does not exist', async () => {
      expect((await act(app, admin, 987654, 'approve', { items: [1] })).statusCode).toBe(404);
      expect((await act(app, student, 987654, 'approve', { items: [1] })).statusCode).toBe(403);
    });
  });

  describe('rejecting', () => {
    it('keeps the reason, one naming the office role when none is given, and tells the borrower', async () => {
      const a = await newItem(app, { quantity: 5 });
      const plain = await requestId(app, student, [[a, 1]]);
      const res = await act(app, personnel, plain, 'reject');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Request rejected successfully!',
        request: { status: 'rejected', rejectReason: 'Request rejected by GSO personnel' },
      });
      expect((await bell('student@campus.test'))[0].message).toContain('Request rejected by GSO personnel');
      const byAdmin = await requestId(app, student, [[a, 1]]);
      expect((await act(app, admin, byAdmin, 'reject')).json().request.rejectReason).toBe('Request rejected by admin');
      const personnelReason = await requestId(app, student, [[a, 1]]);
      expect((await act(app, personnel, personnelReason, 'reject', { reason: 'Out for repair' })).json().request.rejectReason).toBe(
        'Out for repair',
      );
      const why = await requestId(app, student, [[a, 1]]);
      const withReason = await act(app, admin, why, 'reject', { reason: '  Needed for enrolment week  ' });
      expect(withReason.json().request.rejectReason).toBe('Needed for enrolment week');
      expect(await activityOf(why)).toEqual(['request_created', 'request_rejected']);
      expect((await bell('student@campus.test'))[0].message).toContain('Needed for enrolment week');
      expect((await act(app, admin, why, 'reject')).statusCode).toBe(409);
      expect((await act(app, admin, why, 'approve', { items: [a] })).statusCode).toBe(409);
      expect(await stockOf(app, a)).toBe(5);
    });
  });

  describe('reminders', () => {
    it('are for admins and staff, on approved requests, and reach the borrower', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[a, 1]]);
      const early = await act(app, admin, id, 'remind');
      expect(early.statusCode).toBe(409);
      await act(app, admin, id, 'approve', { items: [a] });
      expect((await act(app, personnel, id, 'remind')).statusCode).toBe(403);
      const res = await act(app, staff, id, 'remind');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Reminder Sent!');
      expect(res.json().detail).toContain(`REQ-${id}`);
      expect(res.json().request.remindedAt).toBeTruthy();
      expect(res.json().request.status).toBe('approved');
      await eventually(async () => (await outbox('faculty@campus.test')).some((m) => m.subject.includes('Please return borrowed items')));
      expect((await bell('faculty@campus.test'))[0].title).toBe('Please return borrowed items');
    });
  });

  describe('verifying returns', () => {
    it('completes a returned request and puts the stock back', async () => {
      const a = await newItem(app, { quantity: 8 });
      const id = await requestId(app, student, [[a, 5]]);
      await act(app, admin, id, 'approve', { items: [a] });
      expect(await stockOf(app, a)).toBe(3);
      expect((await act(app, admin, id, 'complete')).statusCode).toBe(409); // not returned yet
      expect((await returnWith(student, id)).statusCode).toBe(200);
      const res = await act(app, personnel, id, 'complete');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Request marked as completed successfully!',
        request: { status: 'completed', recordStatus: 'completed' },
      });
      expect(await stockOf(app, a)).toBe(8);
      expect(await activityOf(id)).toEqual(['request_created', 'request_approved', 'items_returned', 'items_returned']);
      expect((await act(app, personnel, id, 'complete')).statusCode).toBe(409);
      expect(await stockOf(app, a)).toBe(8);
    });

    it('"Not Yet Returned" goes back to approved, keeps the refused proof in the history and tells the borrower', async () => {
      const a = await newItem(app, { quantity: 4 });
      const id = await requestId(app, student, [[a, 2]]);
      await act(app, admin, id, 'approve', { items: [a] });
      await returnWith(student, id);
      const res = await act(app, admin, id, 'not-returned');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'User notified that return was not accepted!',
        request: { status: 'approved', hasProof: false, returnedAt: null },
      });
      expect((await get(app, student, `/api/borrow-requests/${id}/proof`)).json().error.message).toBe(MSG.noProof);
      expect((await bell('student@campus.test'))[0].title).toBe('Return not accepted');
      expect(await stockOf(app, a)).toBe(2); // still out
      // Returned again: a new proof, the old one kept as refused.
      expect((await returnWith(student, id)).statusCode).toBe(200);
      const proofs = await app.ctx.db.selectFrom('return_proofs').selectAll().where('request_id', '=', id).orderBy('id').execute();
      expect(proofs.map((p) => p.rejected_at !== null)).toEqual([true, false]);
      expect((await act(app, admin, id, 'complete')).statusCode).toBe(200);
      expect(await stockOf(app, a)).toBe(4);
      expect((await act(app, admin, id, 'not-returned')).statusCode).toBe(409);
    });
  });

  describe('borrow records', () => {
    it('derive active and overdue from the dates, with counts, counters and tabs', async () => {
      const fresh = await makeApp();
      try {
        const office = await loginAs(fresh, 'personnel');
        const res = await get(fresh, office, '/api/borrow-records?pageSize=100');
        expect(res.statusCode).toBe(200);
        const { items, counts, counters, total } = res.json();
        // Demo data: 5 loans out (3 overdue: 2, 5 and 10 days), 1 approved for later this week, 3 returned
        // awaiting verification, 5 completed, and 3 requests of supplies, completed as they were issued. The tabs
        // partition the records: All is their sum.
        expect(counts).toEqual({ all: 17, active: 5, overdue: 3, approved: 1, returned: 3, completed: 8 });
        expect(counts.all).toBe(counts.active + counts.approved + counts.returned + counts.completed);
        expect(total).toBe(17);
        const units = await fresh.ctx.db
          .selectFrom('borrow_request_items as bri')
          .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
          .where('br.status', '=', 'completed')
          .select((eb) => eb.fn.sum<number>('bri.quantity_approved').as('n'))
          .executeTakeFirstOrThrow();
        // Completed Items counts units, as its label says.
        expect(counters).toMatchObject({ activeBorrows: 5, approvedRequests: 1, completedItems: Number(units.n), overdue: 3 });
        expect(Number(units.n)).toBeGreaterThan(5);
        expect(
          items
            .map((r: any) => r.status)
            .slice(0, 5)
            .sort(),
        ).toEqual(['active', 'active', 'overdue', 'overdue', 'overdue']);
        expect(items.slice(0, 3).map((r: any) => r.overdueDays)).toEqual([10, 5, 2]);
        expect(items.every((r: any) => r.code === `BRW-${r.id}` && r.requestCode === `REQ-${r.id}`)).toBe(true);
        const partial = items.find((r: any) => r.purpose === 'Campus tree planting');
        expect(partial.items.map((i: any) => i.name)).toEqual(['Broom', 'Trash Bins (120 L)']); // the ladder was approved at 0
        expect(partial.totalItems).toBe(6);

        // One definition: each record's badge (its status) is the tab it is in and the counter it counts under.
        for (const tab of ['active', 'overdue', 'approved', 'returned', 'completed'] as const) {
          const list = (await get(fresh, office, `/api/borrow-records?status=${tab}&pageSize=100`)).json();
          expect(list.items.length, tab).toBe(counts[tab]);
          const want = tab === 'active' ? ['active', 'overdue'] : [tab];
          expect(
            list.items.map((r: any) => r.status).filter((s: string) => !want.includes(s)),
            tab,
          ).toEqual([]);
        }
        const byStatus = (s: string) => items.filter((r: any) => r.status === s).length;
        expect(byStatus('approved')).toBe(counters.approvedRequests);
        expect(byStatus('active') + byStatus('overdue')).toBe(counters.activeBorrows);
        // What each borrower still has out (docs/decisions/account-deletion.md refuses deleting an account while this is above 0).
        const idOf = async (email: string) =>
          (await fresh.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
        const out = async (email: string) => {
          const u = await unitsOutOf(fresh.ctx.db, await idOf(email));
          return u.notReturned + u.awaitingCheck;
        };
        expect(await out('student@campus.test')).toBe(4);
        expect(await out('faculty@campus.test')).toBe(5);
        expect(await out('admin@campus.test')).toBe(0);

        const search = (await get(fresh, office, '/api/borrow-records?search=folding table')).json();
        expect(search.items.every((r: any) => r.items.some((i: any) => i.name === 'Folding Table'))).toBe(true);
        expect(search.counts.all).toBe(search.items.length);
      } finally {
        await fresh.close();
      }
    });

    it('a loan to be collected on a later date needed is approved, in the Approved tab; active from its date needed', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[a, 2]], { dateNeeded: inDays(2), dateExpectedReturn: inDays(5) });
      await act(app, admin, id, 'approve', { items: [a] });
      const inTab = async (tab: string) =>
        (await get(app, personnel, `/api/borrow-records?status=${tab}&search=REQ-${id}`)).json().items.map((r: any) => r.status);
      expect(await inTab('approved')).toEqual(['approved']);
      expect(await inTab('active')).toEqual([]);
      const request = (await get(app, admin, `/api/borrow-requests/${id}`)).json().request;
      expect(request.recordStatus).toBe('approved');
      // Not yet collected, it can still be marked returned: its units are out of stock until then.
      await app.ctx.db
        .updateTable('borrow_requests')
        .set({ date_needed: inDays(0) })
        .where('id', '=', id)
        .execute();
      expect(await inTab('active')).toEqual(['active']);
      expect(await inTab('approved')).toEqual([]);
    });

    it('a loan due today is active; overdue from the next day', async () => {
      const a = await newItem(app, { quantity: 5 });
      const id = await requestId(app, faculty, [[a, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(0) });
      await act(app, admin, id, 'approve', { items: [a] });
      const record = async () => (await get(app, admin, `/api/borrow-records?search=REQ-${id}`)).json().items[0];
      expect(await record()).toMatchObject({ status: 'active', overdueDays: 0, daysLeft: 0 });
      await app.ctx.db
        .updateTable('borrow_requests')
        .set({ date_expected_return: inDays(-1) })
        .where('id', '=', id)
        .execute();
      expect(await record()).toMatchObject({ status: 'overdue', overdueDays: 1, daysLeft: -1 });
    });

    it('staff mark an active or overdue loan returned: stock back, request completed', async () => {
      const a = await newItem(app, { quantity: 6 });
      const id = await requestId(app, faculty, [[a, 6]]);
      const before = (await get(app, admin, '/api/borrow-records')).json().counters.returnedToday;
      expect(
        (await app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: admin } })).statusCode,
      ).toBe(409);
      await act(app, admin, id, 'approve', { items: [a] });
      expect(await stockOf(app, a)).toBe(0);
      const res = await app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: personnel } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Items marked as returned successfully!',
        record: { code: `BRW-${id}`, status: 'completed' },
      });
      expect(await stockOf(app, a)).toBe(6);
      expect(await statusOf(app, id)).toBe('completed');
      expect((await get(app, admin, '/api/borrow-records')).json().counters.returnedToday).toBe(before + 1);
      const again = await app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: admin } });
      expect(again.statusCode).toBe(409);
      expect(await stockOf(app, a)).toBe(6);
      const forbidden = await app.inject({ method: 'POST', url: `/api/borrow-records/${id}/mark-returned`, headers: { cookie: student } });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  describe('unreturned items', () => {
    it('lists what is lent and not back in stock, with user, purpose, quantities and dates', async () => {
      const a = await newItem(app, { quantity: 9, name: 'Unreturned Projector Screen' });
      const id = await requestId(app, faculty, [[a, 2]]);
      await act(app, admin, id, 'approve', { items: [a] });
      const res = await get(app, personnel, '/api/items/unreturned?search=projector screen');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        total: 1,
        totalQuantity: 2,
        items: [
          {
            requestId: id,
            requestCode: `REQ-${id}`,
            status: 'approved',
            fullName: 'Dr. Teresa Gomez',
            purpose: 'Department event',
            itemName: 'Unreturned Projector Screen',
            quantityApproved: 2,
            dateNeeded: inDays(1),
            dateExpectedReturn: inDays(3),
            overdueDays: 0,
          },
        ],
      });
      const all = (await get(app, admin, '/api/items/unreturned')).json();
      expect(all.items.length).toBe(all.total);
      expect((await get(app, student, '/api/items/unreturned')).statusCode).toBe(403);
    });
  });

  it('keeps every unit accounted for through a whole lifecycle', async () => {
    const a = await newItem(app, { quantity: 20 });
    const owned = async () => {
      const out = await app.ctx.db
        .selectFrom('borrow_request_items as bri')
        .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), eb.val(0)).as('n'))
        .where('bri.item_id', '=', a)
        .where('br.status', 'in', ['approved', 'returned'])
        .executeTakeFirstOrThrow();
      return (await stockOf(app, a)) + Number(out.n);
    };
    const ids = [await requestId(app, faculty, [[a, 5]]), await requestId(app, student, [[a, 7]]), await requestId(app, faculty, [[a, 8]])];
    for (const id of ids) await act(app, admin, id, 'approve', { items: [a] });
    expect(await stockOf(app, a)).toBe(0);
    expect(await owned()).toBe(20);
    await returnWith(faculty, ids[0]);
    await act(app, personnel, ids[0], 'complete');
    expect(await owned()).toBe(20);
    await returnWith(student, ids[1]);
    await act(app, admin, ids[1], 'not-returned');
    await app.inject({ method: 'POST', url: `/api/borrow-records/${ids[1]}/mark-returned`, headers: { cookie: staff } });
    expect(await stockOf(app, a)).toBe(12);
    expect(await owned()).toBe(20);
  });
});
