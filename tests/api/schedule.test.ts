import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { SCHEDULE_DAY_SHOWN, weekStartOf } from '../../core/schedule/rules';
import { addDays, todayIn, weekdayOf } from '../../core/time';
import { login, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * The weekly schedule through the API (docs/decisions/weekly-schedule.md): the Add Schedule rules in the form's order, who may add
 * and who may read, the week grouped by weekday with the repair work of the week, and the counters. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('weekly schedule', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let faculty: string;
  let student: string;
  let electrician: string;
  let plumber: string;
  let plumberId: number;
  let electricianId: number;
  let facultyId: number;
  let today: string;
  /** A week of its own, far ahead, so the demo data does not count in it. */
  const WEEK = weekStartOf('2031-06-11');

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, faculty, student, electrician] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
      loginAs(app, 'personnel'),
    ]);
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    const idOf = async (email: string) =>
      (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    plumberId = await idOf('plumber@campus.test');
    electricianId = await idOf('electrician@campus.test');
    facultyId = await idOf('faculty@campus.test');
    today = todayIn(app.ctx.config.campusTimeZone);
  });
  afterAll(() => app.close());

  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as any });
  const FORM = () => ({
    week: WEEK,
    day: 'Wednesday',
    startTime: '09:00',
    endTime: '11:00',
    workType: 'Electrical inspection',
    personnelId: electricianId,
    location: 'Room 101',
    building: 'Engineering Building',
  });
  const add = async (over: Record<string, unknown> = {}, who = admin) => {
    const res = await send(who, 'POST', '/api/schedule', { ...FORM(), ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { message: string; entry: { id: number; date: string; day: string; personnelName: string; status: string } };
  };
  const week = async (who: string, w?: string) => {
    const res = await send(who, 'GET', `/api/schedule${w ? `?week=${w}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('adds an entry on the chosen day of the week, tied to the personnel account', async () => {
    const { message, entry } = await add();
    expect(message).toBe(MSG.scheduleAdded);
    expect(entry).toMatchObject({ date: addDays(WEEK, 2), day: 'Wednesday', personnelName: expect.any(String), status: 'scheduled' });
    const activity = await app.ctx.db
      .selectFrom('activity')
      .select(['action_type', 'description'])
      .where('action_type', '=', 'schedule_created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(activity.description).toContain('Electrical inspection');
    const notice = await app.ctx.db
      .selectFrom('notifications')
      .select('title')
      .where('account_id', '=', electricianId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.title).toBe('New task on your schedule');
  });

  /** The Add Schedule form's failures, each with the one message told (the first in the form's order). */
  const FORM_CASES = (): [Record<string, unknown>, string][] => [
    [{ day: '', startTime: '' }, MSG.scheduleMissingInformation],
    [{ workType: '   ' }, MSG.scheduleMissingInformation],
    [{ personnelId: null, building: '' }, MSG.schedulePersonnelRequired],
    [{ building: '' }, MSG.scheduleMissingInformation],
    [{ day: 'Funday', startTime: '9am' }, MSG.repairInvalidDay],
    [{ startTime: '9am' }, MSG.repairInvalidTime],
    [{ endTime: '24:00' }, MSG.repairInvalidTime],
    [{ startTime: '11:00', endTime: '11:00' }, MSG.repairEndBeforeStart],
    [{ startTime: '13:00', endTime: '08:30' }, MSG.repairEndBeforeStart],
    [{ location: 'x'.repeat(101) }, MSG.scheduleFieldTooLong('Location', 100)],
    [{ personnelId: facultyId }, MSG.scheduleNotPersonnel],
    [{ personnelId: 999999 }, MSG.scheduleNotPersonnel],
  ];

  it('checks the form in its order, first failure only', async () => {
    for (const [over, message] of FORM_CASES()) {
      const res = await send(admin, 'POST', '/api/schedule', { ...FORM(), ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.message, JSON.stringify(over)).toBe(message);
    }
    const res = await send(admin, 'POST', '/api/schedule', { ...FORM(), week: '2031-02-30' });
    expect(res.statusCode).toBe(400);
  });

  it('lets administrators and staff add; personnel, faculty, students and strangers are refused', async () => {
    await add({ workType: 'Staff check', startTime: '13:00', endTime: '14:00' }, staff);
    for (const who of [electrician, faculty, student]) expect((await send(who, 'POST', '/api/schedule', FORM())).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/schedule', payload: FORM() })).statusCode).toBe(401);
    for (const who of [faculty, student]) expect((await send(who, 'GET', '/api/schedule')).statusCode).toBe(403);
    expect((await send(electrician, 'GET', '/api/schedule/personnel')).statusCode).toBe(403);
    const people = (await send(admin, 'GET', '/api/schedule/personnel')).json().items as { id: number }[];
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([plumberId, electricianId]));
  });

  it('answers the week Monday first, grouped by weekday and ordered by start time, with the counters', async () => {
    const w = addDays(WEEK, 14);
    await add({
      week: w,
      day: 'Friday',
      startTime: '14:00',
      endTime: '15:00',
      personnelId: plumberId,
      location: 'Restroom',
      building: 'Library',
    });
    await add({ week: w, day: 'Friday', startTime: '08:00', endTime: '09:00' });
    await add({ week: w, day: 'Monday', startTime: '10:00', endTime: '12:00' });
    // Any day of the week names it.
    const body = await week(admin, addDays(w, 3));
    expect(body.weekStart).toBe(w);
    expect(body.weekEnd).toBe(addDays(w, 6));
    expect(body.isCurrentWeek).toBe(false);
    expect([body.previousWeek, body.nextWeek]).toEqual([addDays(w, -7), addDays(w, 7)]);
    expect(body.days.map((d: { day: string }) => d.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => addDays(w, i)));
    expect(body.days[4].items.map((i: { startTime: string }) => i.startTime)).toEqual(['08:00', '14:00']);
    expect(body.days[0].items).toHaveLength(1);
    expect(body.total).toBe(3);
    expect(body.summary).toEqual({
      totalTasks: 3,
      activePersonnel: 2,
      locations: 2,
      // New entries are scheduled: counted as such, not as pending tasks.
      byStatus: { pending: 0, scheduled: 3, 'in-progress': 0, completed: 0 },
    });
    expect(body.mine).toBeNull();
    expect(body.days.some((d: { isToday: boolean }) => d.isToday)).toBe(false);

    const mine = await week(plumber, w);
    expect(mine.mine).toEqual({ tasks: 1, byStatus: { pending: 0, scheduled: 1, 'in-progress': 0, completed: 0 } });
    expect(mine.days[4].items.map((i: { mine: boolean }) => i.mine)).toEqual([false, true]);
  });

  it('defaults to this week in the campus time zone with today highlighted', async () => {
    const body = await week(admin);
    expect(body.weekStart).toBe(weekStartOf(today));
    expect(body.isCurrentWeek).toBe(true);
    // The demo data puts the office's routine work and the assigned repairs on this week.
    const kinds = body.days.flatMap((d: { items: { kind: string }[] }) => d.items.map((i) => i.kind));
    expect(kinds.filter((k: string) => k === 'entry').length).toBeGreaterThanOrEqual(5);
    expect(kinds).toContain('repair');
    expect(body.days.filter((d: { isToday: boolean }) => d.isToday).map((d: { date: string; day: string }) => [d.date, d.day])).toEqual([
      [today, weekdayOf(today)],
    ]);
  });

  it('shows assigned repair work on its day of the week, beside the entries, for the office and the person assigned', async () => {
    const created = await send(faculty, 'POST', '/api/repairs', {
      building: 'Science Building',
      room: 'Room 204',
      priority: 'high',
      day: 'Thursday',
      timeStart: '09:00',
      timeEnd: '11:00',
      issueDescription: 'Leaking pipe on the schedule',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().report.id as number;
    const key = `repair-${id}`;
    const find = (body: any) => body.days.flatMap((d: any) => d.items).find((i: any) => i.key === key);

    // Pending work is not on the week yet.
    expect(find(await week(admin))).toBeUndefined();
    const assigned = await send(admin, 'POST', `/api/repairs/${id}/assign`, { assignedTo: plumberId });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const office = await week(admin);
    const item = find(office);
    expect(item).toMatchObject({
      kind: 'repair',
      code: `RPR-${id}`,
      day: 'Thursday',
      date: addDays(weekStartOf(today), 3),
      startTime: '09:00',
      endTime: '11:00',
      personnelId: plumberId,
      building: 'Science Building',
      location: 'Room 204',
      status: 'scheduled',
      priority: 'high',
      mine: false,
    });
    expect(office.days[3].items.map((i: any) => i.key)).toContain(key);

    expect(find(await week(plumber))).toMatchObject({ mine: true });
    expect(find(await week(electrician))).toMatchObject({ mine: false });
    // Not on another week.
    expect(find(await week(admin, addDays(weekStartOf(today), 7)))).toBeUndefined();
    expect(find(await week(admin, addDays(weekStartOf(today), -7)))).toBeUndefined();

    // Assigned for the preferred slot, the report shows it as scheduled too.
    expect(assigned.json().report).toMatchObject({ day: 'Thursday', scheduled: { day: 'Thursday', timeStart: '09:00', timeEnd: '11:00' } });
    // The office moves the work to another slot: the reporter's preference stays as asked; the week follows the slot.
    const moved = await send(admin, 'PUT', `/api/repairs/${id}/assignment`, {
      assignedTo: plumberId,
      day: 'Friday',
      timeStart: '13:00',
      timeEnd: '14:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().report).toMatchObject({
      day: 'Thursday',
      timeStart: '09:00',
      timeEnd: '11:00',
      scheduled: { day: 'Friday', timeStart: '13:00', timeEnd: '14:30' },
    });
    expect(find(await week(admin))).toMatchObject({
      day: 'Friday',
      date: addDays(weekStartOf(today), 4),
      startTime: '13:00',
      endTime: '14:30',
    });
    // A later edit that names only a day keeps the slot's times.
    const dayOnly = await send(admin, 'PUT', `/api/repairs/${id}/assignment`, { assignedTo: plumberId, day: 'Saturday' });
    expect(dayOnly.json().report.scheduled).toEqual({ day: 'Saturday', timeStart: '13:00', timeEnd: '14:30' });
    expect((await send(faculty, 'GET', `/api/repairs/${id}`)).json().report).toMatchObject({ day: 'Thursday', timeStart: '09:00' });
  });

  it("shows each day its first items, the viewer's own among them, pages the rest, and is fresh after every change", async () => {
    const w = addDays(WEEK, 28);
    const friday = addDays(w, 4);
    for (let h = 7; h < 7 + SCHEDULE_DAY_SHOWN + 2; h++)
      await add({ week: w, day: 'Friday', startTime: `${String(h).padStart(2, '0')}:00`, endTime: `${String(h).padStart(2, '0')}:30` });
    const office = await week(admin, w);
    const day = office.days[4];
    expect(day).toMatchObject({ date: friday, count: SCHEDULE_DAY_SHOWN + 2 });
    expect(day.items.map((i: any) => i.startTime)).toEqual(
      Array.from({ length: SCHEDULE_DAY_SHOWN }, (_, i) => `${String(7 + i).padStart(2, '0')}:00`),
    );
    expect(office.summary.totalTasks).toBe(SCHEDULE_DAY_SHOWN + 2);

    // Added after the week was read: the next read has it (the answer is kept only while nothing changes).
    await add({ week: w, day: 'Friday', startTime: '20:00', endTime: '21:00', personnelId: plumberId, workType: 'Late plumbing check' });
    expect((await week(admin, w)).days[4].count).toBe(SCHEDULE_DAY_SHOWN + 3);
    // The plumber's own task is among the day's shown items though it starts last.
    const mine = (await week(plumber, w)).days[4];
    expect(mine.items).toHaveLength(SCHEDULE_DAY_SHOWN);
    expect(mine.items.at(-1)).toMatchObject({ workType: 'Late plumbing check', mine: true });

    const page = async (n: number, who = admin) => send(who, 'GET', `/api/schedule/day?date=${friday}&page=${n}&pageSize=5`);
    const pages = await Promise.all([1, 2, 3].map(async (n) => (await page(n)).json()));
    expect(pages.map((p) => p.total)).toEqual([1, 2, 3].map(() => SCHEDULE_DAY_SHOWN + 3));
    const starts = pages.flatMap((p) => p.items.map((i: any) => i.startTime));
    expect(starts).toHaveLength(SCHEDULE_DAY_SHOWN + 3);
    expect([...starts].sort()).toEqual(starts);
    expect(pages[0]).toMatchObject({ day: 'Friday', date: friday });
    expect((await page(1, plumber)).statusCode).toBe(200);
    expect((await page(1, faculty)).statusCode).toBe(403);
    expect((await send(admin, 'GET', '/api/schedule/day?date=2031-02-30')).statusCode).toBe(400);

    // A rename shows at once on a day read before it.
    await app.ctx.db.updateTable('accounts').set({ full_name: 'Pedro Renamed Plumber' }).where('id', '=', plumberId).execute();
    expect((await page(3)).json().items.at(-1).personnelName).toBe('Pedro Renamed Plumber');
  });

  it('refuses a week that is not a date', async () => {
    for (const w of ['2031-13-01', 'next', '2031-6-9']) expect((await send(admin, 'GET', `/api/schedule?week=${w}`)).statusCode).toBe(400);
  });

  it('warns of a person scheduled twice at once (409 naming the clash) unless the request confirms it', async () => {
    const W = addDays(WEEK, 35);
    const { entry } = await add({ week: W, day: 'Tuesday', startTime: '09:00', endTime: '11:00', workType: 'Panel check' });
    const total = async () => (await week(admin, W)).total;
    const before = await total();
    const clash = await send(admin, 'POST', '/api/schedule', { ...FORM(), week: W, day: 'Tuesday', startTime: '10:30', endTime: '12:00' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('schedule_clash');
    expect(clash.json().error.message).toContain(
      'is already scheduled at that time: Panel check (09:00-11:00, Engineering Building - Room 101)',
    );
    expect(clash.json().clashes).toEqual([
      {
        key: `entry-${entry.id}`,
        workType: 'Panel check',
        date: addDays(W, 1),
        startTime: '09:00',
        endTime: '11:00',
        building: 'Engineering Building',
        location: 'Room 101',
      },
    ]);
    expect(await total()).toBe(before);
    // Touching ends, another person, another day: no clash.
    await add({ week: W, day: 'Tuesday', startTime: '11:00', endTime: '12:00', workType: 'After the check' });
    await add({ week: W, day: 'Tuesday', startTime: '10:00', endTime: '11:00', personnelId: plumberId });
    await add({ week: W, day: 'Wednesday', startTime: '10:00', endTime: '11:00' });
    // Confirmed: saved.
    const confirmed = await send(admin, 'POST', '/api/schedule', {
      ...FORM(),
      week: W,
      day: 'Tuesday',
      startTime: '10:30',
      endTime: '12:00',
      confirmClash: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);

    // An edit that moves an entry onto another is warned too; one that does not move it is not.
    const { entry: later } = await add({ week: W, day: 'Thursday', startTime: '09:00', endTime: '10:00', workType: 'Later' });
    const moveTo = (body: Record<string, unknown>) =>
      send(admin, 'PUT', `/api/schedule/${later.id}`, { ...FORM(), week: W, workType: 'Later', ...body });
    const moved = await moveTo({ day: 'Tuesday', startTime: '09:30', endTime: '10:00' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().clashes.map((c: { key: string }) => c.key)).toContain(`entry-${entry.id}`);
    expect((await moveTo({ day: 'Thursday', startTime: '09:00', endTime: '10:00', issueDescription: 'Unmoved' })).statusCode).toBe(200);
    expect((await moveTo({ day: 'Tuesday', startTime: '09:30', endTime: '10:00', confirmClash: true })).statusCode).toBe(200);
    // Once both are there, editing the entry's words does not ask again.
    expect((await moveTo({ day: 'Tuesday', startTime: '09:30', endTime: '10:00', issueDescription: 'Again' })).statusCode).toBe(200);
    // A completed entry is no clash.
    await send(admin, 'PUT', `/api/schedule/${entry.id}`, {
      ...FORM(),
      week: W,
      day: 'Tuesday',
      workType: 'Panel check',
      status: 'completed',
    });
    const free = await send(admin, 'POST', '/api/schedule', { ...FORM(), week: W, day: 'Tuesday', startTime: '09:00', endTime: '09:30' });
    expect(free.statusCode, free.body).toBe(201);
    // Bad input is still 400, never a clash.
    expect((await send(admin, 'POST', '/api/schedule', { ...FORM(), week: W, confirmClash: 'yes' })).statusCode).toBe(400);
  });

  it('warns of repair work assigned to the person at that time, naming the report', async () => {
    const created = await send(faculty, 'POST', '/api/repairs', {
      building: 'Clash Hall',
      room: 'Room 3',
      priority: 'low',
      day: weekdayOf(today),
      timeStart: '03:00',
      timeEnd: '04:00',
      issueDescription: 'A loose socket',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().report.id as number;
    expect((await send(admin, 'POST', `/api/repairs/${id}/assign`, { assignedTo: plumberId })).statusCode).toBe(200);
    const clash = await send(admin, 'POST', '/api/schedule', {
      ...FORM(),
      week: today,
      day: weekdayOf(today),
      startTime: '03:30',
      endTime: '05:00',
      personnelId: plumberId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().clashes).toEqual([
      expect.objectContaining({ key: `repair-${id}`, workType: `Repair RPR-${id}`, building: 'Clash Hall' }),
    ]);
  });

  describe('editing and deleting manual entries', () => {
    const W = addDays(WEEK, 42);
    const latest = (action: string) =>
      app.ctx.db
        .selectFrom('activity')
        .select(['action_type', 'description', 'actor_id', 'subject_id'])
        .where('action_type', '=', action)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const noticesOf = (accountId: number) =>
      app.ctx.db
        .selectFrom('notifications')
        .select(['title', 'message'])
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .execute();
    const items = (body: any) => body.days.flatMap((d: any) => d.items);
    const edit = (id: number, over: Record<string, unknown> = {}, who = admin) =>
      send(who, 'PUT', `/api/schedule/${id}`, { ...FORM(), week: W, ...over });

    it('edits the fields, moves the entry to another day, marks its status, and tells the person scheduled', async () => {
      const { entry } = await add({ week: W, workType: 'Panel check' });
      // Read before the edit: the next read has the edit (the week is kept only while nothing changes).
      expect(items(await week(admin, W)).find((i: any) => i.id === entry.id && i.kind === 'entry')).toMatchObject({ day: 'Wednesday' });
      const before = (await noticesOf(electricianId)).length;

      const res = await edit(entry.id, {
        day: 'Friday',
        startTime: '13:00',
        endTime: '15:30',
        workType: '  Panel replacement ',
        location: 'Room 102',
        building: 'Science Building',
        priority: 'high',
        issueDescription: 'Breaker trips',
        status: 'in-progress',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.scheduleUpdated);
      const want = {
        key: `entry-${entry.id}`,
        kind: 'entry',
        id: entry.id,
        date: addDays(W, 4),
        day: 'Friday',
        startTime: '13:00',
        endTime: '15:30',
        workType: 'Panel replacement',
        location: 'Room 102',
        building: 'Science Building',
        priority: 'high',
        issueDescription: 'Breaker trips',
        personnelId: electricianId,
        status: 'in-progress',
      };
      expect(res.json().entry).toMatchObject(want);

      const after = await week(admin, W);
      expect(after.days[2].items.map((i: any) => i.id)).not.toContain(entry.id);
      expect(after.days[4].items).toEqual([expect.objectContaining(want)]);
      // Work in progress is counted as in progress, not as a pending task.
      expect(after.summary.byStatus).toEqual({ pending: 0, scheduled: 0, 'in-progress': 1, completed: 0 });
      // The person scheduled sees it as theirs on the new day.
      expect((await week(electrician, W)).days[4].items[0]).toMatchObject({ id: entry.id, mine: true, status: 'in-progress' });

      const activity = await latest('schedule_updated');
      expect(activity.description).toContain('Panel replacement');
      expect(activity.description).toContain('In Progress');
      expect(activity.subject_id).toBe(electricianId);
      const notices = await noticesOf(electricianId);
      expect(notices.length).toBe(before + 1);
      expect(notices[0].title).toBe('Task on your schedule updated');
      expect(notices[0].message).toContain('Panel replacement');

      // Marked pending, it is a pending task; marked completed, a completed one; status left out keeps it.
      expect((await edit(entry.id, { day: 'Friday', status: 'pending' })).json().entry.status).toBe('pending');
      expect((await week(admin, W)).summary.byStatus).toEqual({ pending: 1, scheduled: 0, 'in-progress': 0, completed: 0 });
      expect((await edit(entry.id, { day: 'Friday', status: 'completed' })).json().entry.status).toBe('completed');
      expect((await week(admin, W)).summary.byStatus).toEqual({ pending: 0, scheduled: 0, 'in-progress': 0, completed: 1 });
      expect((await edit(entry.id, { day: 'Friday' })).json().entry.status).toBe('completed');
    });

    it("keeps the entry's own week when none is given, and moves it to the week given", async () => {
      const { entry } = await add({ week: W, day: 'Monday', workType: 'Week keeper' });
      const { week: _w, ...noWeek } = FORM();
      const kept = await send(admin, 'PUT', `/api/schedule/${entry.id}`, { ...noWeek, day: 'Tuesday' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().entry.date).toBe(addDays(W, 1));
      const moved = await edit(entry.id, { week: addDays(W, 7), day: 'Tuesday' });
      expect(moved.json().entry.date).toBe(addDays(W, 8));
      expect(items(await week(admin, W)).map((i: any) => i.id)).not.toContain(entry.id);
      expect(items(await week(admin, addDays(W, 7))).map((i: any) => i.id)).toContain(entry.id);
      expect((await send(admin, 'DELETE', `/api/schedule/${entry.id}`)).statusCode).toBe(204);
    });

    it('tells both the new person and the previous one when the entry is given to someone else', async () => {
      const { entry } = await add({ week: W, day: 'Thursday', workType: 'Handover job' });
      const res = await edit(entry.id, { day: 'Thursday', workType: 'Handover job', personnelId: plumberId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().entry).toMatchObject({ personnelId: plumberId, status: 'scheduled' });
      const [toPlumber] = await noticesOf(plumberId);
      expect(toPlumber).toMatchObject({ title: 'New task on your schedule', message: expect.stringContaining('Handover job') });
      const [toElectrician] = await noticesOf(electricianId);
      expect(toElectrician).toMatchObject({ title: 'Task removed from your schedule', message: expect.stringContaining('Handover job') });
      expect((await latest('schedule_updated')).subject_id).toBe(plumberId);
      expect((await week(electrician, W)).days[3].items.find((i: any) => i.id === entry.id)).toMatchObject({ mine: false });
      expect((await week(plumber, W)).days[3].items.find((i: any) => i.id === entry.id)).toMatchObject({ mine: true });
    });

    it('checks the edit with the Add Schedule rules, in their order, first failure only, and changes nothing', async () => {
      const { entry } = await add({ week: W, day: 'Saturday', workType: 'Unchanged job' });
      const activities = (await app.ctx.db.selectFrom('activity').select('id').execute()).length;
      for (const [over, message] of [...FORM_CASES(), [{ status: 'done' }, ''] as [Record<string, unknown>, string]]) {
        const res = await edit(entry.id, { day: 'Saturday', ...over });
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        if (message) expect(res.json().error.message, JSON.stringify(over)).toBe(message);
      }
      expect((await edit(entry.id, { week: '2031-02-30' })).statusCode).toBe(400);
      expect((await week(admin, W)).days[5].items.find((i: any) => i.id === entry.id)).toMatchObject({
        workType: 'Unchanged job',
        startTime: '09:00',
        personnelId: electricianId,
      });
      expect((await app.ctx.db.selectFrom('activity').select('id').execute()).length).toBe(activities);
    });

    it('deletes an entry: 204, gone from the week read before, with the activity and the person told', async () => {
      const { entry } = await add({ week: W, day: 'Sunday', workType: 'Short-lived job' });
      expect(items(await week(admin, W)).map((i: any) => i.id)).toContain(entry.id);
      const res = await send(admin, 'DELETE', `/api/schedule/${entry.id}`);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      expect(
        items(await week(admin, W))
          .filter((i: any) => i.kind === 'entry')
          .map((i: any) => i.id),
      ).not.toContain(entry.id);
      expect((await send(admin, 'GET', `/api/schedule/day?date=${addDays(W, 6)}`)).json().total).toBe(0);
      const activity = await latest('schedule_deleted');
      expect(activity.description).toContain('Short-lived job');
      expect(activity.subject_id).toBe(electricianId);
      expect((await noticesOf(electricianId))[0]).toMatchObject({
        title: 'Task removed from your schedule',
        message: expect.stringContaining('Short-lived job'),
      });
      // Gone: a second delete and an edit find nothing.
      expect((await send(admin, 'DELETE', `/api/schedule/${entry.id}`)).statusCode).toBe(404);
      expect((await edit(entry.id)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown id and for repair work, which is changed in Maintenance & Repairs', async () => {
      for (const res of [await edit(999999), await send(admin, 'DELETE', '/api/schedule/999999')]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: 'not_found', message: MSG.scheduleNotFound });
      }
      // Repair work on the week: its id names a repair report, not an entry. Entries and reports are numbered
      // apart, so an entry with the same number is taken away first; then the number names nothing here.
      const repair = items(await week(admin)).find((i: any) => i.kind === 'repair');
      expect(repair).toBeDefined();
      const namesake = await app.ctx.db.selectFrom('schedule_entries').select('id').where('id', '=', repair.id).executeTakeFirst();
      if (namesake) expect((await send(admin, 'DELETE', `/api/schedule/${repair.id}`)).statusCode).toBe(204);
      expect((await edit(repair.id, { status: 'completed' })).statusCode).toBe(404);
      expect((await send(admin, 'DELETE', `/api/schedule/${repair.id}`)).statusCode).toBe(404);
      expect(items(await week(admin)).find((i: any) => i.key === repair.key)).toEqual(repair);
    });

    it('lets administrators and staff edit and delete; personnel, faculty, students and strangers are refused', async () => {
      const { entry } = await add({ week: W, day: 'Tuesday', workType: 'Guarded job' });
      for (const who of [electrician, plumber, faculty, student]) {
        expect((await edit(entry.id, {}, who)).statusCode).toBe(403);
        expect((await send(who, 'DELETE', `/api/schedule/${entry.id}`)).statusCode).toBe(403);
      }
      expect((await app.inject({ method: 'PUT', url: `/api/schedule/${entry.id}`, payload: FORM() })).statusCode).toBe(401);
      expect((await app.inject({ method: 'DELETE', url: `/api/schedule/${entry.id}` })).statusCode).toBe(401);
      const staffEdit = await edit(entry.id, { day: 'Tuesday', workType: 'Guarded job (staff)' }, staff);
      expect(staffEdit.statusCode, staffEdit.body).toBe(200);
      expect((await send(staff, 'DELETE', `/api/schedule/${entry.id}`)).statusCode).toBe(204);
    });
  });
});
