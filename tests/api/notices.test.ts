/**
 * The bell and the feed (docs/decisions/notifications.md): an unread count that follows new entries, a person's
 * account events seen only by them and the office desk, and links that open the thing an entry is about.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_MAX } from '../../core/activity/notices';
import { weekStartOf } from '../../core/schedule/rules';
import { todayIn, weekdayOf } from '../../core/time';
import { login, loginAs, makeApp, type TestApp } from '../helpers';
import { newItem, requestId } from '../borrowing';

type Entry = { description: string; link: string | null; entityType: string | null; entityId: number | null };

describe('notices and the feed', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let electrician: string;
  let plumber: string;
  let student: string;
  let faculty: string;
  let electricianId: number;
  let staffId: number;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, electrician, student, faculty] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
      loginAs(app, 'faculty'),
    ]);
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    electricianId = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'electrician@campus.test').executeTakeFirstOrThrow()
    ).id;
    staffId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'staff@campus.test').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => app.close());

  const get = async (cookie: string, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const bell = (cookie: string) => get(cookie, '/api/notifications') as Promise<{ unread: number; items: (Entry & { message: string })[] }>;
  const feed = async (cookie: string) => (await get(cookie, '/api/activity?pageSize=50')).items as Entry[];
  /** The link of the newest entry about the thing. */
  const linkOf = (entries: Entry[], id: number, type = 'borrow_request') =>
    entries.find((e) => e.entityType === type && e.entityId === id)?.link;
  const markRead = (cookie: string) => app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie } });

  it('counts every new entry in the office bell, beyond the 21 it used to stop at, up to 99+', async () => {
    // The demo's history by others, never marked read: more than the bell lists.
    expect((await bell(staff)).unread).toBeGreaterThan(21);
    // From nothing read: 30 entries by others, then a request, all counted.
    await markRead(staff);
    for (let i = 0; i < 30; i++) {
      await app.ctx.activity.record(
        { actorId: null, subjectId: null, entity: null },
        { actionType: 'test_event', description: `Early ${i}` },
      );
    }
    expect((await bell(staff)).unread).toBe(30);
    await requestId(app, student, [[await newItem(app, { quantity: 5 }), 1]]);
    expect((await bell(staff)).unread).toBe(31);

    // Past 99 it says so (100 stands for "more than 99"), and marking read starts again from nothing.
    for (let i = 0; i < UNREAD_MAX; i++) {
      await app.ctx.activity.record(
        { actorId: null, subjectId: null, entity: null },
        { actionType: 'test_event', description: `Event ${i}` },
      );
    }
    expect((await bell(staff)).unread).toBe(UNREAD_MAX + 1);
    await markRead(staff);
    expect((await bell(staff)).unread).toBe(0);
    await requestId(app, student, [[await newItem(app, { quantity: 5 }), 1]]);
    expect((await bell(staff)).unread).toBe(1);

    // An entry written in the very millisecond of the mark is still new.
    await markRead(staff);
    const { seen_at } = await app.ctx.db
      .selectFrom('office_bell')
      .select('seen_at')
      .where('account_id', '=', staffId)
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('activity')
      .values({
        actor_id: null,
        subject_id: null,
        entity_type: null,
        entity_id: null,
        action_type: 'test_event',
        description: 'Same moment',
        created_at: seen_at!,
      })
      .execute();
    expect((await bell(staff)).unread).toBe(1);
  });

  it("keeps a person's account events to them and the office desk, out of colleagues' feeds and bells", async () => {
    const password = await app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { cookie: plumber },
      payload: { currentPassword: 'personnel123', newPassword: 'plumber456', confirmPassword: 'plumber456' },
    });
    expect(password.statusCode, password.body).toBe(200);
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: plumber },
      payload: { fullName: 'Lito Mendoza', email: 'plumber@campus.test', contactNumber: '09171234599', jobType: 'plumber' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const accountEvents = (entries: { description?: string; message?: string }[]) =>
      entries
        .map((e) => e.description ?? e.message)
        .filter((d) => /^Lito Mendoza (changed their password|updated their profile)$/.test(d!));

    // A colleague sees neither, in the dashboard feed or in the bell.
    expect(accountEvents(await feed(electrician))).toEqual([]);
    expect(accountEvents((await bell(electrician)).items)).toEqual([]);
    // The person sees their own; administrators and staff see both, in the feed and the bell.
    expect(accountEvents(await feed(plumber))).toHaveLength(2);
    for (const desk of [admin, staff]) {
      expect(accountEvents(await feed(desk))).toHaveLength(2);
      expect(accountEvents((await bell(desk)).items)).toHaveLength(2);
    }
    // Colleagues still see the office's work.
    const id = await requestId(app, student, [[await newItem(app, { quantity: 5 }), 1]]);
    expect((await feed(electrician)).some((e) => e.entityId === id)).toBe(true);
  });

  it('links each entry and notice to the screen that shows that very thing, in the reader’s portal', async () => {
    const item = await newItem(app, { quantity: 5, name: 'Linked ladder' });
    const id = await requestId(app, student, [[item, 1]]);
    const code = `REQ-${id}`;
    expect(linkOf((await bell(admin)).items, id)).toBe(`/admin/requests?q=${code}`);
    expect(linkOf((await bell(electrician)).items, id)).toBe(`/personnel/requests?q=${code}`);
    expect(linkOf(await feed(admin), id)).toBe(`/admin/requests?q=${code}`);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/approve`,
      headers: { cookie: admin },
      payload: { items: [item] },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(linkOf((await bell(student)).items, id)).toBe(`/users/requests?q=${code}`);
    expect(linkOf(await feed(student), id)).toBe(`/users/requests?q=${code}`);

    // A repair report: the reporter's notice opens it among their reports; the office's entry on its board.
    const day = weekdayOf(todayIn(app.ctx.config.campusTimeZone));
    const made = await app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: faculty },
      payload: {
        building: 'Library',
        room: 'Room 2',
        priority: 'low',
        day,
        timeStart: '09:00',
        timeEnd: '10:00',
        issueDescription: 'A loose door hinge.',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const report = made.json().report as { id: number; code: string };
    const assigned = await app.inject({
      method: 'POST',
      url: `/api/repairs/${report.id}/assign`,
      headers: { cookie: admin },
      payload: { status: 'scheduled', assignedTo: electricianId, day, timeStart: '09:00', timeEnd: '10:00' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(linkOf((await bell(faculty)).items, report.id, 'repair_report')).toBe(`/users/report-repairs?view=mine&q=${report.code}`);
    expect(linkOf(await feed(admin), report.id, 'repair_report')).toBe(`/admin/maintenance-repairs?q=${report.code}`);
    expect(linkOf(await feed(electrician), report.id, 'repair_report')).toBe(`/personnel/maintenance-repairs?q=${report.code}`);

    // A schedule entry opens its week; a designation the designations card; an item its inventory search; an
    // account its user list (the office desk only).
    const entry = await app.inject({
      method: 'POST',
      url: '/api/schedule',
      headers: { cookie: admin },
      payload: {
        week: '2031-06-09',
        day: 'Wednesday',
        startTime: '09:00',
        endTime: '11:00',
        workType: 'Linked inspection',
        personnelId: electricianId,
        location: 'Room 101',
        building: 'Engineering Building',
      },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const entryId = entry.json().entry.id as number;
    expect(weekStartOf('2031-06-11')).toBe('2031-06-09');
    expect(linkOf(await feed(admin), entryId, 'schedule_entry')).toBe('/admin/schedule?week=2031-06-11');
    expect(linkOf(await feed(electrician), entryId, 'schedule_entry')).toBe('/personnel/schedule?week=2031-06-11');

    const designated = await app.inject({
      method: 'POST',
      url: '/api/designations',
      headers: { cookie: admin },
      payload: { personnelId: electricianId, designation: 'Linked wing' },
    });
    expect(designated.statusCode, designated.body).toBe(201);
    const latest = async (cookie: string) => (await feed(cookie))[0]!;
    expect(await latest(admin)).toMatchObject({
      description: expect.stringContaining('Linked wing'),
      link: '/admin#personnel-designations',
    });
    expect(await latest(electrician)).toMatchObject({ link: '/personnel#personnel-designations' });

    const status = await app.inject({
      method: 'PUT',
      url: `/api/items/${item}/status`,
      headers: { cookie: admin },
      payload: { itemStatus: 'damaged' },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(linkOf(await feed(admin), item, 'item')).toBe('/admin/inventory?q=Linked+ladder');
    expect(linkOf(await feed(electrician), item, 'item')).toBe('/personnel/inventory?q=Linked+ladder');

    const profile = await app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: electrician },
      payload: { fullName: 'Ramon Dela Cruz', email: 'electrician@campus.test', contactNumber: '09171234503', jobType: 'electrician' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(linkOf(await feed(admin), electricianId, 'account')).toBe('/admin/users/personnel?q=electrician%40campus.test');
    expect(linkOf(await feed(electrician), electricianId, 'account')).toBeNull();
  });
});
