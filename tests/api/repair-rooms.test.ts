import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepairReportInput } from '../../core/repairs/schemas';
import { createReport } from '../../server/modules/repairs';
import { DEMO, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Repair reports name a room (docs/decisions/locations.md, Suggested rooms): a typed place is matched to a room on
 * the list, or suggests one. On SQLite and, with DATABASE_URL, on PostgreSQL.
 */
describe('repair reports name a room', () => {
  let app: TestApp;
  let faculty: string;
  let n = 0;
  const tag = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    app = await makeApp();
    faculty = await loginAs(app, 'faculty');
  });
  afterAll(() => app.close());

  const FORM = {
    building: 'Science Building',
    room: 'Chem Lab 2',
    priority: 'high',
    day: 'Wednesday',
    timeStart: '09:00',
    timeEnd: '11:00',
    issueDescription: 'Leaking pipe under the laboratory sink',
  };
  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/repairs', headers: { cookie: faculty }, payload: { ...FORM, ...payload } });
  const report = async (over: Record<string, unknown> = {}) => {
    const res = await post(over);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { id: number };
  };
  const row = (id: number) =>
    app.ctx.db.selectFrom('repair_reports').select(['room_id', 'building', 'room']).where('id', '=', id).executeTakeFirstOrThrow();
  const room = (id: number) =>
    app.ctx.db
      .selectFrom('rooms')
      .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
      .select(['rooms.name', 'rooms.suggested', 'rooms.code', 'buildings.name as building', 'buildings.code as buildingCode'])
      .where('rooms.id', '=', id)
      .executeTakeFirstOrThrow();
  const roomsNamed = (name: string) =>
    app.ctx.db
      .selectFrom('rooms')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .execute();

  it('a report on a known room gets its room, in any case and spacing, by name or code; the text stays as typed', async () => {
    const known = await app.ctx.db.selectFrom('rooms').select('id').where('code', '=', 'SCI-CHEM2').executeTakeFirstOrThrow();
    const a = await report();
    expect((await row(a.id)).room_id).toBe(known.id);
    const b = await report({ building: '  science   BUILDING ', room: 'chem  lab 2 ' });
    expect(await row(b.id)).toMatchObject({ room_id: known.id, building: 'science   BUILDING', room: 'chem  lab 2' });
    const c = await report({ building: 'sci', room: 'sci-chem2' });
    expect((await row(c.id)).room_id).toBe(known.id);
    expect((await room(known.id)).suggested).toBe(0);
  });

  it('an unknown place suggests its room, and its building when that is new too, with feed entries', async () => {
    const t = tag();
    const inKnown = await report({ room: `Storage ${t}` });
    const r1 = (await row(inKnown.id)).room_id!;
    expect(await room(r1)).toMatchObject({ name: `Storage ${t}`, suggested: 1, building: 'Science Building' });
    const fresh = await report({ building: ` North  Annex ${t} `, room: ' Lab   A ' });
    const r2 = (await row(fresh.id)).room_id!;
    expect(await room(r2)).toMatchObject({ name: 'Lab A', suggested: 1, building: `North Annex ${t}` });
    const feed = await app.ctx.db
      .selectFrom('activity')
      .select(['entity_type', 'entity_id'])
      .where('action_type', '=', 'location_update')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(feed.map((f) => f.entity_type).sort()).toEqual(['building', 'room']);
    // The API shows it suggested
    const admin = await loginAs(app, 'admin');
    const res = await app.inject({ method: 'GET', url: `/api/rooms/${r2}`, headers: { cookie: admin } });
    expect(res.json()).toMatchObject({ suggested: true, name: 'Lab A' });
    // the next report there finds it
    const again = await report({ building: `north annex ${t}`, room: 'LAB A' });
    expect((await row(again.id)).room_id).toBe(r2);
  });

  it('editing the place points the report at the new room', async () => {
    const t = tag();
    const r = await report();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/repairs/${r.id}`,
      headers: { cookie: faculty },
      payload: { ...FORM, room: `Closet ${t}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = await row(r.id);
    expect(await room(now.room_id!)).toMatchObject({ name: `Closet ${t}`, suggested: 1 });
  });

  it('reports on the same new place at once make one building and one room, on PostgreSQL without a deadlock', async () => {
    const me = await app.ctx.db.selectFrom('accounts').selectAll().where('email', '=', DEMO.faculty[0]).executeTakeFirstOrThrow();
    for (let round = 0; round < 40; round++) {
      const t = tag();
      const place = { building: `East Hall ${t}`, room: `Room ${t}` };
      const payloads = Array.from({ length: 10 }, (_, i) => (i === 1 ? { ...place, room: place.room.toUpperCase() } : place));
      // Straight to the service: through the HTTP layer the reports arrive too far apart to meet in the database.
      // Started a millisecond apart, so some find the new building while others still wait to insert it.
      const reports = await Promise.all(
        payloads.map(async (p, i) => {
          await new Promise((resolve) => setTimeout(resolve, i));
          return createReport(app.ctx, me, { ...FORM, ...p } as RepairReportInput);
        }),
      );
      const ids = await Promise.all(reports.map(async (r) => (await row(r.id)).room_id));
      expect(new Set(ids).size).toBe(1);
      expect(await roomsNamed(place.room)).toHaveLength(1);
      const buildings = await app.ctx.db.selectFrom('buildings').select('id').where('name', '=', place.building).execute();
      expect(buildings).toHaveLength(1);
    }
  });

  it('a new place whose made-up code is taken gets the next code', async () => {
    const t = tag();
    // both names make the code ZW: the second building gets ZW2, and its room another code
    const first = await report({ building: `Zq Wq${t}`, room: 'Hall' });
    const second = await report({ building: `Zq Wx${t}`, room: 'Hall' });
    const [a, b] = [await room((await row(first.id)).room_id!), await room((await row(second.id)).room_id!)];
    expect(a.buildingCode).not.toBe(b.buildingCode);
    expect(a.code).not.toBe(b.code);
  });

  it('staff confirm a suggested room, with a feed entry; the list filters to suggested rooms; faculty read but cannot confirm', async () => {
    const t = tag();
    const staff = await loginAs(app, 'staff');
    const r = await report({ building: `West Block ${t}`, room: 'Store A' });
    const roomId = (await row(r.id)).room_id!;
    const b = await room(roomId);
    const buildingId = (await app.ctx.db.selectFrom('rooms').select('building_id').where('id', '=', roomId).executeTakeFirstOrThrow())
      .building_id;
    await report({ building: `West Block ${t}`, room: 'Store B' });
    const get = (url: string, cookie = staff) => app.inject({ method: 'GET', url, headers: { cookie } });
    const list = await get(`/api/rooms?building=${buildingId}&show=suggested`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, counts: { building: 2, suggested: 2 } });
    expect(list.json().items.map((i: { suggested: boolean }) => i.suggested)).toEqual([true, true]);
    expect((await get(`/api/rooms?building=${buildingId}`, faculty)).json().total).toBe(2);

    const confirm = (cookie: string) => app.inject({ method: 'POST', url: `/api/rooms/${roomId}/confirm`, headers: { cookie } });
    expect((await confirm(faculty)).statusCode).toBe(403);
    const ok = await confirm(staff);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().room).toMatchObject({ id: roomId, suggested: false, name: b.name });
    const entry = await app.ctx.db.selectFrom('activity').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action_type: 'location_update', entity_type: 'room', entity_id: roomId });
    expect((await confirm(staff)).statusCode).toBe(200); // confirming again changes nothing
    const after = (await get(`/api/rooms?building=${buildingId}&show=suggested`)).json();
    expect(after).toMatchObject({ total: 1, counts: { building: 2, suggested: 1 } });
    expect((await app.inject({ method: 'POST', url: '/api/rooms/999999/confirm', headers: { cookie: staff } })).statusCode).toBe(404);
    expect((await get('/api/rooms?show=nope')).statusCode).toBe(400);
  });
  it('the office board narrows to a building or a room: its tabs count the place, the stats stay the whole list', async () => {
    const admin = await loginAs(app, 'admin');
    const t = tag();
    const first = await report({ building: `Filter Hall ${t}`, room: 'Room A' });
    const second = await report({ building: `Filter Hall ${t}`, room: 'Room B' });
    await report({ building: `Other Hall ${t}`, room: 'Room A' });
    const roomA = (await row(first.id)).room_id!;
    const building = (await app.ctx.db.selectFrom('rooms').select('building_id').where('id', '=', roomA).executeTakeFirstOrThrow())
      .building_id;
    const board = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/repairs?${query}`, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const whole = await board('pageSize=5');
    const inBuilding = await board(`building=${building}&pageSize=100`);
    expect(inBuilding.items.map((r: { id: number }) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(inBuilding.counts).toMatchObject({ all: 2, pending: 2 });
    expect(inBuilding.stats).toEqual(whole.counts);
    const inRoom = await board(`room=${roomA}&status=pending`);
    expect(inRoom.items.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(inRoom.total).toBe(1);
    // With a search too, and a room moved to another building leaves the building's list at once.
    expect((await board(`building=${building}&search=${encodeURIComponent('Room B')}`)).items.map((r: { id: number }) => r.id)).toEqual([
      second.id,
    ]);
    const other = await app.ctx.db.selectFrom('buildings').select('id').where('name', '=', `Other Hall ${t}`).executeTakeFirstOrThrow();
    await app.ctx.db
      .updateTable('rooms')
      .set({ building_id: other.id })
      .where('id', '=', (await row(second.id)).room_id!)
      .execute();
    expect((await board(`building=${building}`)).counts.all).toBe(1);
    const bad = await app.inject({ method: 'GET', url: '/api/repairs?building=abc', headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
  });
});
