import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTODY_MSG, CUSTODY_STEP_TEXT } from '../../core/custody/rules';
import { COUNT_MSG } from '../../core/inventory/counts';
import { addAccount, ADDED_PASSWORD, login, loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * Custody in the yearly count, its kept figures and the last counted dates (docs/decisions/counts.md), on SQLite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('custody in the yearly count', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let holder: { id: number; email: string; name: string };
  let holderCookie: string;
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
    const code = `K${uniq()}`;
    const building = (await ok('POST', '/api/buildings', admin, { code, name: `Hall ${code}` }, 201)).building;
    const made = [];
    for (let i = 1; i <= rooms; i++) {
      made.push((await ok('POST', '/api/rooms', admin, { buildingId: building.id, code: `${code}-${i}`, name: `Room ${i}` }, 201)).room);
    }
    return { building, rooms: made };
  };
  const trackedItem = async () => {
    const item = (
      await ok('POST', '/api/items', admin, { name: `Laptop ${uniq()}`, category: 'Electrical', quantity: 0, minStock: 0 }, 201)
    ).item;
    await ok('POST', `/api/items/${item.id}/track`, admin, { prefix: `L${uniq()}`, condition: 'good' });
    return item as { id: number; name: string };
  };
  const unit = async (itemId: number, homeRoomId: number | null) => {
    const u = (await ok('POST', `/api/items/${itemId}/units`, admin, { tag: `C${uniq()}`, condition: 'good', homeRoomId }, 201)).unit;
    return u as { id: number; tag: string };
  };
  const issue = async (tags: string[], to: { accountId?: number; roomId?: number }) =>
    ok('POST', '/api/custody/issue', staff, { tags, holder: to.roomId ? 'room' : 'person', ...to }, 201);
  const scan = (countId: number, body: Record<string, unknown>, cookie = personnel) =>
    call('POST', `/api/counts/${countId}/scans`, cookie, { id: randomUUID(), ...body });
  /** The figures as the units' own rows say (the truth the kept tallies must equal). */
  const truth = async (countId: number) => {
    const e = await app.ctx.db
      .selectFrom('count_units')
      .select([
        sql<number>`sum(case when expected = 1 then 1 else 0 end)`.as('expected'),
        sql<number>`sum(case when expected = 1 and found_room_id is not null and (home_room_id is null or found_room_id = home_room_id) then 1 else 0 end)`.as(
          'found',
        ),
        sql<number>`sum(case when expected = 1 and found_room_id is not null and home_room_id is not null and found_room_id <> home_room_id then 1 else 0 end)`.as(
          'elsewhere',
        ),
        sql<number>`sum(case when expected = 0 then 1 else 0 end)`.as('unexpected'),
      ])
      .where('count_id', '=', countId)
      .executeTakeFirstOrThrow();
    const k = await app.ctx.db
      .selectFrom('count_unknown_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('count_id', '=', countId)
      .executeTakeFirstOrThrow();
    const v = (x: unknown) => Number(x ?? 0);
    return {
      expected: v(e.expected),
      found: v(e.found),
      foundElsewhere: v(e.elsewhere),
      notFound: v(e.expected) - v(e.found) - v(e.elsewhere),
      unexpected: v(e.unexpected),
      unknownTags: v(k.n),
    };
  };

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff'), loginAs(app, 'personnel')]);
    const made = await addAccount(app, 'faculty');
    holder = { id: made.id, email: made.email, name: made.fullName };
    holderCookie = await login(app, made.email, ADDED_PASSWORD, 'user');
  });
  afterAll(() => app.close());

  let hall: Place;
  let other: Place;
  let countId: number;
  let reference: string;
  let u: Record<'shelf' | 'person' | 'personLost' | 'toRoom' | 'roomAway' | 'personAway' | 'awayHeldHere', { id: number; tag: string }>;

  it('expects a unit in custody with its custodian: a room’s in that room, a person’s with them, by the scope of each', async () => {
    hall = await place(2);
    other = await place(1);
    const item = await trackedItem();
    const [r1, r2] = hall.rooms;
    u = {
      shelf: await unit(item.id, r1!.id),
      person: await unit(item.id, r1!.id),
      personLost: await unit(item.id, r2!.id),
      toRoom: await unit(item.id, r1!.id),
      roomAway: await unit(item.id, r1!.id),
      personAway: await unit(item.id, other.rooms[0]!.id),
      awayHeldHere: await unit(item.id, other.rooms[0]!.id),
    };
    await issue([u.person.tag, u.personLost.tag, u.personAway.tag], { accountId: holder.id });
    // Held by room 2 of the hall: expected there. Held by the other building's room: not in this count.
    await issue([u.toRoom.tag, u.awayHeldHere.tag], { roomId: r2!.id });
    await issue([u.roomAway.tag], { roomId: other.rooms[0]!.id });

    reference = `CUS-${uniq()}`;
    const count = (await ok('POST', '/api/counts', staff, { reference, name: 'Custody count', buildingIds: [hall.building.id] }, 201))
      .count;
    countId = count.id;
    // The shelf unit, the two with the person (home room in the hall), the two held by room 2.
    expect(count.figures).toMatchObject({ expected: 5, notFound: 5 });

    const rows = await app.ctx.db
      .selectFrom('count_units')
      .select(['unit_id', 'home_room_id', 'custodian_kind', 'custodian_name'])
      .where('count_id', '=', countId)
      .execute();
    const byUnit = new Map(rows.map((r) => [r.unit_id, r]));
    expect(byUnit.get(u.person.id)).toMatchObject({ home_room_id: null, custodian_kind: 'person', custodian_name: holder.name });
    expect(byUnit.get(u.toRoom.id)).toMatchObject({ home_room_id: r2!.id, custodian_kind: 'room' });
    expect(byUnit.get(u.awayHeldHere.id)).toMatchObject({ home_room_id: r2!.id, custodian_kind: 'room' });
    expect(byUnit.has(u.roomAway.id)).toBe(false);
    expect(byUnit.has(u.personAway.id)).toBe(false);

    const progress = (await ok('GET', `/api/counts/${countId}/buildings`, personnel)).items;
    expect(progress).toEqual([
      expect.objectContaining({ id: hall.building.id, group: 'building', expected: 3 }),
      expect.objectContaining({ id: null, name: 'With custodians', group: 'custodians', expected: 2, notFound: 2 }),
    ]);
    const withPeople = await ok('GET', `/api/counts/${countId}/units?group=expected&place=custodians`, personnel);
    expect(withPeople.items.map((x: { tag: string }) => x.tag)).toEqual([u.person.tag, u.personLost.tag].sort());
    expect(withPeople.items[0]).toMatchObject({ homeRoom: null, custodian: holder.name });
    expect((await ok('GET', `/api/counts/${countId}/units?group=expected&place=no_room`, personnel)).total).toBe(0);
    const room2 = (await ok('GET', `/api/counts/${countId}/room?roomId=${r2!.id}`, personnel)).figures;
    expect(room2).toMatchObject({ expected: 2 });
  });

  it('finds a person’s unit wherever it is scanned; a room’s unit found in another room is not moved but transferred', async () => {
    const [r1, r2] = hall.rooms;
    const first = { id: randomUUID(), roomId: r2!.id, tag: u.person.tag };
    const found = await ok('POST', `/api/counts/${countId}/scans`, personnel, first);
    expect(found).toMatchObject({ result: 'found', custodian: holder.name, message: `${u.person.tag} found; it is with ${holder.name}.` });
    // Sent again: the answer read back from the saved scan is the one made at the time.
    expect(await ok('POST', `/api/counts/${countId}/scans`, personnel, first)).toEqual(found);
    const unknown = { id: randomUUID(), roomId: r2!.id, tag: 'no-such-label' };
    const kept = await ok('POST', `/api/counts/${countId}/scans`, personnel, unknown);
    expect(kept).toMatchObject({ result: 'unknown_tag', tag: 'NO-SUCH-LABEL' });
    expect(await ok('POST', `/api/counts/${countId}/scans`, personnel, unknown)).toEqual(kept);
    const away = (await scan(countId, { roomId: r1!.id, tag: u.toRoom.tag })).json();
    expect(away.result).toBe('found_elsewhere');
    expect(away.custodian).toContain(r2!.code);
    await scan(countId, { roomId: r2!.id, tag: u.awayHeldHere.tag });
    // A person's unit whose home is outside the count, carried in: found, as a unit the count did not expect.
    expect((await scan(countId, { roomId: r1!.id, tag: u.personAway.tag })).json().result).toBe('found_elsewhere');

    const moved = await call('POST', `/api/counts/${countId}/units/${u.toRoom.id}/move`, staff);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toMatchObject({
      code: 'unit_in_custody',
      message: COUNT_MSG.inCustody(u.toRoom.tag, `${r2!.code} · Room 2`),
    });

    const progress = (await ok('GET', `/api/counts/${countId}/buildings`, personnel)).items;
    expect(progress.find((p: { group: string }) => p.group === 'custodians')).toMatchObject({ expected: 2, found: 1, notFound: 1 });
    expect(progress.find((p: { group: string }) => p.group === 'building')).toMatchObject({
      expected: 3,
      found: 1,
      foundElsewhere: 1,
      notFound: 1,
      unexpected: 1,
    });
    expect((await ok('GET', `/api/counts/${countId}`, personnel)).figures).toEqual(await truth(countId));
  });

  it('keeps its figures exact under counters racing on the same units and tags', async () => {
    const [r1, r2] = hall.rooms;
    const shots = Array.from({ length: 24 }, (_, i) =>
      scan(
        countId,
        { roomId: i % 2 ? r1!.id : r2!.id, tag: [u.shelf.tag, `RACE-${i % 3}`, u.personAway.tag, u.person.tag][i % 4]! },
        i % 3 ? personnel : staff,
      ),
    );
    expect((await Promise.all(shots)).map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    const figures = (await ok('GET', `/api/counts/${countId}`, personnel)).figures;
    expect(figures).toEqual(await truth(countId));
    const buildings = (await ok('GET', `/api/counts/${countId}/buildings`, personnel)).items as Record<string, number>[];
    const sum = (k: string) => buildings.reduce((t, b) => t + b[k]!, 0);
    for (const k of ['expected', 'found', 'foundElsewhere', 'notFound', 'unexpected', 'unknownTags']) expect(sum(k), k).toBe(figures[k]);
    const rooms = (await ok('GET', `/api/counts/${countId}/rooms?pageSize=100`, personnel)).items as Record<string, number>[];
    expect(rooms.reduce((t, r) => t + r.unknownTags!, 0)).toBe(figures.unknownTags);
  });

  it('leaves a unit found by a count still open off Not seen for 12 months, and dates it at the close', async () => {
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await app.ctx.db.updateTable('item_units').set({ created_at: longAgo }).where('id', 'in', [u.shelf.id, u.personLost.id]).execute();
    const notSeen = async () => {
      const tags: string[] = [];
      for (let page = 1; ; page++) {
        const res = await ok('GET', `/api/units/not-seen?page=${page}&pageSize=100`, personnel);
        tags.push(...res.items.map((x: { tag: string }) => x.tag));
        if (tags.length >= res.total) return tags;
      }
    };
    const before = await notSeen();
    expect(before).not.toContain(u.shelf.tag); // found by this open count
    expect(before).toContain(u.personLost.tag); // not found yet
    const lastCounted = async (id: number) =>
      (await app.ctx.db.selectFrom('item_units').select('last_counted_at').where('id', '=', id).executeTakeFirstOrThrow()).last_counted_at;
    expect(await lastCounted(u.shelf.id)).toBeNull();
    await ok('POST', `/api/counts/${countId}/close`, staff);
    expect(await lastCounted(u.shelf.id)).not.toBeNull();
    expect((await ok('GET', `/api/units/by-tag/${u.shelf.tag}`, personnel)).unit.lastCountedAt).toBe(await lastCounted(u.shelf.id));
    expect(await lastCounted(u.personLost.id)).toBeNull();
    expect(await notSeen()).not.toContain(u.shelf.tag);
  });

  it('names the custodian of units not found in the report; the loss ends the custody in the same confirmation', async () => {
    const text = (await pdfPages((await call('GET', `/api/counts/${countId}/report.pdf`)).rawPayload)).join('\n');
    expect(text).toContain('Not found (1)');
    expect(text).toContain(u.personLost.tag);
    expect(text).toContain(holder.name);
    const csv = (await call('GET', `/api/counts/${countId}/report.csv`)).body.trim().split('\n');
    expect(csv[0]).toContain('Custodian');
    const line = csv.find((l) => l.startsWith(`Not found,${u.personLost.tag}`))!;
    expect(line).toContain(`With ${holder.name}`);
    expect(line.endsWith(holder.name)).toBe(true);

    expect((await ok('GET', '/api/custody/mine', holderCookie)).count).toBe(3);
    const lost = await ok('POST', `/api/counts/${countId}/losses`, staff, { all: true });
    expect(lost).toMatchObject({ marked: [u.personLost.tag], skipped: [] });
    const status = await app.ctx.db.selectFrom('item_units').select('status').where('id', '=', u.personLost.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('lost');
    const custody = await app.ctx.db
      .selectFrom('unit_custody')
      .select(['state', 'end_kind'])
      .where('unit_id', '=', u.personLost.id)
      .execute();
    expect(custody).toEqual([{ state: 'ended', end_kind: 'lost' }]);
    expect((await ok('GET', `/api/custody/units/${u.personLost.id}`)).holder).toBeNull();
    const mine = await ok('GET', '/api/custody/mine', holderCookie);
    expect(mine.count).toBe(2);
    expect(mine.lines.some((l: { unitId: number }) => l.unitId === u.personLost.id)).toBe(false);
    const history = (await ok('GET', `/api/units/${u.personLost.tag}/history`)).history.map((h: { text: string }) => h.text);
    expect(history).toContain(CUSTODY_STEP_TEXT.lost(holder.name, `Count ${reference}`));
    const notice = await app.ctx.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('account_id', '=', holder.id)
      .where('title', '=', CUSTODY_MSG.lostTitle)
      .executeTakeFirstOrThrow();
    expect(notice.message).toBe(CUSTODY_MSG.lostNotice(u.personLost.tag, `Count ${reference}`));
  });

  it('counts a person’s unit with no home room in a count of the whole campus, under its custodian', async () => {
    const item = await trackedItem();
    const roomless = await unit(item.id, null);
    await issue([roomless.tag], { accountId: holder.id });
    // The demo's open count holds a building: the office closes it before counting the whole campus.
    for (const c of (await ok('GET', '/api/counts?status=open&pageSize=100')).items) await ok('POST', `/api/counts/${c.id}/close`);
    const campus = (await ok('POST', '/api/counts', staff, { reference: `CUS-${uniq()}`, name: 'Campus' }, 201)).count;
    const row = await app.ctx.db
      .selectFrom('count_units')
      .select(['home_room_id', 'custodian_kind'])
      .where('count_id', '=', campus.id)
      .where('unit_id', '=', roomless.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ home_room_id: null, custodian_kind: 'person' });
    const groups = (await ok('GET', `/api/counts/${campus.id}/buildings`)).items.map((b: { group: string }) => b.group);
    expect(groups.slice(-2)).toEqual(['no_room', 'custodians']);
    expect((await ok('GET', `/api/counts/${campus.id}`)).figures).toEqual(await truth(campus.id));
    // A quantity counted in a room: answered now as it will be to a replay.
    const counted = (await ok('GET', `/api/counts/${campus.id}/items?pageSize=1`)).items[0];
    const quantity = { id: randomUUID(), roomId: hall.rooms[0]!.id, itemId: counted.itemId, quantity: 3 };
    const answer = await ok('POST', `/api/counts/${campus.id}/scans`, personnel, quantity);
    expect(answer).toMatchObject({ result: 'quantity_counted', itemName: counted.itemName, quantity: 3 });
    expect(await ok('POST', `/api/counts/${campus.id}/scans`, personnel, quantity)).toEqual(answer);
    await ok('POST', `/api/counts/${campus.id}/close`);
  });
});
