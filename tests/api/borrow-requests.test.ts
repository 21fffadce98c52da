import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { act, get, inDays, itemIdOf, newItem, requestId, statusOf, stockOf, submit } from '../borrowing';
import { FILES, login, loginAs, makeApp, multipart, pixelsOf, type TestApp } from '../helpers';

/** The borrower's side: submitting, following, cancelling and returning requests (docs/product.md). */
describe('borrow requests: the borrower', () => {
  let app: TestApp;
  let student: string;
  let faculty: string;
  let otherStudent: string;
  let admin: string;
  let personnel: string;
  let chairs: number;

  beforeAll(async () => {
    app = await makeApp();
    [student, faculty, admin, personnel] = await Promise.all([
      loginAs(app, 'student'),
      loginAs(app, 'faculty'),
      loginAs(app, 'admin'),
      loginAs(app, 'personnel'),
    ]);
    otherStudent = await login(app, 'mlopez@campus.test', 'student123', 'user');
    chairs = await itemIdOf(app, 'Monobloc Chair');
  });
  afterAll(() => app.close());

  const approved = async (cookie: string, items: [number, number][]) => {
    const id = await requestId(app, cookie, items);
    const res = await act(app, admin, id, 'approve', { items: items.map(([itemId]) => itemId) });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const returnWith = (cookie: string, id: number, file: { name: string; type: string; data: Buffer }) => {
    const body = multipart({}, { proof: file });
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  describe('submitting', () => {
    it('creates a pending request with its items, and writes the activity feed', async () => {
      const table = await itemIdOf(app, 'Folding Table');
      const res = await submit(
        app,
        student,
        [
          [chairs, 10],
          [table, 2],
        ],
        { purpose: '  Org assembly  ', dateNeeded: inDays(0), dateExpectedReturn: inDays(2) },
      );
      expect(res.statusCode, res.body).toBe(201);
      const { message, request } = res.json();
      expect(message).toBe('Request Submitted Successfully');
      expect(request).toMatchObject({
        code: `REQ-${request.id}`,
        recordCode: `BRW-${request.id}`,
        status: 'pending',
        purpose: 'Org assembly',
        requesterName: 'Juan Dela Paz',
        dateNeeded: inDays(0),
        dateExpectedReturn: inDays(2),
        totalItems: 12,
        totalApproved: 0,
        hasProof: false,
        recordStatus: null,
      });
      expect(request.items.map((i: any) => [i.name, i.category, i.quantityRequested, i.quantityApproved])).toEqual([
        ['Monobloc Chair', 'Maintenance', 10, 0],
        ['Folding Table', 'Maintenance', 2, 0],
      ]);
      const activity = await app.ctx.db
        .selectFrom('activity')
        .selectAll()
        .where('entity_type', '=', 'borrow_request')
        .where('entity_id', '=', request.id)
        .execute();
      expect(activity.map((a) => a.action_type)).toEqual(['request_created']);
      // Submitting takes nothing from stock; approval does.
      expect(await stockOf(app, chairs)).toBe(150);
    });

    it('asks for the required fields with the spec wording', async () => {
      for (const body of [{ purpose: '   ' }, { dateNeeded: '' }, { dateExpectedReturn: undefined }]) {
        const res = await submit(app, student, [[chairs, 1]], body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Please fill in all required fields and add items to cart');
      }
      const empty = await submit(app, student, []);
      expect(empty.json().error.message).toBe('Please fill in all required fields and add items to cart');
      const nothing = await app.inject({ method: 'POST', url: '/api/borrow-requests', headers: { cookie: student }, payload: {} });
      expect(nothing.statusCode).toBe(400);
    });

    it('refuses a date needed in the past (campus calendar) and a return before the date needed', async () => {
      const past = await submit(app, student, [[chairs, 1]], { dateNeeded: inDays(-1), dateExpectedReturn: inDays(1) });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.message).toBe(MSG.dateNeededPast);
      const early = await submit(app, student, [[chairs, 1]], { dateNeeded: inDays(3), dateExpectedReturn: inDays(2) });
      expect(early.json().error.message).toBe(MSG.returnBeforeNeeded);
      const bad = await submit(app, student, [[chairs, 1]], { dateNeeded: '2025-13-01' });
      expect(bad.json().error.message).toBe(MSG.borrowInvalidDate);
      const sameDay = await submit(app, student, [[chairs, 1]], { dateNeeded: inDays(2), dateExpectedReturn: inDays(2) });
      expect(sameDay.statusCode).toBe(201);
    });

    it('refuses the same item twice, quantities below 1 and more than is on hand', async () => {
      expect(
        (
          await submit(app, student, [
            [chairs, 1],
            [chairs, 2],
          ])
        ).json().error.message,
      ).toBe(MSG.duplicateCartItem);
      expect((await submit(app, student, [[chairs, 0]])).json().error.message).toBe(MSG.quantityInvalid);
      expect((await submit(app, student, [[chairs, 1.5]])).json().error.message).toBe(MSG.quantityInvalid);
      const over = await submit(app, student, [[chairs, 151]]);
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toEqual({
        code: 'short_stock',
        message: 'Only 150 Monobloc Chair are in stock. Please request between 1 and 150.',
      });
    });

    it('refuses items that are not available, with the spec message', async () => {
      const drill = await itemIdOf(app, 'Cordless Drill'); // damaged
      const dehumidifier = await itemIdOf(app, 'Dehumidifier'); // unavailable
      const snake = await itemIdOf(app, 'Drain Snake'); // none on hand
      const damaged = await submit(app, faculty, [[drill, 1]]);
      expect(damaged.statusCode).toBe(409);
      expect(damaged.json().error).toEqual({
        code: 'item_not_available',
        message: 'Cordless Drill: This item is currently damaged and cannot be borrowed.',
      });
      expect((await submit(app, faculty, [[dehumidifier, 1]])).json().error.message).toContain(
        'This item is currently unavailable and cannot be borrowed.',
      );
      expect((await submit(app, faculty, [[snake, 1]])).json().error.message).toContain(
        'This item is currently out of stock and cannot be borrowed.',
      );
      const gone = await submit(app, faculty, [[987654, 1]]);
      expect(gone.statusCode).toBe(400);
    });

    it('lets faculty but not students borrow electrical items', async () => {
      const cord = await itemIdOf(app, 'Extension Cord (10 m)');
      const refused = await submit(app, student, [
        [chairs, 1],
        [cord, 1],
      ]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'access_restricted', message: 'Only Faculty members can borrow electrical items.' });
      expect((await submit(app, faculty, [[cord, 1]])).statusCode).toBe(201);
    });

    it('is for students and faculty only', async () => {
      expect((await submit(app, admin, [[chairs, 1]])).statusCode).toBe(403);
      expect((await submit(app, personnel, [[chairs, 1]])).statusCode).toBe(403);
      const anonymous = await app.inject({ method: 'POST', url: '/api/borrow-requests', payload: {} });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('my requests', () => {
    it('lists only mine, newest first, with tab counts, totals and the units not yet returned', async () => {
      const fresh = await makeApp({ seed: true });
      try {
        const me = await loginAs(fresh, 'student');
        const res = await get(fresh, me, '/api/borrow-requests/mine');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.items.every((r: any) => r.requesterName === 'Juan Dela Paz')).toBe(true);
        const dates = body.items.map((r: any) => r.dateRequested);
        expect(dates).toEqual([...dates].sort().reverse());
        expect(body.counts).toEqual({ all: 5, pending: 1, approved: 1, returned: 0, completed: 1, rejected: 1, cancelled: 1 });
        expect(body.stats).toEqual(body.counts);
        expect(body.total).toBe(5);
        expect(body.unreturnedItems).toBe(4); // 2 mop sets and 2 brooms, overdue

        const overdue = body.items.find((r: any) => r.status === 'approved');
        expect(overdue).toMatchObject({ recordStatus: 'overdue', overdueDays: 5, daysLeft: -5 });

        const approvedTab = (await get(fresh, me, '/api/borrow-requests/mine?status=approved')).json();
        expect(approvedTab.items.map((r: any) => r.status)).toEqual(['approved']);
        expect(approvedTab.total).toBe(1);

        const byPurpose = (await get(fresh, me, '/api/borrow-requests/mine?search=INTRAMURALS')).json();
        expect(byPurpose.items.map((r: any) => r.purpose)).toEqual(['Intramurals booth']);
        expect(byPurpose.counts.all).toBe(1);
        expect(byPurpose.stats.all).toBe(5);
        const byId = (await get(fresh, me, `/api/borrow-requests/mine?search=REQ-${overdue.id}`)).json();
        expect(byId.items.map((r: any) => r.id)).toEqual([overdue.id]);

        const page = (await get(fresh, me, '/api/borrow-requests/mine?pageSize=2&page=3')).json();
        expect(page.items).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    });

    it('shows one request to its owner and the office only', async () => {
      const id = await requestId(app, student, [[chairs, 1]]);
      expect((await get(app, student, `/api/borrow-requests/${id}`)).json().request.id).toBe(id);
      expect((await get(app, personnel, `/api/borrow-requests/${id}`)).statusCode).toBe(200);
      const other = await get(app, otherStudent, `/api/borrow-requests/${id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(MSG.requestNotFound);
    });
  });

  describe('cancelling', () => {
    it('cancels my pending request', async () => {
      const id = await requestId(app, student, [[chairs, 1]]);
      const res = await act(app, student, id, 'cancel');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Request cancelled successfully!');
      expect(res.json().request.status).toBe('cancelled');
      const activity = await app.ctx.db
        .selectFrom('activity')
        .select('action_type')
        .where('entity_type', '=', 'borrow_request')
        .where('entity_id', '=', id)
        .execute();
      expect(activity.map((a) => a.action_type)).toEqual(['request_created', 'request_cancelled']);
      const again = await act(app, student, id, 'cancel');
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('Only pending requests can be cancelled; this request is cancelled.');
    });

    it("answers 404 for someone else's request, and 409 once it is approved", async () => {
      const id = await requestId(app, student, [[chairs, 1]]);
      expect((await act(app, otherStudent, id, 'cancel')).statusCode).toBe(404);
      expect((await act(app, otherStudent, 999999, 'cancel')).statusCode).toBe(404);
      expect((await act(app, admin, id, 'cancel')).statusCode).toBe(403);
      expect(await statusOf(app, id)).toBe('pending');
      await act(app, admin, id, 'approve', { items: [chairs] });
      const late = await act(app, student, id, 'cancel');
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('wrong_state');
    });
  });

  describe('returning with proof', () => {
    it('takes an image, marks the request returned and serves the proof to the owner and the office', async () => {
      const id = await approved(student, [[chairs, 2]]);
      const res = await returnWith(student, id, { name: 'chairs.png', type: 'image/png', data: FILES.png });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().request).toMatchObject({
        status: 'returned',
        hasProof: true,
        proofUrl: `/api/borrow-requests/${id}/proof`,
        recordStatus: 'returned',
      });
      expect(res.json().request.returnedAt).toBeTruthy();

      const mine = await get(app, student, `/api/borrow-requests/${id}/proof`);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      expect(await pixelsOf(mine.rawPayload)).toEqual(await pixelsOf(FILES.png));
      expect((await get(app, personnel, `/api/borrow-requests/${id}/proof`)).statusCode).toBe(200);
      expect((await get(app, admin, `/api/borrow-requests/${id}/proof`)).statusCode).toBe(200);
      expect((await get(app, otherStudent, `/api/borrow-requests/${id}/proof`)).statusCode).toBe(404);

      const proofs = await app.ctx.db.selectFrom('return_proofs').selectAll().where('request_id', '=', id).execute();
      expect(proofs).toHaveLength(1);
      expect(proofs[0].rejected_at).toBeNull();
      // A second return of the same loan is refused: it is awaiting verification.
      const twice = await returnWith(student, id, { name: 'again.png', type: 'image/png', data: FILES.png });
      expect(twice.statusCode).toBe(409);
    });

    it('accepts JPEG and GIF too', async () => {
      for (const [name, type, data] of [
        ['p.jpg', 'image/jpeg', FILES.jpeg],
        ['p.gif', 'image/gif', FILES.gif],
      ] as const) {
        const id = await approved(student, [[chairs, 1]]);
        const res = await returnWith(student, id, { name, type, data });
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('judges the file by its content: a PDF or text named .png is refused with the spec message', async () => {
      const id = await approved(student, [[chairs, 1]]);
      for (const data of [FILES.pdf, FILES.text]) {
        const res = await returnWith(student, id, { name: 'photo.png', type: 'image/png', data });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({
          code: 'invalid_file_type',
          message: 'Invalid File Type: Please upload a JPEG, PNG, or GIF image.',
        });
      }
      expect(await statusOf(app, id)).toBe('approved');
    });

    it('refuses more than 5 MB with 413 and the spec message', async () => {
      const id = await approved(student, [[chairs, 1]]);
      const big = Buffer.concat([FILES.png, Buffer.alloc(6 * 1024 * 1024)]);
      const res = await returnWith(student, id, { name: 'huge.png', type: 'image/png', data: big });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe('File Too Large: Please upload an image smaller than 5MB.');
      expect(await statusOf(app, id)).toBe('approved');
    });

    it('requires a proof', async () => {
      const id = await approved(student, [[chairs, 1]]);
      const noFile = multipart({ note: 'here' });
      const res = await app.inject({
        method: 'POST',
        url: `/api/borrow-requests/${id}/return`,
        headers: { cookie: student, ...noFile.headers },
        payload: noFile.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.proofRequired);
      const json = await act(app, student, id, 'return');
      expect(json.statusCode).toBe(400);
    });

    it("refuses someone else's request (404) and requests not out on loan (409)", async () => {
      const id = await approved(student, [[chairs, 1]]);
      expect((await returnWith(otherStudent, id, { name: 'p.png', type: 'image/png', data: FILES.png })).statusCode).toBe(404);
      const pending = await requestId(app, student, [[chairs, 1]]);
      const res = await returnWith(student, pending, { name: 'p.png', type: 'image/png', data: FILES.png });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Only approved requests can be returned; this request is pending.');
    });

    it('answers "No Proof Available" when there is none', async () => {
      const id = await requestId(app, student, [[chairs, 1]]);
      const res = await get(app, student, `/api/borrow-requests/${id}/proof`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No Proof Available: No proof image was uploaded for this return.');
    });
  });

  it('leaves other borrowers alone: an unrelated item keeps its stock', async () => {
    const item = await newItem(app, { quantity: 4 });
    await requestId(app, faculty, [[item, 4]]);
    expect(await stockOf(app, item)).toBe(4);
  });
});
