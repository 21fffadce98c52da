import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, requestId } from '../borrowing';
import { eventually, FILES, loginAs, makeApp, multipart, pixelsOf, type TestApp } from '../helpers';
import { PROBLEM_MSG } from '../../core/borrowing/problems';

/**
 * Problems reported during a loan (docs/decisions/loan-problems.md), on SQLite and, with TEST_DATABASE_URL or
 * DATABASE_URL, on PostgreSQL: only the borrower, only while out, only what was lent, no duplicates, the photo's
 * checks, the office's bell, and the verification carrying a problem into a damage repair with its photo.
 */
describe('problems reported during a loan', () => {
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

  const lent = async (lines: [itemId: number, quantity: number][], units: string[] = []) => {
    const id = await requestId(app, borrower, lines);
    const ok = await act(app, staff, id, 'approve', { items: lines.map(([i]) => i), units });
    expect(ok.statusCode, ok.body).toBe(200);
    return { id, lines: ok.json().request.items as { id: number; itemId: number }[] };
  };

  const report = (id: number, fields: Record<string, string>, opts: { photo?: Buffer | null; type?: string; cookie?: string } = {}) => {
    const photo = opts.photo === undefined ? FILES.png : opts.photo;
    const body = multipart(fields, photo ? { photo: { name: 'broken.png', type: opts.type ?? 'image/png', data: photo } } : {});
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/problems`,
      headers: { cookie: opts.cookie ?? borrower, ...body.headers },
      payload: body.payload,
    });
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

  const verify = (id: number, entries: object[], files: Record<string, Buffer> = {}) => {
    const parts = Object.fromEntries(Object.entries(files).map(([k, data]) => [k, { name: 'd.png', type: 'image/png', data }]));
    const body = multipart({ conditions: JSON.stringify({ entries }) }, parts);
    return app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/complete`,
      headers: { cookie: staff, ...body.headers },
      payload: body.payload,
    });
  };

  const one = async (id: number, cookie = borrower) => (await call('GET', `/api/borrow-requests/${id}`, cookie)).json();

  it('the borrower reports a broken unit with a photo: on the request, its count on the office lists, and the office bell', async () => {
    const item = await addItem(3, { tracked: true });
    const [a, b] = item.tags;
    const { id } = await lent([[item.id, 2]], [a, b]);
    // The office's lists are kept while nothing changes (lib/listCache.ts): read them before, so a kept answer is there.
    expect((await call('GET', `/api/borrow-requests?search=REQ-${id}`, staff)).json().items[0].openProblems).toBe(0);
    expect((await call('GET', `/api/borrow-records?search=BRW-${id}`, admin)).json().items[0].openProblems).toBe(0);
    const res = await report(id, { tag: b.toLowerCase(), kind: 'broken', description: '  Lens cracked when it fell  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Problem reported. The office has been told.', request: { id, openProblems: 1 } });

    const { problems, request } = await one(id);
    expect(request.openProblems).toBe(1);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      itemName: item.name,
      tag: b,
      quantity: 1,
      kind: 'broken',
      description: 'Lens cracked when it fell',
      reportedBy: 'Dr. Teresa Gomez',
      resolvedAt: null,
      conditionId: null,
    });
    // The photo is served to the borrower and the office, re-encoded (the same picture), and to no one else.
    const photo = await call('GET', problems[0].photoUrl, personnel);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(await pixelsOf(photo.rawPayload)).toEqual(await pixelsOf(FILES.png));
    expect((await call('GET', problems[0].photoUrl, borrower)).statusCode).toBe(200);
    expect((await call('GET', problems[0].photoUrl, stranger)).statusCode).toBe(404);

    // The office sees it at once: the count on the board and the records, and the entry in its bell.
    const board = (await call('GET', `/api/borrow-requests?search=REQ-${id}`, staff)).json();
    expect(board.items[0]).toMatchObject({ id, openProblems: 1 });
    const records = (await call('GET', `/api/borrow-records?search=BRW-${id}`, admin)).json();
    expect(records.items[0]).toMatchObject({ id, openProblems: 1 });
    const bell = (await call('GET', '/api/notifications', staff)).json();
    expect(bell.items[0].message).toContain(`reported a problem on REQ-${id}: ${item.name} ${b} is broken (Lens cracked when it fell)`);
    expect(bell.items[0]).toMatchObject({ entityType: 'borrow_request', entityId: id });
    const personnelBell = (await call('GET', '/api/notifications', personnel)).json();
    expect(personnelBell.items[0].message).toContain(`REQ-${id}`);
  });

  it('mails the office members who asked for office mails', async () => {
    const on = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: personnel },
      payload: { emailOfficeEvents: true },
    });
    expect(on.statusCode).toBe(200);
    const item = await addItem(1);
    const { id, lines } = await lent([[item.id, 1]]);
    expect(
      (await report(id, { lineId: String(lines[0].id), quantity: '1', kind: 'missing', description: 'Gone' }, { photo: null })).statusCode,
    ).toBe(201);
    const mails = () =>
      app.ctx.db
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'body'])
        .where('subject', '=', 'Campus GSO: Problem reported')
        .execute();
    await eventually(async () => (await mails()).some((m) => m.to_address === 'electrician@campus.test' && m.body.includes(`REQ-${id}`)));
    expect((await mails()).filter((m) => m.to_address === 'admin@campus.test')).toHaveLength(0);
  });

  it('two reports of the same unit at once: exactly one is taken', async () => {
    const item = await addItem(1, { tracked: true });
    const { id } = await lent([[item.id, 1]], item.tags);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => report(id, { tag: item.tags[0], kind: 'missing', description: 'Gone' }, { photo: null })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await one(id)).problems).toHaveLength(1);
  });

  it('only the borrower, only while out on loan, only what was lent, once', async () => {
    const item = await addItem(3, { tracked: true });
    const [a, b, c] = item.tags;
    const { id } = await lent([[item.id, 2]], [a, b]);
    // Someone else's request: 404, before anything is read; the office cannot report for the borrower (403).
    expect((await report(id, { tag: a, kind: 'broken', description: 'x' }, { cookie: stranger })).statusCode).toBe(404);
    expect((await report(id, { tag: a, kind: 'broken', description: 'x' }, { cookie: staff })).statusCode).toBe(403);
    // A unit not lent on this request.
    const stray = await report(id, { tag: c, kind: 'missing', description: 'Not mine' }, { photo: null });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error.code).toBe('unit_not_on_loan');
    // Not a form upload.
    const json = await call('POST', `/api/borrow-requests/${id}/problems`, borrower, { tag: a, kind: 'missing', description: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('invalid_input');
    // Nothing named, a kind not known, no description, a NUL, too long.
    // The report's rule is the dialog's (problemForm): what first, before the description and a broken thing's photo.
    const nothing = await report(id, { kind: 'broken', description: ' ' }, { photo: null });
    expect(nothing.json().error).toMatchObject({ code: 'invalid_input', message: PROBLEM_MSG.whatRequired });
    expect((await report(id, { tag: a, kind: 'stolen', description: 'x' })).json().error.message).toBe(
      'Choose whether it is broken or missing.',
    );
    expect((await report(id, { tag: a, kind: 'broken', description: '   ' })).json().error.message).toBe('Describe the problem.');
    expect((await report(id, { tag: a, kind: 'broken', description: 'a\u0000b' })).statusCode).toBe(400);
    expect((await report(id, { tag: a, kind: 'broken', description: 'x'.repeat(1001) })).json().error.message).toBe(
      'The description can be at most 1000 characters.',
    );
    // Missing needs no photo; broken does, and it must be an image by its bytes.
    const missing = await report(id, { tag: a, kind: 'missing', description: 'Lost on the jeepney' }, { photo: null });
    expect(missing.statusCode, missing.body).toBe(201);
    const noPhoto = await report(id, { tag: b, kind: 'broken', description: 'Cracked' }, { photo: null });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error.code).toBe('photo_required');
    const notImage = await report(id, { tag: b, kind: 'broken', description: 'Cracked' }, { photo: FILES.text, type: 'image/png' });
    expect(notImage.statusCode).toBe(400);
    // The same unit twice while open: 409.
    const twice = await report(id, { tag: a, kind: 'broken', description: 'Also broken' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('problem_already_reported');
    expect((await one(id)).problems).toHaveLength(1);
    // Not out on loan: a pending request, a returned one.
    const other = await addItem(2);
    const pending = await requestId(app, borrower, [[other.id, 1]]);
    const refused = await report(pending, { lineId: '1', quantity: '1', kind: 'missing', description: 'x' }, { photo: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('wrong_state');
    expect((await returnProof(id)).statusCode).toBe(200);
    expect((await report(id, { tag: b, kind: 'broken', description: 'Cracked' })).statusCode).toBe(409);
    // No file was left behind by the refusals: only the one report's (none: it had no photo) and the proof.
    const stored = await app.ctx.db.selectFrom('loan_problems').select('photo_path').where('request_id', '=', id).execute();
    expect(stored).toEqual([{ photo_path: null }]);
  });

  it('a counted line: by quantity, within what is lent and not already reported', async () => {
    const item = await addItem(10);
    const tracked = await addItem(1, { tracked: true });
    const { id, lines } = await lent(
      [
        [item.id, 4],
        [tracked.id, 1],
      ],
      tracked.tags,
    );
    const line = lines.find((l) => l.itemId === item.id)!;
    const trackedLine = lines.find((l) => l.itemId === tracked.id)!;
    expect(
      (await report(id, { lineId: String(trackedLine.id), quantity: '1', kind: 'missing', description: 'x' }, { photo: null })).json().error
        .code,
    ).toBe('unit_required');
    expect(
      (await report(id, { lineId: '999999', quantity: '1', kind: 'missing', description: 'x' }, { photo: null })).json().error.code,
    ).toBe('line_not_lent');
    expect(
      (await report(id, { lineId: String(line.id), quantity: '3', kind: 'missing', description: 'Three gone' }, { photo: null }))
        .statusCode,
    ).toBe(201);
    const over = await report(id, { lineId: String(line.id), quantity: '2', kind: 'broken', description: 'Two broken' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(`At most 1 more of ${item.name} can be reported.`);
    expect((await report(id, { lineId: String(line.id), quantity: '1', kind: 'broken', description: 'One broken' })).statusCode).toBe(201);
    expect((await one(id)).request.openProblems).toBe(2);
  });

  it('verification carries the problem into a damage repair with its photo, and marks it resolved', async () => {
    const item = await addItem(3, { tracked: true });
    const [a, b] = item.tags;
    const counted = await addItem(5);
    const { id, lines } = await lent(
      [
        [item.id, 2],
        [counted.id, 2],
      ],
      [a, b],
    );
    const countedLine = lines.find((l) => l.itemId === counted.id)!;
    expect((await report(id, { tag: a, kind: 'broken', description: 'Lens cracked' })).statusCode).toBe(201);
    expect(
      (
        await report(
          id,
          { lineId: String(countedLine.id), quantity: '1', kind: 'missing', description: 'Left in room 204' },
          { photo: null },
        )
      ).statusCode,
    ).toBe(201);
    const [broken, missing] = (await one(id)).problems;
    expect((await returnProof(id)).statusCode).toBe(200);

    // A problem named on the wrong unit, or one not of this request, is refused before anything moves.
    const wrong = await verify(id, [
      { tag: a, condition: 'good' },
      { tag: b, condition: 'damaged', problemId: broken.id },
      { lineId: countedLine.id, quantity: 2, condition: 'good' },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('problem_mismatch');
    // Without the problem, a damaged finding still needs its own photo.
    const noPhoto = await verify(id, [
      { tag: a, condition: 'damaged' },
      { tag: b, condition: 'good' },
      { lineId: countedLine.id, quantity: 2, condition: 'good' },
    ]);
    expect(noPhoto.json().error.code).toBe('photo_required');
    expect((await one(id)).request.status).toBe('returned');

    // The pre-filled findings: broken → damaged with the borrower's words and photo; missing → lost.
    const res = await verify(id, [
      { tag: a, condition: 'damaged', note: 'Lens cracked', problemId: broken.id, priority: 'high' },
      { tag: b, condition: 'good' },
      { lineId: countedLine.id, quantity: 1, condition: 'lost', note: 'Left in room 204', problemId: missing.id },
      { lineId: countedLine.id, quantity: 1, condition: 'good' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'completed', openProblems: 0 });

    const repairs = await app.ctx.db.selectFrom('repair_reports').selectAll().where('damage_request_id', '=', id).execute();
    expect(repairs).toHaveLength(1);
    expect(repairs[0]).toMatchObject({ damage_tag: a, priority: 'high' });
    const problemPath = (
      await app.ctx.db.selectFrom('loan_problems').select('photo_path').where('id', '=', broken.id).executeTakeFirstOrThrow()
    ).photo_path;
    expect(repairs[0].damage_photo_path).toBe(problemPath);
    const repairPhoto = await call('GET', `/api/repairs/${repairs[0].id}/damage-photo`, admin);
    expect(repairPhoto.statusCode).toBe(200);
    expect(await pixelsOf(repairPhoto.rawPayload)).toEqual(await pixelsOf(FILES.png));

    const after = await one(id, staff);
    const byTag = Object.fromEntries(
      after.conditions.map((c: { tag: string | null; condition: string; id: number }) => [`${c.tag}:${c.condition}`, c]),
    );
    expect(after.problems[0]).toMatchObject({ id: broken.id, conditionId: byTag[`${a}:damaged`].id });
    expect(after.problems[0].resolvedAt).toBeTruthy();
    expect(after.problems[1]).toMatchObject({ id: missing.id, conditionId: byTag['null:lost'].id });
    expect(byTag[`${a}:damaged`].photoUrl).toBeTruthy();
    expect((await call('GET', byTag[`${a}:damaged`].photoUrl, borrower)).statusCode).toBe(200);
    const units = await app.ctx.db
      .selectFrom('item_units')
      .select(['tag', 'status'])
      .where('item_id', '=', item.id)
      .orderBy('tag')
      .execute();
    expect(units.slice(0, 2)).toEqual([
      { tag: a, status: 'in_repair' },
      { tag: b, status: 'available' },
    ]);
    // A resolved problem no longer blocks a report on a later loan of the same unit.
    const again = await lent([[item.id, 1]], [b]);
    expect((await report(again.id, { tag: b, kind: 'broken', description: 'Again' })).statusCode).toBe(201);
  });

  it('a plain verification or Mark Returned closes the open problems too', async () => {
    const item = await addItem(2);
    const { id, lines } = await lent([[item.id, 2]]);
    expect(
      (await report(id, { lineId: String(lines[0].id), quantity: '1', kind: 'missing', description: 'Gone' }, { photo: null })).statusCode,
    ).toBe(201);
    const marked = await call('POST', `/api/borrow-records/${id}/mark-returned`, staff);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().record.openProblems).toBe(0);
    expect((await one(id)).problems[0]).toMatchObject({ conditionId: null });
    expect((await one(id)).problems[0].resolvedAt).toBeTruthy();
  });
});
