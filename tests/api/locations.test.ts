import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { loginAs, makeApp, type TestApp } from '../helpers';

/** Buildings and rooms (docs/decisions/locations.md), on SQLite and, with DATABASE_URL, on PostgreSQL. */
describe('locations: buildings and rooms', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let faculty: string;
  let n = 0;
  const tag = () => `${++n}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, faculty] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'faculty'),
    ]);
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie = admin, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });
  const addBuilding = async (over: Record<string, unknown> = {}) => {
    const t = tag();
    const res = await call('POST', '/api/buildings', admin, { code: `B${t}`, name: `Building ${t}`, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().building as { id: number; code: string; name: string };
  };
  const addRoom = async (buildingId: number, over: Record<string, unknown> = {}) => {
    const t = tag();
    const res = await call('POST', '/api/rooms', admin, { buildingId, code: `R${t}`, name: `Room ${t}`, floor: '2nd', ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().room as { id: number; code: string; name: string };
  };
  const lastFeed = () => app.ctx.db.selectFrom('activity').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('the demo campus has its buildings, and the demo reports point at their rooms', async () => {
    const res = await call('GET', '/api/buildings', personnel);
    expect(res.statusCode).toBe(200);
    const sci = res.json().items.find((b: { code: string }) => b.code === 'SCI');
    expect(sci).toMatchObject({ name: 'Science Building', roomCount: 3 });
    const unlinked = await app.ctx.db.selectFrom('repair_reports').select('id').where('room_id', 'is', null).execute();
    expect(unlinked).toEqual([]);
  });

  it('adds a building and a room, tidied, with feed entries; edits them', async () => {
    const t = tag();
    const res = await call('POST', '/api/buildings', staff, { code: ` x${t} `, name: `  North   Wing ${t} `, notes: '  ' });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().building;
    expect(b).toMatchObject({ code: `X${t}`, name: `North Wing ${t}`, notes: null, roomCount: 0 });
    expect(await lastFeed()).toMatchObject({ action_type: 'location_update', entity_type: 'building', entity_id: b.id });
    const room = await addRoom(b.id, { name: ' Lab  1 ', floor: ' ' });
    expect(room).toMatchObject({ name: 'Lab 1', floor: null, buildingId: b.id, buildingCode: `X${t}` });
    expect(await lastFeed()).toMatchObject({ entity_type: 'room', entity_id: room.id });
    const edited = await call('PUT', `/api/rooms/${room.id}`, admin, {
      buildingId: b.id,
      code: room.code,
      name: 'Lab One',
      floor: 'Ground',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().room).toMatchObject({ name: 'Lab One', floor: 'Ground' });
    const one = await call('GET', `/api/rooms/${room.id}`, personnel);
    expect(one.json()).toMatchObject({ id: room.id, name: 'Lab One' });
    const renamed = await call('PUT', `/api/buildings/${b.id}`, admin, { code: b.code, name: `East Wing ${t}` });
    expect(renamed.json().building).toMatchObject({ name: `East Wing ${t}`, roomCount: 1 });
  });

  it('checks every field in the form order', async () => {
    const b = await addBuilding();
    const cases: [unknown, string][] = [
      [{}, MSG.buildingCodeRequired],
      [{ code: 'has space', name: '' }, MSG.buildingCodeInvalid(10)],
      [{ code: 'ABCDEFGHIJK', name: 'x' }, MSG.buildingCodeInvalid(10)],
      [{ code: 'OK1', name: '   ' }, MSG.buildingNameRequired],
      [{ code: 'OK1', name: 'x'.repeat(101) }, MSG.buildingNameTooLong(100)],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/buildings', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const roomCases: [unknown, string][] = [
      [{ code: 'A', name: 'B' }, MSG.roomBuildingRequired],
      [{ buildingId: b.id, name: 'B' }, MSG.roomCodeRequired],
      [{ buildingId: b.id, code: 'A/B', name: 'B' }, MSG.roomCodeInvalid(30)],
      [{ buildingId: b.id, code: 'AB', name: '' }, MSG.roomNameRequired],
      [{ buildingId: b.id, code: 'AB', name: 'B', floor: 'x'.repeat(21) }, MSG.floorTooLong(20)],
      [{ buildingId: b.id, code: 'AB', name: 'B', notes: 'x'.repeat(501) }, MSG.locationNotesTooLong(500)],
    ];
    for (const [body, message] of roomCases) {
      const res = await call('POST', '/api/rooms', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await call('POST', '/api/rooms', admin, { buildingId: 999999, code: 'ZZ1', name: 'x' })).statusCode).toBe(404);
  });

  it('keeps codes unique, building names unique in any case, and room names unique in their building', async () => {
    const b = await addBuilding();
    const other = await addBuilding();
    expect((await call('POST', '/api/buildings', admin, { code: b.code.toLowerCase(), name: 'Another' })).statusCode).toBe(409);
    const sameName = await call('POST', '/api/buildings', admin, { code: `Q${tag()}`, name: b.name.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.message).toBe(MSG.buildingNameTaken(b.name.toUpperCase()));
    const room = await addRoom(b.id, { name: 'Storage' });
    const dupName = await call('POST', '/api/rooms', admin, { buildingId: b.id, code: `C${tag()}`, name: 'STORAGE' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().error.message).toBe(MSG.roomNameTaken('STORAGE', b.name));
    await addRoom(other.id, { name: 'Storage' }); // another building may have one
    expect((await call('POST', '/api/rooms', admin, { buildingId: other.id, code: room.code, name: 'Else' })).statusCode).toBe(409);
  });

  it('refuses deleting a building with rooms and a room repair reports name, saying how many', async () => {
    const b = await addBuilding();
    const room = await addRoom(b.id);
    const refused = await call('DELETE', `/api/buildings/${b.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'building_has_rooms', message: MSG.buildingHasRooms(b.name, 1) });
    const report = await app.ctx.db.selectFrom('repair_reports').select('id').limit(2).execute();
    await app.ctx.db
      .updateTable('repair_reports')
      .set({ room_id: room.id })
      .where(
        'id',
        'in',
        report.map((r) => r.id),
      )
      .execute();
    const inUse = await call('DELETE', `/api/rooms/${room.id}`, staff);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toEqual({ code: 'room_in_use', message: MSG.roomInUse(room.name, 2) });
    expect(MSG.roomInUse('X', 1)).toContain('1 repair report names it');
    const free = await addRoom(b.id);
    expect((await call('DELETE', `/api/rooms/${free.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/rooms/${free.id}`)).statusCode).toBe(404);
    const empty = await addBuilding();
    expect((await call('DELETE', `/api/buildings/${empty.id}`)).statusCode).toBe(200);
  });

  it('lists rooms paged with search over room and building, a building filter and counts', async () => {
    const t = tag();
    const b = await addBuilding({ name: `Zeta Hall ${t}` });
    for (const name of ['Alpha', 'Beta', 'Gamma']) await addRoom(b.id, { name: `${name} ${t}` });
    const byBuilding = (await call('GET', `/api/rooms?search=${encodeURIComponent(`Zeta Hall ${t}`)}&pageSize=2`, personnel)).json();
    expect(byBuilding.total).toBe(3);
    expect(byBuilding.items.map((r: { name: string }) => r.name)).toEqual([`Alpha ${t}`, `Beta ${t}`]);
    const page2 = (await call('GET', `/api/rooms?search=${encodeURIComponent(`Zeta Hall ${t}`)}&pageSize=2&page=2`)).json();
    expect(page2.items.map((r: { name: string }) => r.name)).toEqual([`Gamma ${t}`]);
    const filtered = (await call('GET', `/api/rooms?building=${b.id}&search=beta`)).json();
    expect(filtered).toMatchObject({ total: 1, counts: { building: 1 } });
    expect(filtered.counts.all).toBeGreaterThanOrEqual(1);
    const code = (await call('GET', `/api/rooms?search=CHEM2`)).json();
    expect(code.items.map((r: { code: string }) => r.code)).toEqual(['SCI-CHEM2']);
  });

  it('two people adding the same building or room at once: one is added, the other told why (409), never 500', async () => {
    const t = tag();
    const same = { code: `K${t}`, name: `Twin ${t}` };
    const both = await Promise.all([call('POST', '/api/buildings', admin, same), call('POST', '/api/buildings', staff, same)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Code and name both clash: whichever the loser's check meets first is named (the checks and the unique
    // indexes race on PostgreSQL).
    expect([MSG.buildingCodeTaken(`K${t}`), MSG.buildingNameTaken(`Twin ${t}`)]).toContain(
      both.find((r) => r.statusCode === 409)!.json().error.message,
    );
    const b = both.find((r) => r.statusCode === 201)!.json().building;
    const room = { buildingId: b.id, code: `K${t}-1`, name: 'Twin Room' };
    const rooms = await Promise.all([call('POST', '/api/rooms', admin, room), call('POST', '/api/rooms', staff, room)]);
    expect(rooms.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets the office and faculty (the repair form) read, and only staff and administrators write', async () => {
    expect((await call('GET', '/api/rooms', faculty)).statusCode).toBe(200);
    expect((await call('GET', '/api/buildings', faculty)).statusCode).toBe(200);
    expect((await call('POST', '/api/buildings', faculty, { code: 'F1', name: 'F' })).statusCode).toBe(403);
    const student = await loginAs(app, 'student');
    expect((await call('GET', '/api/rooms', student)).statusCode).toBe(403);
    expect((await call('GET', '/api/buildings', student)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/rooms' })).statusCode).toBe(401);
    expect((await call('POST', '/api/buildings', personnel, { code: 'P1', name: 'P' })).statusCode).toBe(403);
    expect((await call('POST', '/api/rooms', personnel, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/locations/export.csv', personnel)).statusCode).toBe(403);
    expect((await call('POST', '/api/locations/import', personnel, { csv: '' })).statusCode).toBe(403);
  });

  it('answers hostile input with 4xx, never 5xx', async () => {
    const bodies = [
      null,
      [],
      'text',
      { code: { $ne: 1 }, name: ['x'] },
      { code: 'A\u0000B', name: 'x' },
      { code: "'; drop table buildings; --", name: 'x' },
      { buildingId: 'one', code: 'A', name: 'B' },
      { buildingId: 1e20, code: 'A', name: 'B' },
      { buildingId: -1, code: 'A', name: 'B' },
    ];
    for (const body of bodies) {
      for (const url of ['/api/buildings', '/api/rooms', '/api/buildings/1', '/api/rooms/1']) {
        const res = await call(url.endsWith('1') ? 'PUT' : 'POST', url, admin, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        // A building body with a stray field is a good building; everything else here is refused.
        if (!(url === '/api/buildings' && body && typeof body === 'object' && 'buildingId' in body))
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      }
    }
    for (const url of [
      '/api/rooms/abc',
      '/api/rooms/99999999999',
      '/api/rooms?building=x',
      '/api/rooms?pageSize=1000',
      '/api/rooms?search=%25_%5C',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await call('POST', '/api/locations/import/preview', admin, { csv: 'a,"b\n' })).json().fileError).toMatch(/could not be read/);
  });

  describe('CSV', () => {
    const header = 'Building Code,Building Name,Room Code,Room Name,Floor,Notes';

    it('previews, then imports every row in one transaction: new buildings, new rooms, updates by code', async () => {
      const t = tag();
      const csv = [
        header,
        `SCI,,SCI-101,Room 101,1st,Updated note ${t}`,
        `N${t},New Block ${t},N${t}-1,Studio ${t},3rd,`,
        `N${t},New Block ${t},N${t}-2,Annex ${t},,`,
        `SCI,Science Building,SCI-FR,Faculty Room,1st,`,
      ].join('\r\n');
      const preview = (await call('POST', '/api/locations/import/preview', staff, { csv })).json();
      expect(preview).toMatchObject({ errors: 0, creates: 2, updates: 1, newBuildings: 1, fileError: null });
      expect(preview.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create', 'create', 'unchanged']);
      expect(await app.ctx.db.selectFrom('buildings').select('id').where('code', '=', `N${t}`).executeTakeFirst()).toBeUndefined();
      const done = await call('POST', '/api/locations/import', staff, { csv });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ created: 2, updated: 1, buildings: 1 });
      const rooms = (await call('GET', `/api/rooms?search=N${t}`)).json();
      expect(rooms.items.map((r: { name: string }) => r.name).sort()).toEqual([`Annex ${t}`, `Studio ${t}`]);
      const exported = await call('GET', `/api/locations/export.csv?search=N${t}`, staff);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toMatch(/text\/csv/);
      expect(
        exported.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean),
      ).toEqual([header, `N${t},New Block ${t},N${t}-2,Annex ${t},,`, `N${t},New Block ${t},N${t}-1,Studio ${t},3rd,`]);
    });

    it('imports nothing while any row is wrong, and shows each row its error', async () => {
      const t = tag();
      const csv = [
        header,
        `G${t},Good ${t},G${t}-1,Fine,,`,
        `SCI,Wrong Name,G${t}-2,Other,,`,
        `H${t},,H${t}-1,No building name,,`,
        `G${t},Good ${t},G${t}-1,Twice,,`,
        `G${t},Good ${t},G${t}-3,fine,,`,
        `SCI,,G${t}-4,chem lab 2,,`,
        `G${t},Good ${t},,No code,,`,
        `=cmd(),Formula,F-1,F,,`,
      ].join('\n');
      const preview = (await call('POST', '/api/locations/import/preview', admin, { csv })).json();
      expect(preview.rows.map((r: { error: string | null }) => r.error)).toEqual([
        null,
        MSG.locationsCsvBuildingNameDiffers('SCI', 'Science Building'),
        MSG.locationsCsvNewBuildingName,
        MSG.locationsCsvDuplicateRoom(2),
        MSG.locationsCsvDuplicateName(2),
        MSG.roomNameTaken('chem lab 2', 'Science Building'),
        MSG.roomCodeRequired,
        MSG.buildingCodeInvalid(10),
      ]);
      const refused = await call('POST', '/api/locations/import', admin, { csv });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_csv');
      expect(await app.ctx.db.selectFrom('buildings').select('id').where('code', '=', `G${t}`).executeTakeFirst()).toBeUndefined();
    });

    it('names missing columns and an empty file', async () => {
      const missing = (await call('POST', '/api/locations/import/preview', admin, { csv: 'Building Code,Room Name\nA,B' })).json();
      expect(missing.fileError).toBe(MSG.csvMissingColumns(['Room Code']));
      const empty = (await call('POST', '/api/locations/import/preview', admin, { csv: header })).json();
      expect(empty.fileError).toBe(MSG.locationsCsvEmpty);
    });
  });
});
