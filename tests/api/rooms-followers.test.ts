import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * A room's page and following a report (docs/decisions/rooms-and-followers.md): the room by its code, its reports
 * for the office, its history, and faculty following an open report instead of filing a second one. On SQLite and,
 * with TEST_DATABASE_URL or DATABASE_URL, on PostgreSQL.
 */
describe('rooms and followers', () => {
  let app: TestApp;
  let faculty: string;
  let other: string;
  let admin: string;
  let personnel: string;
  let student: string;
  let n = 0;
  const tag = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    app = await makeApp();
    [faculty, other, admin, personnel, student] = await Promise.all([
      loginAs(app, 'faculty'),
      login(app, 'mtan@campus.test', 'faculty123', 'user'),
      loginAs(app, 'admin'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
    ]);
  });
  afterAll(() => app.close());

  const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const follow = (cookie: string, id: number, method: 'POST' | 'DELETE' = 'POST') =>
    app.inject({ method, url: `/api/repairs/${id}/follow`, headers: { cookie } });
  /** A report by `who` in a new room of the Science Building (suggested by the report itself). */
  const report = async (who: string, room: string, issue = 'Flickering lights over the front desk') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: who },
      payload: {
        building: 'Science Building',
        room,
        priority: 'medium',
        day: 'Wednesday',
        timeStart: '09:00',
        timeEnd: '11:00',
        issueDescription: issue,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { id: number; roomId: number; roomCode: string; followers: number };
  };
  const assign = async (id: number, status?: 'completed') => {
    const people = (await get(admin, '/api/repairs/personnel')).json().items as { id: number }[];
    const res = await app.inject({
      method: 'POST',
      url: `/api/repairs/${id}/assign`,
      headers: { cookie: admin },
      payload: {
        assignedTo: people[0].id,
        status,
        adminNotes: '',
        estimatedCost: 100,
        day: 'Monday',
        timeStart: '09:00',
        timeEnd: '10:00',
        ...(status === 'completed' ? { workDescription: 'Fixed', actualCost: 90 } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('reads a room by its code in any case, for every signed-in role; an unknown code is a clear 404', async () => {
    const r = await report(faculty, `Lab ${tag()}`);
    expect(r.roomCode).toMatch(/^SCI-/);
    for (const who of [faculty, admin, personnel, student]) {
      const res = await get(who, `/api/rooms/code/${r.roomCode.toLowerCase()}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: r.roomId, code: r.roomCode, buildingName: 'Science Building', suggested: true });
    }
    const missing = await get(faculty, '/api/rooms/code/NO-SUCH-ROOM');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain('NO-SUCH-ROOM');
    expect((await app.inject({ method: 'GET', url: `/api/rooms/code/${r.roomCode}` })).statusCode).toBe(401);
  });

  it('follow: faculty only, not one’s own, only open reports, twice changes nothing; unfollow likewise', async () => {
    const r = await report(faculty, `Office ${tag()}`);
    expect((await follow(faculty, r.id)).statusCode).toBe(409);
    expect((await follow(faculty, r.id)).json().error.message).toBe('This is your own report: you are told of its updates already.');
    expect((await follow(student, r.id)).statusCode).toBe(403);
    expect((await follow(admin, r.id)).statusCode).toBe(403);
    expect((await follow(other, 999999)).statusCode).toBe(404);

    const first = await follow(other, r.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ following: true, followers: 1 });
    expect((await follow(other, r.id)).json()).toMatchObject({ following: true, followers: 1 });
    const entries = await app.ctx.db
      .selectFrom('activity')
      .select('action_type')
      .where('entity_type', '=', 'repair_report')
      .where('entity_id', '=', r.id)
      .where('action_type', 'in', ['repair_followed', 'repair_unfollowed'])
      .execute();
    expect(entries.map((e) => e.action_type)).toEqual(['repair_followed']);

    const off = await follow(other, r.id, 'DELETE');
    expect(off.json()).toMatchObject({ following: false, followers: 0 });
    expect((await follow(other, r.id, 'DELETE')).json()).toMatchObject({ following: false, followers: 0 });
    expect((await follow(other, 999999, 'DELETE')).statusCode).toBe(404);

    // A completed report is not followed.
    await assign(r.id, 'completed');
    const late = await follow(other, r.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This report is completed: only open reports can be followed.');
  });

  it('following at once from two tabs makes one row and one feed entry, on either database', async () => {
    const r = await report(faculty, `Annex ${tag()}`);
    const answers = await Promise.all([follow(other, r.id), follow(other, r.id), follow(other, r.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await app.ctx.db.selectFrom('repair_followers').selectAll().where('report_id', '=', r.id).execute();
    expect(rows).toHaveLength(1);
    const entries = await app.ctx.db
      .selectFrom('activity')
      .select('id')
      .where('entity_id', '=', r.id)
      .where('action_type', '=', 'repair_followed')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('followers are told of the updates the reporter is told, see the report in My Reports, and are counted on the lists', async () => {
    const r = await report(faculty, `Hall ${tag()}`, 'Broken window latch in the hall');
    expect((await follow(other, r.id)).statusCode).toBe(200);
    await assign(r.id);
    const notices = await app.ctx.db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select(['accounts.email', 'notifications.title', 'notifications.message'])
      .where('notifications.entity_type', '=', 'repair_report')
      .where('notifications.entity_id', '=', r.id)
      .execute();
    expect(notices.find((x) => x.email === 'faculty@campus.test')?.title).toBe('Repair scheduled');
    const told = notices.find((x) => x.email === 'mtan@campus.test');
    expect(told?.message).toContain('The repair report you follow');
    expect(told?.message).toContain(`RPR-${r.id}`);

    const mine = (await get(other, `/api/repairs/mine?search=RPR-${r.id}`)).json();
    expect(mine.items.map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(mine.items[0]).toMatchObject({ followers: 1, reporterName: 'Dr. Teresa Gomez' });

    const office = (await get(admin, `/api/repairs?room=${r.roomId}`)).json();
    expect(office.items[0]).toMatchObject({ id: r.id, followers: 1, roomCode: r.roomCode });
    // Unfollowing shows at once, though the list is kept in memory between changes.
    await follow(other, r.id, 'DELETE');
    expect((await get(admin, `/api/repairs?room=${r.roomId}`)).json().items[0].followers).toBe(0);
    expect((await get(other, `/api/repairs/mine?search=RPR-${r.id}`)).json().items).toEqual([]);
  });

  it("a room's open reports for faculty: issue, status, date, no reporter; mine and following marked", async () => {
    const place = `Studio ${tag()}`;
    const a = await report(faculty, place, 'Projector does not turn on');
    const b = await report(other, place, 'Air conditioner drips');
    await follow(other, a.id);
    const res = await get(other, `/api/repairs/room/${a.roomId}/open`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(body.items[1]).toEqual({
      id: a.id,
      code: `RPR-${a.id}`,
      status: 'pending',
      issueDescription: 'Projector does not turn on',
      dateReported: expect.any(String),
      followers: 1,
      following: true,
      mine: false,
    });
    expect(body.items[0]).toMatchObject({ mine: true, following: false });
    expect(JSON.stringify(body)).not.toContain('Gomez');
    expect((await get(student, `/api/repairs/room/${a.roomId}/open`)).statusCode).toBe(403);
    expect((await get(other, '/api/repairs/room/999999/open')).statusCode).toBe(404);
  });

  it("a room's reports for the office and the personnel, open and past, and its history newest first", async () => {
    const place = `Room ${tag()}`;
    const a = await report(faculty, place, 'Door hinge squeaks');
    const b = await report(faculty, place, 'Ceiling fan wobbles');
    await assign(a.id, 'completed');
    await assign(b.id);
    for (const who of [admin, personnel]) {
      const open = await get(who, `/api/repairs/room/${a.roomId}?show=open`);
      expect(open.statusCode, open.body).toBe(200);
      expect(open.json().counts).toEqual({ open: 1, past: 1 });
      expect(open.json().items.map((x: { id: number }) => x.id)).toEqual([b.id]);
      const past = (await get(who, `/api/repairs/room/${a.roomId}?show=past`)).json();
      expect(past.items.map((x: { id: number }) => x.id)).toEqual([a.id]);
    }
    expect((await get(faculty, `/api/repairs/room/${a.roomId}`)).statusCode).toBe(403);

    // The week's schedule shows the room of its repair work, and a renamed room at once.
    type Week = { days: { items: { key: string; room: { id: number; code: string; name: string } | null }[] }[] };
    const slot = async () =>
      ((await get(admin, '/api/schedule')).json() as Week).days.flatMap((d) => d.items).find((i) => i.key === `repair-${b.id}`);
    const room = (await get(admin, `/api/rooms/${a.roomId}`)).json();
    expect((await slot())?.room).toEqual({ id: a.roomId, code: room.code, name: place });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/rooms/${a.roomId}`,
      headers: { cookie: admin },
      payload: { buildingId: room.buildingId, code: room.code, name: `${place} East`, floor: null, notes: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await slot())?.room?.name).toBe(`${place} East`);
    expect((await get(admin, '/api/repairs/room/999999')).statusCode).toBe(404);

    const history = await get(personnel, `/api/rooms/${a.roomId}/history?pageSize=100`);
    expect(history.statusCode, history.body).toBe(200);
    const h = history.json();
    const kinds = h.items.map((e: { kind: string; code: string }) => `${e.kind} ${e.code}`);
    expect(kinds).toContain(`reported RPR-${a.id}`);
    expect(kinds).toContain(`reported RPR-${b.id}`);
    expect(kinds).toContain(`scheduled RPR-${b.id}`);
    expect(kinds).toContain(`completed RPR-${a.id}`);
    expect(h.total).toBe(h.items.length);
    const times = h.items.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(h.items.find((e: { kind: string }) => e.kind === 'scheduled').when).toBe('Monday 09:00-10:00');
    // Paged: the second page of one continues the first.
    const p1 = (await get(admin, `/api/rooms/${a.roomId}/history?pageSize=1&page=1`)).json();
    const p2 = (await get(admin, `/api/rooms/${a.roomId}/history?pageSize=1&page=2`)).json();
    expect([p1.items[0].key, p2.items[0].key]).toEqual([h.items[0].key, h.items[1].key]);
    expect((await get(faculty, `/api/rooms/${a.roomId}/history`)).statusCode).toBe(403);
  });

  it('inspections made in the room are in its history', async () => {
    const place = `Lab ${tag()}`;
    const r = await report(faculty, place);
    const room = (await get(admin, `/api/rooms/${r.roomId}`)).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/inspections',
      headers: { cookie: admin },
      payload: { building: ' science building ', roomOffice: room.code.toLowerCase(), monthYear: 'November 2026', particulars: {} },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().inspection.id;
    const h = (await get(admin, `/api/rooms/${r.roomId}/history`)).json();
    expect(h.items[0]).toMatchObject({
      kind: 'inspected',
      inspectionId: id,
      code: `INS-${id}`,
      summary: 'November 2026: 0 problems found',
    });
    expect(h.total).toBe(2);
  });
});
