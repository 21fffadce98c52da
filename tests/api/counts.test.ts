import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_MSG } from '../../core/inventory/counts';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/** The yearly count (docs/decisions/counts.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('the yearly count', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let student: string;
  let n = 0;
  const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  const call = (method: 'GET' | 'POST', url: string, cookie = staff, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });
  const ok = async (method: 'GET' | 'POST', url: string, cookie = staff, payload?: unknown, status = 200) => {
    const res = await call(method, url, cookie, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };

  type Place = { building: { id: number; name: string }; rooms: { id: number; code: string }[] };
  const place = async (rooms: number): Promise<Place> => {
    const code = `B${uniq()}`;
    const building = (await ok('POST', '/api/buildings', admin, { code, name: `Hall ${code}` }, 201)).building;
    const made = [];
    for (let i = 1; i <= rooms; i++) {
      made.push((await ok('POST', '/api/rooms', admin, { buildingId: building.id, code: `${code}-${i}`, name: `Room ${i}` }, 201)).room);
    }
    return { building, rooms: made };
  };
  const trackedItem = async (category = 'Electrical') => {
    const item = (await ok('POST', '/api/items', admin, { name: `Projector ${uniq()}`, category, quantity: 0, minStock: 0 }, 201)).item;
    await ok('POST', `/api/items/${item.id}/track`, admin, { prefix: `P${uniq()}`, condition: 'good' });
    return item as { id: number; name: string };
  };
  const unit = async (itemId: number, homeRoomId: number | null) => {
    const tag = `T${uniq()}`;
    const u = (await ok('POST', `/api/items/${itemId}/units`, admin, { tag, condition: 'good', homeRoomId }, 201)).unit;
    return u as { id: number; tag: string };
  };
  const start = (body: Record<string, unknown>, cookie = staff) => call('POST', '/api/counts', cookie, body);
  const scan = (countId: number, body: Record<string, unknown>, cookie = personnel) =>
    call('POST', `/api/counts/${countId}/scans`, cookie, { id: randomUUID(), ...body });

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
    ]);
  });
  afterAll(() => app.close());

  // One building counted from start to losses: two rooms, five units (one never found), a unit of another building.
  let hall: Place;
  let other: Place;
  let itemId: number;
  let u: { id: number; tag: string }[];
  let countId: number;
  let reference: string;

  it('starts a count of chosen buildings with what it expects fixed, and refuses a second open count there', async () => {
    hall = await place(2);
    other = await place(1);
    itemId = (await trackedItem()).id;
    u = [
      await unit(itemId, hall.rooms[0]!.id),
      await unit(itemId, hall.rooms[0]!.id),
      await unit(itemId, hall.rooms[1]!.id),
      await unit(itemId, hall.rooms[1]!.id),
      await unit(itemId, other.rooms[0]!.id),
    ];
    // A retired unit is not expected.
    const retired = await unit(itemId, hall.rooms[1]!.id);
    await ok('POST', `/api/units/${retired.id}/retire`, admin, { reason: 'Broken beyond repair' });
    await app.ctx.db.updateTable('item_units').set({ purchase_cost_cents: 1_250_050 }).where('id', '=', u[3]!.id).execute();

    reference = `cnt-${uniq()}`;
    const res = await start({ reference: ` ${reference} `, name: 'Yearly count', buildingIds: [hall.building.id] });
    expect(res.statusCode, res.body).toBe(201);
    const count = res.json().count;
    countId = count.id;
    reference = reference.toUpperCase();
    expect(count).toMatchObject({ reference, status: 'open', wholeCampus: false, buildings: [{ id: hall.building.id }] });
    expect(count.figures).toEqual({ expected: 4, found: 0, foundElsewhere: 0, notFound: 4, unexpected: 0, unknownTags: 0 });

    // A unit added after the start is not expected.
    await unit(itemId, hall.rooms[0]!.id);
    expect((await ok('GET', `/api/counts/${countId}`, personnel)).figures.expected).toBe(4);

    const again = await start({ reference: `CNT-${uniq()}`, name: 'Again', buildingIds: [other.building.id, hall.building.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'count_overlap', message: COUNT_MSG.overlap(hall.building.name, reference) });
    const campus = await start({ reference: `CNT-${uniq()}`, name: 'Campus' });
    expect(campus.statusCode).toBe(409);
    expect(campus.json().error.code).toBe('count_overlap');
    const taken = await start({ reference: reference.toLowerCase(), name: 'Same', buildingIds: [other.building.id] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'count_reference_taken', message: COUNT_MSG.referenceTaken(reference) });
    expect((await start({ reference: 'bad ref!', name: 'x', buildingIds: [other.building.id] })).statusCode).toBe(400);
    expect((await start({ reference: `CNT-${uniq()}`, name: '  ', buildingIds: [other.building.id] })).statusCode).toBe(400);
    expect((await start({ reference: `CNT-${uniq()}`, name: 'x', buildingIds: [2147483647] })).statusCode).toBe(400);
    // Two starts of one building at once: exactly one is open.
    const both = await Promise.all(
      [1, 2].map((i) => start({ reference: `RACE-${uniq()}-${i}`, name: 'Race', buildingIds: [other.building.id] })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const raced = both.find((r) => r.statusCode === 201)!.json().count.id;
    await ok('POST', `/api/counts/${raced}/close`, staff);
  });

  it('opens a room by its code or label, and refuses one outside the count', async () => {
    const code = hall.rooms[0]!.code;
    const opened = await ok(
      'GET',
      `/api/counts/${countId}/room?code=${encodeURIComponent(`https://gso.example/r/${code.toLowerCase()}`)}`,
      personnel,
    );
    expect(opened.room).toMatchObject({ id: hall.rooms[0]!.id, code });
    expect(opened.figures).toMatchObject({ expected: 2, found: 0 });
    expect((await ok('GET', `/api/counts/${countId}/room?roomId=${hall.rooms[1]!.id}`, personnel)).figures.expected).toBe(2);
    const outside = await call('GET', `/api/counts/${countId}/room?roomId=${other.rooms[0]!.id}`, personnel);
    expect(outside.statusCode).toBe(409);
    expect(outside.json().error.code).toBe('room_not_in_count');
    expect((await call('GET', `/api/counts/${countId}/room?code=NO-SUCH-ROOM`, personnel)).statusCode).toBe(404);
    expect((await call('GET', `/api/counts/${countId}/room`, personnel)).statusCode).toBe(400);
  });

  it('saves each scan once: a replay answers the first result, a unit scanned twice counts once, unknown tags kept', async () => {
    const [r1, r2] = [hall.rooms[0]!.id, hall.rooms[1]!.id];
    const id = randomUUID();
    // As a label's address, in lower case with spaces around.
    const first = await call('POST', `/api/counts/${countId}/scans`, personnel, {
      id,
      roomId: r1,
      tag: `  https://gso.example/u/${u[0]!.tag.toLowerCase()} `,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id, result: 'found', tag: u[0]!.tag, unitId: u[0]!.id, foundRoomCode: hall.rooms[0]!.code });
    const replay = await call('POST', `/api/counts/${countId}/scans`, personnel, { id, roomId: r2, tag: 'SOMETHING-ELSE' });
    expect(replay.json()).toEqual(first.json());
    const again = await scan(countId, { roomId: r2, tag: u[0]!.tag }, staff);
    expect(again.json()).toMatchObject({ result: 'already_counted', foundRoomCode: hall.rooms[0]!.code });

    // Found elsewhere: a unit of room 2 in room 1; a unit of another building (not expected) in room 2.
    expect((await scan(countId, { roomId: r1, tag: u[2]!.tag })).json()).toMatchObject({
      result: 'found_elsewhere',
      homeRoomCode: hall.rooms[1]!.code,
    });
    expect((await scan(countId, { roomId: r2, tag: u[4]!.tag })).json().result).toBe('found_elsewhere');
    const unknown = await scan(countId, { roomId: r2, tag: 'no-such-tag-9' });
    expect(unknown.json()).toMatchObject({ result: 'unknown_tag', tag: 'NO-SUCH-TAG-9' });

    // Two counters at once on the same unit: counted once.
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) => scan(countId, { roomId: r1, tag: u[1]!.tag }, i % 2 ? staff : personnel)),
    );
    expect(racing.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(racing.map((r) => r.json().result).sort()).toEqual(['already_counted', ...Array(6).fill('already_counted'), 'found'].sort());
    // The same scan id sent twice at once: saved once.
    const twin = randomUUID();
    const twins = await Promise.all(
      [1, 2].map(() => call('POST', `/api/counts/${countId}/scans`, personnel, { id: twin, roomId: r2, tag: 'TWIN-TAG' })),
    );
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twins[1]!.json()).toEqual(twins[0]!.json());
    const saved = await app.ctx.db
      .selectFrom('count_scans')
      .select('id')
      .where('count_id', '=', countId)
      .where('client_id', '=', twin)
      .execute();
    expect(saved).toHaveLength(1);

    // The last counted date is written at the close, not by each scan.
    const counted = await app.ctx.db
      .selectFrom('item_units')
      .select('last_counted_at')
      .where('id', '=', u[0]!.id)
      .executeTakeFirstOrThrow();
    expect(counted.last_counted_at).toBeNull();

    // Exact figures, per count, building and room.
    const figures = { expected: 4, found: 2, foundElsewhere: 1, notFound: 1, unexpected: 1, unknownTags: 2 };
    expect((await ok('GET', `/api/counts/${countId}`, personnel)).figures).toEqual(figures);
    const buildings = (await ok('GET', `/api/counts/${countId}/buildings`, personnel)).items;
    expect(buildings).toEqual([{ id: hall.building.id, name: hall.building.name, code: null, group: 'building', ...figures }]);
    // The list of counts shows each count's scope and figures.
    const listed = (await ok('GET', `/api/counts?search=${reference}`, personnel)).items;
    expect(listed).toEqual([
      expect.objectContaining({ id: countId, wholeCampus: false, buildings: [hall.building.name], categories: [], figures }),
    ]);
    const rooms = (await ok('GET', `/api/counts/${countId}/rooms`, personnel)).items;
    expect(rooms).toEqual([
      expect.objectContaining({ id: r1, expected: 2, found: 2, foundElsewhere: 0, notFound: 0, unexpected: 0, unknownTags: 0 }),
      expect.objectContaining({ id: r2, expected: 2, found: 0, foundElsewhere: 1, notFound: 1, unexpected: 1, unknownTags: 2 }),
    ]);

    // The groups, paged.
    const group = async (g: string, extra = '') =>
      (await ok('GET', `/api/counts/${countId}/units?group=${g}${extra}`, personnel)).items.map((x: { tag: string }) => x.tag);
    expect(await group('found')).toEqual([u[0]!.tag, u[1]!.tag].sort());
    expect(await group('found_elsewhere')).toEqual([u[2]!.tag]);
    expect(await group('found_elsewhere', `&roomId=${r1}`)).toEqual([u[2]!.tag]);
    expect(await group('not_found')).toEqual([u[3]!.tag]);
    expect(await group('unexpected')).toEqual([u[4]!.tag]);
    const page = await ok('GET', `/api/counts/${countId}/units?group=expected&pageSize=1&page=2`, personnel);
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(1);
    const tags = await ok('GET', `/api/counts/${countId}/unknown-tags`, personnel);
    expect(tags.items.map((t: { tag: string }) => t.tag).sort()).toEqual(['NO-SUCH-TAG-9', 'TWIN-TAG']);
    expect(tags.items[0].roomCode).toBe(hall.rooms[1]!.code);
  });

  it('answers each scan of a batch in order', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const res = await ok('POST', `/api/counts/${countId}/scans/batch`, personnel, {
      scans: [
        { id: ids[0], roomId: hall.rooms[1]!.id, tag: u[1]!.tag },
        { id: ids[1], roomId: other.rooms[0]!.id, tag: u[3]!.tag },
        { id: ids[2], roomId: hall.rooms[1]!.id, tag: 'BATCH-UNKNOWN' },
      ],
    });
    expect(res.results.map((r: { id: string; ok: boolean }) => [r.id, r.ok])).toEqual([
      [ids[0], true],
      [ids[1], false],
      [ids[2], true],
    ]);
    expect(res.results[0].scan.result).toBe('already_counted');
    expect(res.results[1].error).toMatchObject({ status: 409, code: 'room_not_in_count' });
    expect(res.results[2].scan.result).toBe('unknown_tag');
    // The batch again (a phone that did not hear the answer): the same answers, nothing saved twice.
    const replay = await ok('POST', `/api/counts/${countId}/scans/batch`, personnel, {
      scans: [{ id: ids[0], roomId: hall.rooms[1]!.id, tag: u[1]!.tag }],
    });
    expect(replay.results[0].scan).toEqual(res.results[0].scan);
    const tooMany = Array.from({ length: 201 }, () => ({ id: randomUUID(), roomId: hall.rooms[0]!.id, tag: 'X' }));
    expect((await call('POST', `/api/counts/${countId}/scans/batch`, personnel, { scans: tooMany })).statusCode).toBe(400);
  });

  it('moves a unit found elsewhere to the room it was found in, once', async () => {
    expect((await call('POST', `/api/counts/${countId}/units/${u[2]!.id}/move`, personnel)).statusCode).toBe(403);
    const moved = await ok('POST', `/api/counts/${countId}/units/${u[2]!.id}/move`, staff);
    expect(moved.message).toBe(COUNT_MSG.moved(u[2]!.tag, hall.rooms[0]!.code));
    const row = await app.ctx.db.selectFrom('item_units').select('home_room_id').where('id', '=', u[2]!.id).executeTakeFirstOrThrow();
    expect(row.home_room_id).toBe(hall.rooms[0]!.id);
    const event = await app.ctx.db
      .selectFrom('unit_events')
      .selectAll()
      .where('unit_id', '=', u[2]!.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      kind: 'moved',
      from_value: hall.rooms[1]!.code,
      to_value: hall.rooms[0]!.code,
      note: `Count ${reference}`,
    });
    const twice = await call('POST', `/api/counts/${countId}/units/${u[2]!.id}/move`, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('not_found_elsewhere');
    expect((await call('POST', `/api/counts/${countId}/units/${u[3]!.id}/move`, staff)).statusCode).toBe(404);
  });

  it('refuses losses before the close; closes once; no scans after; the report; losses only on the second confirmation', async () => {
    const early = await call('POST', `/api/counts/${countId}/losses`, staff, { all: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('count_open');
    const replayId = randomUUID();
    await ok('POST', `/api/counts/${countId}/scans`, personnel, { id: replayId, roomId: hall.rooms[0]!.id, tag: 'LATE-CHECK' });

    expect((await call('POST', `/api/counts/${countId}/close`, personnel)).statusCode).toBe(403);
    const closed = await ok('POST', `/api/counts/${countId}/close`, staff);
    expect(closed.count).toMatchObject({ status: 'closed', closedBy: expect.any(String) });
    // Every unit found has its last counted date, when it was found; the unit never found has none.
    const dates = await app.ctx.db
      .selectFrom('item_units as i')
      .innerJoin('count_units as c', (j) => j.onRef('c.unit_id', '=', 'i.id').on('c.count_id', '=', countId))
      .select(['i.id', 'i.last_counted_at', 'c.found_at'])
      .execute();
    expect(dates).toHaveLength(5);
    for (const d of dates) expect(d.last_counted_at, String(d.id)).toBe(d.found_at);
    expect(dates.find((d) => d.id === u[3]!.id)!.last_counted_at).toBeNull();
    const twice = await call('POST', `/api/counts/${countId}/close`, staff);
    expect(twice.statusCode).toBe(409);
    const late = await scan(countId, { roomId: hall.rooms[0]!.id, tag: u[3]!.tag });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'count_closed', message: COUNT_MSG.closed(reference) });
    // A scan made before the close, sent again: its first answer.
    const replay = await call('POST', `/api/counts/${countId}/scans`, personnel, {
      id: replayId,
      roomId: hall.rooms[0]!.id,
      tag: 'LATE-CHECK',
    });
    expect(replay.statusCode).toBe(200);
    // Closed: the building may be counted again.
    const next = await start({ reference: `CNT-${uniq()}`, name: 'Next', buildingIds: [hall.building.id] });
    expect(next.statusCode).toBe(201);
    await ok('POST', `/api/counts/${next.json().count.id}/close`, staff);

    const pdf = await call('GET', `/api/counts/${countId}/report.pdf`, staff);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const words of [
      'Count report',
      reference,
      'Not found (1)',
      u[3]!.tag,
      'PHP 12,500.50',
      'Relocated (1)',
      u[2]!.tag,
      'Counted by:',
      'Verified by:',
      'Approved by:',
    ]) {
      expect(text).toContain(words);
    }
    const csv = await call('GET', `/api/counts/${countId}/report.csv`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Section,Tag,Item');
    expect(lines.find((l) => l.startsWith(`Not found,${u[3]!.tag}`))).toContain('12500.50');
    expect(lines.filter((l) => l.startsWith('Found,'))).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(`Relocated,${u[2]!.tag}`))).toBeDefined();
    expect((await call('GET', `/api/counts/${countId}/report.pdf`, personnel)).statusCode).toBe(403);

    // Nothing lost yet; a found unit cannot be marked lost.
    let row = await app.ctx.db.selectFrom('item_units').select('status').where('id', '=', u[3]!.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('available');
    const wrong = await call('POST', `/api/counts/${countId}/losses`, staff, { unitIds: [u[0]!.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'not_missing', message: COUNT_MSG.notMissing(u[0]!.tag) });
    expect((await call('POST', `/api/counts/${countId}/losses`, personnel, { all: true })).statusCode).toBe(403);

    const before = await app.ctx.db.selectFrom('items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow();
    const lost = await ok('POST', `/api/counts/${countId}/losses`, staff, { unitIds: [u[3]!.id] });
    expect(lost).toMatchObject({ message: COUNT_MSG.lostDone(1), marked: [u[3]!.tag], skipped: [] });
    row = await app.ctx.db.selectFrom('item_units').select('status').where('id', '=', u[3]!.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('lost');
    const after = await app.ctx.db.selectFrom('items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow();
    expect(Number(after.quantity)).toBe(Number(before.quantity) - 1);
    const card = await ok('GET', `/api/items/${itemId}/stock-card`, staff);
    expect(card.items[0]).toMatchObject({
      kind: 'lost',
      quantity: -1,
      countId,
      unitTag: u[3]!.tag,
      reason: `Count ${reference}: not found`,
    });
    const event = await app.ctx.db
      .selectFrom('unit_events')
      .selectAll()
      .where('unit_id', '=', u[3]!.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ kind: 'status', from_value: 'available', to_value: 'lost', note: `Count ${reference}: not found` });
    // Confirmed once: again is refused, nothing is left to confirm.
    expect((await call('POST', `/api/counts/${countId}/losses`, staff, { all: true })).statusCode).toBe(400);
    expect((await ok('GET', `/api/counts/${countId}`, staff)).lost).toBe(1);
  });

  it('counts items by quantity in a count of the whole campus; the difference goes on the stock card at the close', async () => {
    const category = 'Janitorial';
    const chairs = (await ok('POST', '/api/items', admin, { name: `Chair ${uniq()}`, category, quantity: 10, minStock: 0 }, 201)).item;
    const other = (await ok('POST', '/api/items', admin, { name: `Table ${uniq()}`, category: 'Plumbing', quantity: 4, minStock: 0 }, 201))
      .item;
    // The demo's open count holds its building: the office closes it before counting the whole campus.
    for (const c of (await ok('GET', '/api/counts?status=open&pageSize=100')).items) await ok('POST', `/api/counts/${c.id}/close`);
    const res = await start({ reference: `CNT-${uniq()}`, name: 'Campus chairs', categories: [category] });
    expect(res.statusCode, res.body).toBe(201);
    const campus = res.json().count;
    expect(campus).toMatchObject({ wholeCampus: true, categories: [category], items: { counted: 0, differing: 0 } });
    expect(campus.items.expected).toBeGreaterThanOrEqual(1);
    const [r1, r2] = [hall.rooms[0]!.id, hall.rooms[1]!.id];
    expect((await scan(campus.id, { roomId: r1, itemId: chairs.id, quantity: 4 })).json()).toMatchObject({
      result: 'quantity_counted',
      quantity: 4,
    });
    await scan(campus.id, { roomId: r2, itemId: chairs.id, quantity: 5 });
    // Room 2 counted again: its figure replaces the first.
    await scan(campus.id, { roomId: r2, itemId: chairs.id, quantity: 3 });
    const notIn = await scan(campus.id, { roomId: r1, itemId: other.id, quantity: 1 });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().error.code).toBe('item_not_in_count');
    const items = await ok('GET', `/api/counts/${campus.id}/items?pageSize=100`, personnel);
    expect(items.total).toBe(campus.items.expected);
    expect(items.items.find((i: { itemId: number }) => i.itemId === chairs.id)).toEqual({
      itemId: chairs.id,
      itemName: chairs.name,
      category,
      expected: 10,
      counted: 7,
      difference: -3,
      rooms: 2,
    });
    expect((await ok('GET', `/api/counts/${campus.id}`, personnel)).items).toMatchObject({ counted: 1, differing: 1 });
    // Stock issued meanwhile is kept: the difference is applied to the stock as it is at the close.
    await ok('POST', '/api/counts/' + campus.id + '/close', staff);
    const card = await ok('GET', `/api/items/${chairs.id}/stock-card`, staff);
    expect(card.item.quantity).toBe(7);
    expect(card.items[0]).toMatchObject({ kind: 'counted', quantity: -3, balanceAfter: 7, countId: campus.id });
    expect(card.items[0].reason).toContain(campus.reference);
    const text = (await pdfPages((await call('GET', `/api/counts/${campus.id}/report.pdf`, staff)).rawPayload)).join('\n');
    expect(text).toContain(`Quantity differences (1 of ${campus.items.expected} items)`);
    expect(text).toContain(chairs.name);
  });

  it('lists the units not seen for 12 months, oldest first', async () => {
    const item = await trackedItem();
    const old = await unit(item.id, null);
    const seen = await unit(item.id, null);
    const fresh = await unit(item.id, null);
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await app.ctx.db.updateTable('item_units').set({ created_at: longAgo }).where('id', 'in', [old.id, seen.id]).execute();
    await app.ctx.db.updateTable('item_units').set({ last_counted_at: new Date().toISOString() }).where('id', '=', seen.id).execute();
    const all = [];
    for (let page = 1; ; page++) {
      const res = await ok('GET', `/api/units/not-seen?page=${page}&pageSize=100`, personnel);
      all.push(...res.items.map((x: { tag: string }) => x.tag));
      if (all.length >= res.total) break;
    }
    expect(all).toContain(old.tag);
    expect(all).not.toContain(seen.tag);
    expect(all).not.toContain(fresh.tag);
    expect((await call('GET', '/api/units/not-seen', student)).statusCode).toBe(403);
  });

  it('admits the roles the count names, and answers hostile values with 4xx', async () => {
    expect((await call('GET', '/api/counts', student)).statusCode).toBe(403);
    expect((await call('POST', '/api/counts', personnel, { reference: 'X-1', name: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/counts/${countId}/scans`, student, { id: randomUUID(), roomId: 1, tag: 'X' })).statusCode).toBe(403);
    const list = await ok('GET', '/api/counts?status=closed', personnel);
    expect(list.items.some((c: { id: number }) => c.id === countId)).toBe(true);
    expect(list.counts.all).toBeGreaterThanOrEqual(list.counts.closed);

    const bad: [string, string, unknown][] = [
      ['GET', '/api/counts/99999999999', undefined],
      ['GET', '/api/counts/abc', undefined],
      ['GET', '/api/counts/0/units', undefined],
      ['GET', `/api/counts/${countId}/units?group=everything`, undefined],
      ['GET', `/api/counts/${countId}/rooms?buildingId=1e3`, undefined],
      ['GET', `/api/counts/${countId}/room?code=${'x'.repeat(400)}`, undefined],
      ['POST', '/api/counts', { reference: 'A', name: 'b', buildingIds: ['1'] }],
      ['POST', '/api/counts', { reference: 'A'.repeat(10_000), name: 'b' }],
      ['POST', '/api/counts', { reference: 'A\u0000', name: 'b' }],
      ['POST', `/api/counts/${countId}/scans`, { id: 'not-a-uuid', roomId: 1, tag: 'X' }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: '1', tag: 'X' }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: 1, tag: 'X'.repeat(5000) }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: 1, itemId: 1, quantity: 1e12 }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: 1, itemId: 1, quantity: -1 }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: 1, tag: 'X', itemId: 1, quantity: 1 }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: 1 }],
      ['POST', `/api/counts/${countId}/scans`, { id: randomUUID(), roomId: 99999999999, tag: 'X' }],
      ['POST', `/api/counts/${countId}/losses`, { unitIds: [] }],
      ['POST', `/api/counts/${countId}/losses`, { unitIds: [99999999999] }],
      ['POST', `/api/counts/${countId}/losses`, {}],
      ['POST', `/api/counts/${countId}/losses`, { unitIds: [2147483647] }],
      ['POST', `/api/counts/${countId}/units/2147483647/move`, undefined],
      ['POST', `/api/counts/2147483647/close`, undefined],
      ['GET', '/api/counts/2147483647/report.pdf', undefined],
      ['GET', '/api/units/not-seen?pageSize=1000', undefined],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(method as 'GET' | 'POST', url, staff, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    }
    // Someone else's count's room: a room not in it.
    const res = await scan(countId, { roomId: 2147483647, tag: 'X' });
    expect(res.statusCode).toBe(409); // closed first: nothing more is scanned
  });
});
