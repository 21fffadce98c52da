import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { act, requestId, stockOf } from '../borrowing';
import { eventually, FILES, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * The condition of what comes back, and the repairs damage opens (docs/decisions/return-conditions.md), on SQLite
 * and, with TEST_DATABASE_URL or DATABASE_URL, on PostgreSQL.
 */
describe('condition at verification', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let borrower: string;
  let stranger: string;
  let n = 0;
  const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, borrower, stranger] = await Promise.all(
      (['admin', 'staff', 'personnel', 'faculty', 'student'] as const).map((who) => loginAs(app, who)),
    );
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });

  /** A new item of the office's, counted or tracked with `quantity` units (TAG-0001..). */
  const addItem = async (quantity: number, opts: { tracked?: boolean; category?: string } = {}) => {
    const res = await call('POST', '/api/items', admin, {
      name: `Projector ${uniq()}`,
      category: opts.category ?? 'Electrical',
      quantity,
      minStock: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item as { id: number; name: string };
    if (!opts.tracked) return { ...item, tags: [] as string[] };
    const prefix = `D${uniq()}`;
    const tracked = await call('POST', `/api/items/${item.id}/track`, staff, { prefix, condition: 'good' });
    expect(tracked.statusCode, tracked.body).toBe(200);
    return { ...item, tags: Array.from({ length: quantity }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`) };
  };

  const returnProof = (id: number) => {
    const body = multipart({}, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie: borrower, ...body.headers },
      payload: body.payload,
    });
  };

  /** Borrowed by the faculty member (electrical items are theirs to borrow), approved (with these units), and handed back awaiting verification. */
  const lentAndReturned = async (lines: [itemId: number, quantity: number][], units: string[] = []) => {
    const id = await requestId(app, borrower, lines);
    const ok = await act(app, staff, id, 'approve', { items: lines.map(([i]) => i), units });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await returnProof(id)).statusCode).toBe(200);
    return { id, lines: ok.json().request.items as { id: number; itemId: number }[] };
  };

  type Entry = { tag?: string; lineId?: number; quantity?: number; condition: string; note?: string; priority?: string };
  /** Verify with findings: JSON without photos, or multipart with a photo for each entry not good (unless `photos` says). */
  const verify = (id: number, entries: Entry[], opts: { photos?: boolean; file?: Buffer; cookie?: string } = {}) => {
    const withPhotos = opts.photos ?? true;
    const files: Record<string, { name: string; type: string; data: Buffer }> = {};
    if (withPhotos)
      entries.forEach((e, i) => {
        if (e.condition !== 'good') files[`photo${i}`] = { name: 'damage.png', type: 'image/png', data: opts.file ?? FILES.png };
      });
    const body = multipart({ conditions: JSON.stringify({ entries }) }, files);
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/complete`,
      headers: { cookie: opts.cookie ?? staff, ...body.headers },
      payload: body.payload,
    });
  };

  const unitsOf = async (itemId: number) =>
    Object.fromEntries(
      (await app.ctx.db.selectFrom('item_units').select(['tag', 'status']).where('item_id', '=', itemId).execute()).map((u) => [
        u.tag,
        u.status,
      ]),
    );
  const repairsOf = (requestId: number) =>
    app.ctx.db.selectFrom('repair_reports').selectAll().where('damage_request_id', '=', requestId).orderBy('id').execute();
  const personnelId = async () =>
    (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'electrician@campus.test').executeTakeFirstOrThrow()).id;
  /** The administrator's Edit to Completed, with the work description and cost the completion rule asks for. */
  const completeRepair = async (repairId: number, status = 'completed') =>
    call('PUT', `/api/repairs/${repairId}/assignment`, admin, {
      status,
      assignedTo: await personnelId(),
      adminNotes: '',
      estimatedCost: null,
      workDescription: 'Replaced the lens',
      actualCost: 500,
    });

  it('no findings: everything back in stock, as before', async () => {
    const item = await addItem(4);
    const { id } = await lentAndReturned([[item.id, 3]]);
    expect(await stockOf(app, item.id)).toBe(1);
    const res = await act(app, staff, id, 'complete');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.status).toBe('completed');
    expect(await stockOf(app, item.id)).toBe(4);
    expect((await call('GET', `/api/borrow-requests/${id}`, borrower)).json().conditions).toEqual([]);
  });

  it('tracked units: good back to available, damaged in repair with a repair opened and linked, lost out of stock', async () => {
    const item = await addItem(4, { tracked: true });
    const [a, b, c] = item.tags;
    const { id } = await lentAndReturned([[item.id, 3]], [a, b, c]);
    expect(await stockOf(app, item.id)).toBe(1);
    const res = await verify(id, [
      { tag: a.toLowerCase(), condition: 'good' },
      { tag: b, condition: 'damaged', note: 'Cracked lens', priority: 'high' },
      { tag: c, condition: 'lost', note: 'Left on the bus' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.status).toBe('completed');
    expect(await unitsOf(item.id)).toEqual({ [a]: 'available', [b]: 'in_repair', [c]: 'lost', [item.tags[3]]: 'available' });
    expect(await stockOf(app, item.id)).toBe(2);

    // One repair, for the damaged unit, linked to the loan, item, unit and borrower, with the note and photo.
    const [repair, ...more] = await repairsOf(id);
    expect(more).toHaveLength(0);
    const borrowerId = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'faculty@campus.test').executeTakeFirstOrThrow()
    ).id;
    expect(repair).toMatchObject({
      status: 'pending',
      priority: 'high',
      damage_item_id: item.id,
      damage_tag: b,
      damage_quantity: 1,
      damage_borrower_id: borrowerId,
      suggested_trade: 'electrician',
      room: 'Office counter',
      room_id: null,
    });
    expect(repair.issue_description).toContain('Cracked lens');
    expect(repair.damage_photo_path).toBeTruthy();
    const dto = (await call('GET', `/api/repairs/${repair.id}`, admin)).json().report;
    expect(dto.damage).toMatchObject({
      requestId: id,
      requestCode: `REQ-${id}`,
      itemName: item.name,
      unitTag: b,
      borrowerId,
      suggestedTrade: 'electrician',
      outcome: null,
      photoUrl: `/api/repairs/${repair.id}/damage-photo`,
    });
    expect((await call('GET', dto.damage.photoUrl, admin)).statusCode).toBe(200);
    // The office reports it (no reporter account); the staff member who checked the return is not its reporter.
    const staffId = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'staff@campus.test').executeTakeFirstOrThrow()
    ).id;
    expect(repair.reporter_id).toBeNull();
    const officeName = (await call('GET', '/api/site/status', admin)).json().office.name;
    expect(dto).toMatchObject({ reporterId: null, reporterName: officeName });
    expect(dto.damage.borrowerName).not.toBe(officeName);

    // The request shows each finding to its borrower, with the photo; another person gets 404.
    const conditions = (await call('GET', `/api/borrow-requests/${id}`, borrower)).json().conditions;
    expect(conditions.map((x: { tag: string; condition: string }) => [x.tag, x.condition])).toEqual([
      [a, 'good'],
      [b, 'damaged'],
      [c, 'lost'],
    ]);
    expect(conditions[1]).toMatchObject({ note: 'Cracked lens', repairId: repair.id });
    expect(conditions[0].photoUrl).toBeNull();
    const photo = await call('GET', conditions[1].photoUrl, borrower);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await call('GET', conditions[1].photoUrl, stranger)).statusCode).toBe(404);

    // The unit's history says what happened; the borrower's bell and mail say what was found.
    const history = (await call('GET', `/api/units/${b}/history`, personnel)).json().history;
    expect(history[0].text).toContain(`REQ-${id}: damaged (Cracked lens)`);
    const loan = history.find((h: { kind: string }) => h.kind === 'loan');
    expect(loan.text).toContain('checked back in: damaged (Cracked lens)');
    expect(loan.photoUrl).toBe(conditions[1].photoUrl);
    // While in repair the unit reads Damaged, not Good, and its page names the repair.
    const page = (await call('GET', `/api/units/${b}/history`, personnel)).json();
    expect(page.unit).toMatchObject({ status: 'in_repair', condition: 'damaged' });
    expect(page.repair).toEqual({ id: repair.id, code: `RPR-${repair.id}`, status: 'pending' });
    expect(history.some((h: { text: string }) => h.text === 'Condition good → damaged')).toBe(true);
    expect((await call('GET', loan.photoUrl, personnel)).statusCode).toBe(200);
    const notice = await app.ctx.db
      .selectFrom('notifications')
      .select(['title', 'message', 'entity_type', 'entity_id'])
      .where('account_id', '=', borrowerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ title: 'Return checked: not everything came back good', entity_type: 'borrow_request', entity_id: id });
    expect(notice.message).toContain(`${item.name} ${b}: damaged (Cracked lens)`);
    expect(notice.message).toContain(`${item.name} ${c}: lost (Left on the bus)`);
    // The mail is written after the answer, once committed.
    await eventually(async () =>
      (await app.ctx.db.selectFrom('outbox').select('body').where('to_address', '=', 'faculty@campus.test').execute()).some((m) =>
        m.body.includes('damaged (Cracked lens)'),
      ),
    );

    // Verifying twice: refused, nothing moves.
    const twice = await verify(id, [{ tag: a, condition: 'good' }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('wrong_state');

    // The repair completed: the unit is borrowable again, once, even when completed again after reopening.
    expect((await completeRepair(repair.id)).statusCode).toBe(200);
    expect((await unitsOf(item.id))[b]).toBe('available');
    expect(await stockOf(app, item.id)).toBe(3);
    // Mended: Good again, and no repair to link.
    const mended = (await call('GET', `/api/units/${b}/history`, personnel)).json();
    expect(mended.unit.condition).toBe('good');
    expect(mended.repair).toBeNull();
    expect((await completeRepair(repair.id, 'in-progress')).statusCode).toBe(200);
    expect((await completeRepair(repair.id)).statusCode).toBe(200);
    expect(await stockOf(app, item.id)).toBe(3);
    expect((await call('GET', `/api/repairs/${repair.id}`, admin)).json().report.damage.outcome).toBe('repaired');
    const settled = await app.ctx.db
      .selectFrom('return_conditions')
      .select(['settled_at', 'outcome'])
      .where('repair_id', '=', repair.id)
      .execute();
    expect(settled).toEqual([{ settled_at: expect.any(String), outcome: 'repaired' }]);
    // Nobody was asked to rate it or told of its progress: not the staff member who checked, not the borrower.
    const told = await app.ctx.db
      .selectFrom('notifications')
      .select(['account_id', 'title'])
      .where('entity_type', '=', 'repair_report')
      .where('entity_id', '=', repair.id)
      .where('account_id', 'in', [staffId, borrowerId])
      .execute();
    expect(told).toEqual([]);
    const rateMail = await app.ctx.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'staff@campus.test')
      .where('body', 'like', `%${repair.id}%rate it%`)
      .execute();
    expect(rateMail).toEqual([]);
    // Faculty cannot rate it either: it is no one's report.
    expect((await call('POST', `/api/repairs/${repair.id}/rating`, borrower, { stars: 5 })).statusCode).toBe(404);
  });

  it('counted lines: quantities per condition; damaged held out until the repair is done, lost out for good', async () => {
    const item = await addItem(10, { category: 'Plumbing' });
    const { id, lines } = await lentAndReturned([[item.id, 5]]);
    const lineId = lines[0].id;
    const res = await verify(id, [
      { lineId, quantity: 3, condition: 'good' },
      { lineId, quantity: 1, condition: 'missing_parts', note: 'No hose' },
      { lineId, quantity: 1, condition: 'lost' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(app, item.id)).toBe(8);
    const [repair] = await repairsOf(id);
    expect(repair).toMatchObject({
      damage_quantity: 1,
      damage_tag: null,
      damage_unit_id: null,
      priority: 'medium',
      suggested_trade: 'plumber',
    });
    expect((await completeRepair(repair.id)).statusCode).toBe(200);
    expect(await stockOf(app, item.id)).toBe(9);
  });

  it('refuses findings that do not cover exactly what was lent, and things not good without a photo', async () => {
    const item = await addItem(3, { tracked: true });
    const counted = await addItem(5);
    const other = await addItem(1, { tracked: true });
    const [a, b] = item.tags;
    const { id, lines } = await lentAndReturned(
      [
        [item.id, 2],
        [counted.id, 3],
      ],
      [a, b],
    );
    const line = lines.find((l) => l.itemId === counted.id)!.id;
    const trackedLine = lines.find((l) => l.itemId === item.id)!.id;
    const good = (over: Partial<Entry>[] = []): Entry[] => [
      { tag: a, condition: 'good' },
      { tag: b, condition: 'good' },
      { lineId: line, quantity: 3, condition: 'good' },
      ...(over as Entry[]),
    ];
    const refusals: [Entry[], number, string, string?][] = [
      [good([{ tag: other.tags[0], condition: 'good' }]), 400, 'unit_not_on_loan', MSG.conditionUnitNotLent(other.tags[0])],
      [good([{ tag: a, condition: 'damaged' }]), 400, 'conditions_mismatch', MSG.conditionUnitTwice(a)],
      [good().slice(1), 400, 'conditions_mismatch', MSG.conditionUnitMissing(a)],
      [[...good().slice(0, 2), { lineId: line, quantity: 4, condition: 'good' }], 400, 'quantity_over_line'],
      [
        [...good().slice(0, 2), { lineId: line, quantity: 2, condition: 'good' }],
        400,
        'conditions_mismatch',
        MSG.conditionQuantitySum(counted.name, 3, 2),
      ],
      [good().slice(0, 2), 400, 'conditions_mismatch'],
      [good([{ lineId: 2_000_000_000, quantity: 1, condition: 'good' }]), 400, 'conditions_mismatch', MSG.conditionLineUnknown],
      [good([{ lineId: trackedLine, quantity: 1, condition: 'good' }]), 400, 'conditions_mismatch'],
      [good([{ lineId: line, condition: 'good' }]), 400, 'conditions_mismatch'],
    ];
    for (const [entries, status, code, message] of refusals) {
      const res = await verify(id, entries);
      expect(res.statusCode, JSON.stringify(entries)).toBe(status);
      expect(res.json().error.code, JSON.stringify(entries)).toBe(code);
      if (message) expect(res.json().error.message).toBe(message);
    }
    // A photo is required when not good, and must be an image by its bytes.
    const damaged: Entry[] = [{ tag: a, condition: 'damaged' }, ...good().slice(1)];
    const noPhoto = await verify(id, damaged, { photos: false });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error).toMatchObject({ code: 'photo_required', message: MSG.conditionPhotoRequired(a) });
    const notImage = await verify(id, damaged, { file: Buffer.from('%PDF-1.4 not an image') });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.code).toBe('invalid_file_type');
    // Hostile or malformed bodies: 400, never 500, on both databases.
    for (const payload of [
      { entries: [] },
      { entries: [{ tag: a, condition: 'broken' }] },
      { entries: [{ lineId: 99_999_999_999, quantity: 1, condition: 'good' }] },
      { entries: [{ lineId: line, quantity: -1, condition: 'good' }] },
      { entries: [{ tag: 'A\u0000', condition: 'good' }] },
      { entries: 'all good' },
    ]) {
      const res = await call('POST', `/api/borrow-requests/${id}/complete`, staff, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Multipart: the conditions not JSON, or more photos than one verification takes.
    const notJson = multipart({ conditions: '{entries:' });
    const bad = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/complete`,
      headers: { cookie: staff, ...notJson.headers },
      payload: notJson.payload,
    });
    expect(bad.statusCode).toBe(400);
    const many = multipart(
      { conditions: JSON.stringify({ entries: damaged }) },
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`photo${i}`, { name: 'p.png', type: 'image/png', data: FILES.png }])),
    );
    const tooMany = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/complete`,
      headers: { cookie: staff, ...many.headers },
      payload: many.payload,
    });
    expect(tooMany.statusCode).toBe(413);
    // Nothing moved: still awaiting verification, units on loan, no repair, no finding, no file left behind.
    expect((await call('GET', `/api/borrow-requests/${id}`, staff)).json().request.status).toBe('returned');
    expect(await unitsOf(item.id)).toMatchObject({ [a]: 'on_loan', [b]: 'on_loan' });
    expect(await repairsOf(id)).toHaveLength(0);
    expect(await app.ctx.db.selectFrom('return_conditions').select('id').where('request_id', '=', id).execute()).toHaveLength(0);
    // A JSON body with only good findings needs no photo.
    const ok = await call('POST', `/api/borrow-requests/${id}/complete`, staff, { entries: good() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stockOf(app, counted.id)).toBe(5);
    expect(await unitsOf(item.id)).toMatchObject({ [a]: 'available', [b]: 'available' });
  });

  it('a repair at the unit home room; the trade follows the administrators setting', async () => {
    const room = await app.ctx.db
      .selectFrom('rooms')
      .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
      .select(['rooms.id', 'rooms.name', 'buildings.name as building'])
      .where('rooms.suggested', '=', 0)
      .executeTakeFirstOrThrow();
    const trades = (await call('GET', '/api/site/damage-trades', personnel)).json().trades;
    expect(trades.Electrical).toBe('electrician');
    expect((await call('PUT', '/api/site/damage-trades', staff, { trades })).statusCode).toBe(403);
    expect((await call('PUT', '/api/site/damage-trades', admin, { trades: { ...trades, Electrical: 'astronaut' } })).statusCode).toBe(400);
    const set = await call('PUT', '/api/site/damage-trades', admin, { trades: { ...trades, Electrical: 'maintenance' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().trades.Electrical).toBe('maintenance');

    const item = await addItem(1, { tracked: true });
    const [a] = item.tags;
    const unit = await app.ctx.db.selectFrom('item_units').select('id').where('tag', '=', a).executeTakeFirstOrThrow();
    expect(
      (await call('PUT', `/api/units/${unit.id}`, staff, { condition: 'good', status: 'available', homeRoomId: room.id })).statusCode,
    ).toBe(200);
    const { id } = await lentAndReturned([[item.id, 1]], [a]);
    expect((await verify(id, [{ tag: a, condition: 'damaged' }])).statusCode).toBe(200);
    const [repair] = await repairsOf(id);
    expect(repair).toMatchObject({ room_id: room.id, room: room.name, building: room.building, suggested_trade: 'maintenance' });
    await call('PUT', '/api/site/damage-trades', admin, { trades });
  });

  it('a repair can end with the unit retired, beyond repair, with the reason', async () => {
    const item = await addItem(2, { tracked: true });
    const [a] = item.tags;
    const { id } = await lentAndReturned([[item.id, 1]], [a]);
    expect((await verify(id, [{ tag: a, condition: 'damaged', note: 'Burnt board' }])).statusCode).toBe(200);
    const [repair] = await repairsOf(id);
    expect((await call('POST', `/api/repairs/${repair.id}/retire`, staff, { reason: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `/api/repairs/${repair.id}/retire`, personnel, { reason: 'x' })).statusCode).toBe(403);
    const res = await call('POST', `/api/repairs/${repair.id}/retire`, staff, { reason: 'Board burnt, no spare parts' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().report).toMatchObject({ status: 'completed', workDescription: 'Beyond repair: Board burnt, no spare parts' });
    expect(res.json().report.damage.outcome).toBe('retired');
    expect((await unitsOf(item.id))[a]).toBe('retired');
    expect(await stockOf(app, item.id)).toBe(1);
    const history = (await call('GET', `/api/units/${a}/history`, personnel)).json().history;
    expect(history[0].text).toContain('Board burnt, no spare parts');
    // Once: retiring again is a state error, and completing it later brings nothing back.
    const again = await call('POST', `/api/repairs/${repair.id}/retire`, staff, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await completeRepair(repair.id, 'in-progress')).statusCode).toBe(200);
    expect((await completeRepair(repair.id)).statusCode).toBe(200);
    expect((await unitsOf(item.id))[a]).toBe('retired');
    expect(await stockOf(app, item.id)).toBe(1);
    // Only a repair opened by damage ends that way.
    const plain = await app.ctx.db
      .selectFrom('repair_reports')
      .select('id')
      .where('damage_item_name', 'is', null)
      .executeTakeFirstOrThrow();
    const refused = await call('POST', `/api/repairs/${plain.id}/retire`, staff, { reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('not_damage_repair');
  });

  it('completions racing each other and other stock changes put the stock back exactly once', async () => {
    // Counted: two completions of the same repair at once, while the same item is approved for someone else.
    const item = await addItem(10);
    const { id, lines } = await lentAndReturned([[item.id, 4]]);
    expect(
      (
        await verify(id, [
          { lineId: lines[0].id, quantity: 2, condition: 'good' },
          { lineId: lines[0].id, quantity: 2, condition: 'damaged' },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await stockOf(app, item.id)).toBe(8);
    const [repair] = await repairsOf(id);
    const other = await requestId(app, borrower, [[item.id, 3]]);
    const [c1, c2, approved] = await Promise.all([
      completeRepair(repair.id),
      completeRepair(repair.id),
      act(app, staff, other, 'approve', { items: [item.id] }),
    ]);
    expect(approved.statusCode, approved.body).toBe(200);
    expect([c1.statusCode, c2.statusCode].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await stockOf(app, item.id)).toBe(8 + 2 - 3);

    // Tracked: the repair's completion and the retirement racing, against approvals of the item's other units.
    const tracked = await addItem(4, { tracked: true });
    const [a, b, c, d] = tracked.tags;
    const loan = await lentAndReturned([[tracked.id, 2]], [a, b]);
    expect(
      (
        await verify(loan.id, [
          { tag: a, condition: 'damaged' },
          { tag: b, condition: 'damaged' },
        ])
      ).statusCode,
    ).toBe(200);
    const [ra, rb] = await repairsOf(loan.id);
    const [r1, r2] = await Promise.all([requestId(app, borrower, [[tracked.id, 1]]), requestId(app, borrower, [[tracked.id, 1]])]);
    const results = await Promise.all([
      completeRepair(ra.id),
      call('POST', `/api/repairs/${ra.id}/retire`, staff, { reason: 'racing' }),
      completeRepair(rb.id),
      act(app, staff, r1, 'approve', { items: [tracked.id], units: [c] }),
      act(app, admin, r2, 'approve', { items: [tracked.id], units: [d] }),
    ]);
    expect(results.slice(3).map((r) => r.statusCode)).toEqual([200, 200]);
    // The completion and the retirement: whichever ended the repair first decided; an edit after it is an edit.
    expect([results[0].statusCode, results[1].statusCode]).toContain(200);
    const units = await unitsOf(tracked.id);
    expect(units[b]).toBe('available');
    expect([c, d].map((t) => units[t])).toEqual(['on_loan', 'on_loan']);
    const ended = await app.ctx.db
      .selectFrom('return_conditions')
      .select('outcome')
      .where('repair_id', '=', ra.id)
      .executeTakeFirstOrThrow();
    expect(units[a]).toBe(ended.outcome === 'retired' ? 'retired' : 'available');
    expect((await call('GET', `/api/repairs/${ra.id}`, admin)).json().report.damage.outcome).toBe(ended.outcome);
    const available = Object.values(units).filter((s) => s === 'available').length;
    expect(await stockOf(app, tracked.id)).toBe(available);
  });
});
