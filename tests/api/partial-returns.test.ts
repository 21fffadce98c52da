import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, requestId, stockOf } from '../borrowing';
import { FILES, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * Partial returns (docs/decisions/partial-returns.md), on SQLite and, with TEST_DATABASE_URL or DATABASE_URL, on
 * PostgreSQL: a return names what comes back, each return is verified once with findings restricted to it, the
 * request completes only when nothing is out, and stock comes back at verification only.
 */
describe('partial returns', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let borrower: string;
  let stranger: string;
  let n = 0;
  const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, borrower, stranger] = await Promise.all(
      (['admin', 'staff', 'faculty', 'student'] as const).map((who) => loginAs(app, who)),
    );
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });

  const addItem = async (quantity: number, opts: { tracked?: boolean } = {}) => {
    const res = await call('POST', '/api/items', admin, { name: `Projector ${uniq()}`, category: 'Electrical', quantity, minStock: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item as { id: number; name: string };
    if (!opts.tracked) return { ...item, tags: [] as string[] };
    const prefix = `P${uniq()}`;
    const tracked = await call('POST', `/api/items/${item.id}/track`, staff, { prefix, condition: 'good' });
    expect(tracked.statusCode, tracked.body).toBe(200);
    return { ...item, tags: Array.from({ length: quantity }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`) };
  };

  type Line = { id: number; itemId: number; quantityApproved: number; quantityBack: number; unitsOut: string[] };
  const lent = async (lines: [itemId: number, quantity: number][], units: string[] = []) => {
    const id = await requestId(app, borrower, lines);
    const ok = await act(app, staff, id, 'approve', { items: lines.map(([i]) => i), units });
    expect(ok.statusCode, ok.body).toBe(200);
    return { id, lines: ok.json().request.items as Line[] };
  };

  /** The borrower's return with a photo: what it names (nothing: everything still out). */
  const giveBack = (id: number, selection?: { items?: { lineId: number; quantity: number }[]; units?: string[] }, cookie = borrower) => {
    const body = multipart(selection ? { return: JSON.stringify(selection) } : {}, {
      proof: { name: 'proof.png', type: 'image/png', data: FILES.png },
    });
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  type Entry = { tag?: string; lineId?: number; quantity?: number; condition: string; note?: string; problemId?: number };
  /** A verification with findings (multipart, a photo for each not good) at `url`. */
  const withFindings = (url: string, entries: Entry[], cookie = staff) => {
    const files: Record<string, { name: string; type: string; data: Buffer }> = {};
    entries.forEach((e, i) => {
      if (e.condition !== 'good') files[`photo${i}`] = { name: 'damage.png', type: 'image/png', data: FILES.png };
    });
    const body = multipart({ conditions: JSON.stringify({ entries }) }, files);
    return app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const verifyBatch = (id: number, batchId: number, entries?: Entry[]) =>
    entries
      ? withFindings(`/api/borrow-requests/${id}/returns/${batchId}/verify`, entries)
      : act(app, staff, id, `returns/${batchId}/verify`);

  const one = async (id: number, cookie = borrower) => (await call('GET', `/api/borrow-requests/${id}`, cookie)).json().request;
  const unitsOf = async (itemId: number) =>
    Object.fromEntries(
      (await app.ctx.db.selectFrom('item_units').select(['tag', 'status']).where('item_id', '=', itemId).execute()).map((u) => [
        u.tag,
        u.status,
      ]),
    );

  it('three units lent, two back: the request stays out with a return awaiting; one good one damaged; the third lost at the counter', async () => {
    const item = await addItem(4, { tracked: true });
    const [a, b, c, spare] = item.tags;
    const { id } = await lent([[item.id, 3]], [a, b, c]);
    expect(await stockOf(app, item.id)).toBe(1);

    const back = await giveBack(id, { units: [a, b.toLowerCase()] });
    expect(back.statusCode, back.body).toBe(200);
    let request = back.json().request;
    expect(request.status).toBe('approved');
    expect([request.itemsBack, request.itemsOut]).toEqual([2, 1]);
    expect(request.items[0].unitsOut).toEqual([c]);
    expect(request.returns).toHaveLength(1);
    const batch = request.returns[0];
    expect(batch).toMatchObject({ status: 'awaiting', atCounter: false, items: [{ quantity: 2, units: [a, b] }] });
    // Nothing comes back to stock before verification.
    expect(await stockOf(app, item.id)).toBe(1);
    expect(await unitsOf(item.id)).toMatchObject({ [a]: 'on_loan', [b]: 'on_loan', [c]: 'on_loan' });
    // The proof of that return: its borrower and the office, nobody else.
    expect((await call('GET', batch.proofUrl, borrower)).statusCode).toBe(200);
    expect((await call('GET', batch.proofUrl, staff)).statusCode).toBe(200);
    expect((await call('GET', batch.proofUrl, stranger)).statusCode).toBe(404);

    // No returning what is already back, nor a unit not lent on this request.
    const again = await giveBack(id, { units: [a] });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'unit_already_returned']);
    const notLent = await giveBack(id, { units: [spare] });
    expect([notLent.statusCode, notLent.json().error.code]).toEqual([400, 'unit_not_on_loan']);

    // A reminder names only what is still out.
    expect((await act(app, staff, id, 'remind')).statusCode).toBe(200);
    const note = await app.ctx.db
      .selectFrom('notifications')
      .select('message')
      .where('title', '=', 'Please return borrowed items')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.message).toContain(`still out of REQ-${id}`);
    expect(note.message).toContain(`${item.name} ${c}`);
    expect(note.message).not.toContain(a);

    // No completing a request with units out.
    const early = await act(app, staff, id, 'complete');
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'items_out']);
    expect(early.json().error.message).toContain('1 item is still out');

    // The findings of a return cover exactly what it brought back.
    const wider = await verifyBatch(id, batch.id, [
      { tag: a, condition: 'good' },
      { tag: b, condition: 'good' },
      { tag: c, condition: 'good' },
    ]);
    expect([wider.statusCode, wider.json().error.code]).toEqual([400, 'unit_not_on_loan']);

    const verified = await verifyBatch(id, batch.id, [
      { tag: a, condition: 'good' },
      { tag: b, condition: 'damaged', note: 'cracked lens' },
    ]);
    expect(verified.statusCode, verified.body).toBe(200);
    request = verified.json().request;
    expect(request.status).toBe('approved');
    expect(request.returns[0].status).toBe('verified');
    expect(await unitsOf(item.id)).toMatchObject({ [a]: 'available', [b]: 'in_repair', [c]: 'on_loan', [spare]: 'available' });
    expect(await stockOf(app, item.id)).toBe(2);
    const repairs = await app.ctx.db.selectFrom('repair_reports').select('damage_tag').where('damage_request_id', '=', id).execute();
    expect(repairs.map((r) => r.damage_tag)).toEqual([b]);

    // No verifying twice.
    const twice = await verifyBatch(id, batch.id);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'already_verified']);
    expect(await stockOf(app, item.id)).toBe(2);

    // The third comes back at the counter, verified lost in the same step: the request completes.
    // A thing not good needs its photo (here none: JSON), and nothing is written.
    const noPhoto = await call('POST', `/api/borrow-requests/${id}/counter-return`, staff, { entries: [{ tag: c, condition: 'lost' }] });
    expect([noPhoto.statusCode, noPhoto.json().error.code]).toEqual([400, 'photo_required']);
    expect((await one(id)).returns).toHaveLength(1);
    const counter2 = await call('POST', `/api/borrow-requests/${id}/counter-return`, staff, {
      units: [c],
      entries: [{ tag: c, condition: 'good' }],
    });
    expect(counter2.statusCode, counter2.body).toBe(200);
    request = counter2.json().request;
    expect(request.status).toBe('completed');
    expect([request.itemsBack, request.itemsOut]).toEqual([3, 0]);
    expect(request.returns.map((r: { atCounter: boolean; status: string }) => [r.atCounter, r.status])).toEqual([
      [false, 'verified'],
      [true, 'verified'],
    ]);
    expect(await unitsOf(item.id)).toMatchObject({ [a]: 'available', [b]: 'in_repair', [c]: 'available' });
    expect(await stockOf(app, item.id)).toBe(3);
    const conditions = (await call('GET', `/api/borrow-requests/${id}`, borrower)).json().conditions;
    expect(conditions.map((x: { tag: string; condition: string }) => [x.tag, x.condition])).toEqual([
      [a, 'good'],
      [b, 'damaged'],
      [c, 'good'],
    ]);
  });

  it('a problem reported on a unit still out stays open while another return is verified, and its own return takes it up; counted stock is on loan until verified back', async () => {
    const item = await addItem(2, { tracked: true });
    const [a, b] = item.tags;
    const { id } = await lent([[item.id, 2]], [a, b]);
    const body = multipart(
      { tag: b, kind: 'broken', description: 'the fan rattles' },
      { photo: { name: 'fan.png', type: 'image/png', data: FILES.png } },
    );
    const reported = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/problems`,
      headers: { cookie: borrower, ...body.headers },
      payload: body.payload,
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const openProblems = async () =>
      (await app.ctx.db.selectFrom('loan_problems').select('id').where('request_id', '=', id).where('resolved_at', 'is', null).execute())
        .length;

    // Unit a comes back and is verified good: b's problem is not part of it and stays open.
    const first = (await giveBack(id, { units: [a] })).json().request.returns[0];
    expect((await verifyBatch(id, first.id)).statusCode).toBe(200);
    expect(await openProblems()).toBe(1);
    // Unit b comes back; verifying it with the problem named takes the borrower's photo and resolves it.
    const [, second] = (await giveBack(id, { units: [b] })).json().request.returns;
    const problemId = (await app.ctx.db.selectFrom('loan_problems').select('id').where('request_id', '=', id).executeTakeFirstOrThrow()).id;
    const done = await verifyBatch(id, second.id, [{ tag: b, condition: 'damaged', problemId }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request.status).toBe('completed');
    expect(await openProblems()).toBe(0);
    const repair = await app.ctx.db
      .selectFrom('repair_reports')
      .select(['damage_tag', 'damage_photo_path'])
      .where('damage_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(repair.damage_tag).toBe(b);
    expect(repair.damage_photo_path).not.toBeNull();

    // A counted line: 3 lent, 1 back and verified; the figures say 2 on loan and the 1 back on the shelf.
    const chairs = await addItem(5);
    const loan = await lent([[chairs.id, 3]]);
    const part = (await giveBack(loan.id, { items: [{ lineId: loan.lines[0].id, quantity: 1 }] })).json().request.returns[0];
    expect((await verifyBatch(loan.id, part.id)).statusCode).toBe(200);
    const figures = (await call('GET', `/api/inventory/figures?ids=${chairs.id}`, staff)).json().items;
    expect(figures).toEqual([{ itemId: chairs.id, available: 3, onLoan: 2, issued: 0, inRepair: 0, lost: 0 }]);
    expect(await stockOf(app, chairs.id)).toBe(3);
  });

  it('the last unit back lost at the counter (multipart, photo): out of stock, request completed', async () => {
    const item = await addItem(2, { tracked: true });
    const [a, b] = item.tags;
    const { id } = await lent([[item.id, 2]], [a, b]);
    expect((await giveBack(id, { units: [a] })).statusCode).toBe(200);
    const batch = (await one(id)).returns[0];
    expect((await verifyBatch(id, batch.id)).statusCode).toBe(200);
    const body = multipart(
      {
        return: JSON.stringify({ units: [b] }),
        conditions: JSON.stringify({ entries: [{ tag: b, condition: 'lost', note: 'not found' }] }),
      },
      { photo0: { name: 'lost.png', type: 'image/png', data: FILES.png } },
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/counter-return`,
      headers: { cookie: staff, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.status).toBe('completed');
    expect(await unitsOf(item.id)).toEqual({ [a]: 'available', [b]: 'lost' });
    expect(await stockOf(app, item.id)).toBe(1);
  });

  it('counted lines: no returning more than is out; Not Yet Returned on a return puts it out again; the whole rest then returns', async () => {
    const item = await addItem(6);
    const { id, lines } = await lent([[item.id, 5]]);
    const lineId = lines[0].id;
    const over = await giveBack(id, { items: [{ lineId, quantity: 6 }] });
    expect([over.statusCode, over.json().error.code]).toEqual([409, 'more_than_out']);
    const wrongLine = await giveBack(id, { items: [{ lineId: lineId + 100_000, quantity: 1 }] });
    expect([wrongLine.statusCode, wrongLine.json().error.code]).toEqual([400, 'line_not_in_request']);

    const part = await giveBack(id, { items: [{ lineId, quantity: 2 }] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().request.items[0].quantityBack).toBe(2);
    const more = await giveBack(id, { items: [{ lineId, quantity: 4 }] });
    expect([more.statusCode, more.json().error.message]).toEqual([409, expect.stringContaining('Only 3')]);

    const batchId = part.json().request.returns[0].id;
    const refused = await act(app, staff, id, `returns/${batchId}/not-returned`);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().request.returns[0].status).toBe('refused');
    expect(refused.json().request.itemsOut).toBe(5);
    const verifyRefused = await verifyBatch(id, batchId);
    expect([verifyRefused.statusCode, verifyRefused.json().error.code]).toEqual([409, 'return_refused']);

    // Three now (awaiting), then the rest with no selection: the request moves to returned.
    expect((await giveBack(id, { items: [{ lineId, quantity: 3 }] })).statusCode).toBe(200);
    const rest = await giveBack(id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().request.status).toBe('returned');
    expect(rest.json().request.returns.map((r: { items: { quantity: number }[] }) => r.items[0].quantity)).toEqual([2, 3, 2]);
    const nothing = await giveBack(id);
    expect(nothing.statusCode).toBe(409);
    expect(await stockOf(app, item.id)).toBe(1);

    // The first awaiting return verified with 1 lost of its 3; the whole-request Mark Completed verifies the rest.
    const [, first, second] = rest.json().request.returns;
    const lostOne = await verifyBatch(id, first.id, [
      { lineId, quantity: 2, condition: 'good' },
      { lineId, quantity: 1, condition: 'lost', note: 'one missing' },
    ]);
    expect(lostOne.statusCode, lostOne.body).toBe(200);
    expect(lostOne.json().request.status).toBe('returned');
    expect(await stockOf(app, item.id)).toBe(3);
    const done = await act(app, staff, id, 'complete');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request.status).toBe('completed');
    expect(done.json().request.returns.find((r: { id: number }) => r.id === second.id).status).toBe('verified');
    expect(await stockOf(app, item.id)).toBe(5);
  });

  it('the last awaiting return verified completes a returned request; Mark Returned takes findings over everything not verified', async () => {
    const item = await addItem(4);
    const { id, lines } = await lent([[item.id, 4]]);
    expect((await giveBack(id, { items: [{ lineId: lines[0].id, quantity: 1 }] })).statusCode).toBe(200);
    const batchId = (await one(id)).returns[0].id;
    // Mark Returned: the 1 awaiting and the 3 still out, with a finding of 1 damaged.
    const short = await withFindings(`/api/borrow-records/${id}/mark-returned`, [{ lineId: lines[0].id, quantity: 3, condition: 'good' }]);
    expect([short.statusCode, short.json().error.code]).toEqual([400, 'conditions_mismatch']);
    const marked = await withFindings(`/api/borrow-records/${id}/mark-returned`, [
      { lineId: lines[0].id, quantity: 3, condition: 'good' },
      { lineId: lines[0].id, quantity: 1, condition: 'damaged', note: 'bent' },
    ]);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().record.status).toBe('completed');
    expect(marked.json().record.itemsBack).toBe(4);
    expect((await one(id)).returns[0].status).toBe('verified');
    expect(await stockOf(app, item.id)).toBe(3);
    const late = await verifyBatch(id, batchId);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'already_verified']);

    // A returned request (everything handed back in two returns) completes at its last verification.
    const other = await lent([[item.id, 2]]);
    expect((await giveBack(other.id, { items: [{ lineId: other.lines[0].id, quantity: 1 }] })).statusCode).toBe(200);
    const all = await giveBack(other.id);
    expect(all.json().request.status).toBe('returned');
    const [r1, r2] = all.json().request.returns;
    expect((await verifyBatch(other.id, r2.id)).json().request.status).toBe('returned');
    expect((await verifyBatch(other.id, r1.id)).json().request.status).toBe('completed');
    expect(await stockOf(app, item.id)).toBe(3);
  });

  it('who may: the counter and a return verification are the office’s; another borrower’s request is not found', async () => {
    const item = await addItem(2);
    const { id } = await lent([[item.id, 2]]);
    expect((await call('POST', `/api/borrow-requests/${id}/counter-return`, borrower, {})).statusCode).toBe(403);
    const notMine = await giveBack(id, undefined, stranger);
    expect(notMine.statusCode).toBe(404);
    const counter = await call('POST', `/api/borrow-requests/${id}/counter-return`, staff, {});
    expect(counter.statusCode, counter.body).toBe(200);
    // Recorded, not verified: awaiting the office, the request is returned, nothing back in stock yet.
    expect(counter.json().request.status).toBe('returned');
    expect(await stockOf(app, item.id)).toBe(0);
    const batchId = counter.json().request.returns[0].id;
    expect((await verifyBatch(id, batchId)).json().request.status).toBe('completed');
    expect(await stockOf(app, item.id)).toBe(2);
  });

  it('a request returned before returns were kept one by one (no batches): refused, returned again, verified whole', async () => {
    const item = await addItem(2, { tracked: true });
    const [a, b] = item.tags;
    const { id, lines } = await lent([[item.id, 2]], [a, b]);
    // As migration 031 leaves such a request: returned, everything counted back, no batch.
    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ status: 'returned', returned_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await app.ctx.db.updateTable('borrow_request_items').set({ quantity_back: 2 }).where('id', '=', lines[0].id).execute();
    const refused = await act(app, staff, id, 'not-returned');
    expect(refused.statusCode, refused.body).toBe(200);
    expect([refused.json().request.status, refused.json().request.itemsOut]).toEqual(['approved', 2]);
    expect((await giveBack(id, { units: [b] })).statusCode).toBe(200);
    await app.ctx.db.updateTable('borrow_requests').set({ status: 'returned' }).where('id', '=', id).execute();
    await app.ctx.db.updateTable('borrow_request_items').set({ quantity_back: 2 }).where('id', '=', lines[0].id).execute();
    const done = await withFindings(`/api/borrow-requests/${id}/complete`, [
      { tag: a, condition: 'good' },
      { tag: b, condition: 'lost', note: 'gone' },
    ]);
    expect(done.statusCode, done.body).toBe(200);
    expect(await unitsOf(item.id)).toEqual({ [a]: 'available', [b]: 'lost' });
  });

  it('two verifications of one return at once: one wins, the stock comes back once', async () => {
    const item = await addItem(5, { tracked: true });
    const counted = await addItem(5);
    const [a, b, c] = item.tags;
    const { id, lines } = await lent(
      [
        [item.id, 3],
        [counted.id, 4],
      ],
      [a, b, c],
    );
    const countedLine = lines.find((l) => l.itemId === counted.id)!;
    const back = await giveBack(id, { units: [a, b], items: [{ lineId: countedLine.id, quantity: 3 }] });
    expect(back.statusCode, back.body).toBe(200);
    const batchId = back.json().request.returns[0].id;
    const results = await Promise.all([verifyBatch(id, batchId), verifyBatch(id, batchId), verifyBatch(id, batchId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(app, item.id)).toBe(4);
    expect(await stockOf(app, counted.id)).toBe(4);
    expect(await unitsOf(item.id)).toMatchObject({ [a]: 'available', [b]: 'available', [c]: 'on_loan' });
  });

  it('a partial verification racing approvals of the same item: stock never below zero, every unit counted once', async () => {
    const counted = await addItem(4);
    const first = await lent([[counted.id, 3]]);
    expect((await giveBack(first.id, { items: [{ lineId: first.lines[0].id, quantity: 2 }] })).statusCode).toBe(200);
    const batchId = (await one(first.id)).returns[0].id;
    const [p1, p2] = await Promise.all([requestId(app, borrower, [[counted.id, 1]]), requestId(app, borrower, [[counted.id, 1]])]);
    // Stock 1: the verification brings 2 back; the two approvals of 1 each may both pass only after it.
    const [v, a1, a2] = await Promise.all([
      verifyBatch(first.id, batchId),
      act(app, staff, p1, 'approve', { items: [counted.id] }),
      act(app, admin, p2, 'approve', { items: [counted.id] }),
    ]);
    expect(v.statusCode, v.body).toBe(200);
    const approved = [a1, a2].filter((r) => r.statusCode === 200).length;
    expect(approved).toBeGreaterThanOrEqual(1);
    for (const r of [a1, a2]) if (r.statusCode !== 200) expect(r.json().error.code).toBe('short_stock');
    // 4 in all: 1 still out on the first loan, `approved` out on the others, the rest on the shelf.
    expect(await stockOf(app, counted.id)).toBe(4 - 1 - approved);

    // Tracked: a partial verification and an approval naming the unit it checks in.
    const tracked = await addItem(3, { tracked: true });
    const [a, b, c] = tracked.tags;
    const loan = await lent([[tracked.id, 2]], [a, b]);
    expect((await giveBack(loan.id, { units: [a] })).statusCode).toBe(200);
    const tBatch = (await one(loan.id)).returns[0].id;
    const [q1, q2] = await Promise.all([requestId(app, borrower, [[tracked.id, 1]]), requestId(app, borrower, [[tracked.id, 1]])]);
    const [tv, ta, tc] = await Promise.all([
      verifyBatch(loan.id, tBatch),
      act(app, staff, q1, 'approve', { items: [tracked.id], units: [a] }),
      act(app, admin, q2, 'approve', { items: [tracked.id], units: [c] }),
    ]);
    expect(tv.statusCode, tv.body).toBe(200);
    expect(tc.statusCode, tc.body).toBe(200);
    const units = await unitsOf(tracked.id);
    expect(units[b]).toBe('on_loan');
    expect(units[c]).toBe('on_loan');
    expect(units[a]).toBe(ta.statusCode === 200 ? 'on_loan' : 'available');
    expect(await stockOf(app, tracked.id)).toBe(Object.values(units).filter((s) => s === 'available').length);
  });
});
