import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, startOfDayUtc, todayIn, weekOf } from '../../core/time';
import type { JobType } from '../../core/roles';
import { ADDED_PASSWORD, addAccount, loginAs, login, makeApp, type TestApp } from '../helpers';

/**
 * The dashboards' charts (docs/decisions/dashboard-charts.md), on SQLite and, with DATABASE_URL,
 * PostgreSQL. The test writes its own requests, loans and repairs at known times and counts what each chart should
 * show itself: for the office, what its rows add to the figures (the demo's are there too) and, for the averages,
 * a count over every row read back; for a personnel member and a borrower of its own, the whole figures.
 */
describe('dashboard charts', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let electrician: string;
  let faculty: string;
  let student: string;
  let tz: string;
  let today: string;

  const get = (cookie: string | null, url: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const DAY = 86_400_000;
  /** An instant n days (and h hours) ago. */
  const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000).toISOString();
  /** The period's first Monday, counted here without the server's rule: 89 days back, then back to Monday. */
  const fromOf = (days: number) => weekOf(addDays(today, -(days - 1))).start;
  /** The week (from 0) an instant falls in, on the campus calendar. */
  const weekOfInstant = (from: string, iso: string) => Math.floor(daysBetween(from, todayIn(tz, new Date(iso))) / 7);

  async function person(role: 'student' | 'faculty' | 'personnel', jobType: JobType | null = null) {
    const { id, email } = await addAccount(app, role, jobType);
    return { id, cookie: await login(app, email, ADDED_PASSWORD, role === 'personnel' ? 'personnel' : 'user') };
  }

  async function request(v: {
    accountId: number;
    status: string;
    createdAt: string;
    needed?: string;
    expected?: string;
    returnedAt?: string | null;
    lines?: { itemId: number | null; name: string; category: string }[];
  }) {
    const { id } = await app.ctx.db
      .insertInto('borrow_requests')
      .values({
        account_id: v.accountId,
        purpose: 'Chart test',
        date_needed: v.needed ?? today,
        date_expected_return: v.expected ?? today,
        status: v.status,
        proof_path: null,
        reject_reason: null,
        created_at: v.createdAt,
        decided_at: null,
        decided_by: null,
        returned_at: v.returnedAt ?? null,
        completed_at: null,
        reminded_at: null,
        auto_reminded_on: null,
        search_text: 'chart test',
        handed_out_at: null,
        series_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const l of v.lines ?? [])
      await app.ctx.db
        .insertInto('borrow_request_items')
        .values({
          request_id: id,
          item_id: l.itemId,
          item_name: l.name,
          category: l.category,
          quantity_requested: 1,
          quantity_approved: v.status === 'pending' || v.status === 'rejected' || v.status === 'cancelled' ? 0 : 1,
        })
        .execute();
    return id;
  }

  async function repair(v: {
    reporterId?: number | null;
    assignedTo?: number | null;
    priority?: string;
    createdAt: string;
    assignedAt?: string | null;
    completedAt?: string | null;
    rating?: number | null;
    ratedAt?: string | null;
  }) {
    await app.ctx.db
      .insertInto('repair_reports')
      .values({
        reporter_id: v.reporterId ?? null,
        building: 'Science Building',
        room: 'Chem Lab 2',
        issue_description: 'Chart test',
        priority: v.priority ?? 'medium',
        status: v.completedAt ? 'completed' : v.assignedTo ? 'assigned' : 'pending',
        day: null,
        time_start: null,
        time_end: null,
        assigned_to: v.assignedTo ?? null,
        estimated_cost_cents: null,
        actual_cost_cents: null,
        start_proof_path: null,
        proof_path: null,
        created_at: v.createdAt,
        updated_at: v.createdAt,
        assigned_at: v.assignedAt ?? null,
        started_at: null,
        completed_at: v.completedAt ?? null,
        date_completed: null,
        rating: v.rating ?? null,
        rating_comment: null,
        rated_at: v.ratedAt ?? null,
        room_id: null,
        respond_by: null,
        respond_soon: null,
        fix_by: null,
        fix_soon: null,
        held_at: null,
        hold_reason: null,
        soon_told: null,
        overdue_told: null,
      })
      .execute();
  }

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, electrician, faculty, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
    ]);
    tz = app.ctx.config.campusTimeZone;
    today = todayIn(tz);
  });
  afterAll(() => app.close());

  it('lets the office read the office charts, each person their own, and no one else; a bad period is a 400', async () => {
    for (const who of [admin, staff]) expect((await get(who, '/api/dashboard/charts/office')).statusCode).toBe(200);
    for (const who of [electrician, faculty, student]) expect((await get(who, '/api/dashboard/charts/office')).statusCode).toBe(403);
    expect((await get(null, '/api/dashboard/charts/office')).statusCode).toBe(401);
    expect((await get(electrician, '/api/dashboard/charts/personnel')).statusCode).toBe(200);
    for (const who of [admin, faculty]) expect((await get(who, '/api/dashboard/charts/personnel')).statusCode).toBe(403);
    for (const who of [faculty, student]) expect((await get(who, '/api/dashboard/charts/user')).statusCode).toBe(200);
    for (const who of [admin, electrician]) expect((await get(who, '/api/dashboard/charts/user')).statusCode).toBe(403);
    for (const bad of ['7', 'year', '', '%00'])
      for (const url of ['/api/dashboard/charts/office', '/api/dashboard/charts/personnel', '/api/dashboard/charts/user']) {
        const who = url.endsWith('office') ? admin : url.endsWith('personnel') ? electrician : faculty;
        const res = await get(who, `${url}?period=${bad}`);
        expect(res.statusCode, `${url} ${bad}`).toBe(400);
        expect(res.json().error.message).toMatch(/Period must be 30, 90 or term/);
      }
  });

  it('counts the periods in whole weeks from the Monday of their first day: 30 days, 90 days, and the term', async () => {
    const month = Number(today.slice(5, 7));
    const termStart = `${today.slice(0, 4)}-${month >= 8 ? '08' : month <= 5 ? '01' : '06'}-01`;
    for (const [period, first] of [
      ['30', addDays(today, -29)],
      ['90', addDays(today, -89)],
      ['term', termStart],
    ] as const) {
      const c = (await get(admin, `/api/dashboard/charts/office?period=${period}`)).json();
      const from = weekOf(first).start;
      expect(c).toMatchObject({ period, from, to: today, days: daysBetween(from, today) + 1 });
      const weeks = Math.floor(daysBetween(from, today) / 7) + 1;
      for (const key of ['requestsByOutcome', 'overdue', 'repairs']) {
        expect(c[key]).toHaveLength(weeks);
        expect(c[key].map((w: { week: string }) => w.week)).toEqual(Array.from({ length: weeks }, (_, i) => addDays(from, 7 * i)));
      }
    }
  });

  it("adds the test's own requests, loans and repairs to the office charts, week by week", async () => {
    const from = fromOf(90);
    const url = '/api/dashboard/charts/office?period=90';
    const before = (await get(admin, url)).json();
    const borrower = await person('student');

    // Requests of every outcome, at known times; one made before the period, which no chart counts.
    const made = [
      { status: 'pending', at: ago(1) },
      { status: 'approved', at: ago(3) },
      { status: 'completed', at: ago(20, 2) },
      { status: 'rejected', at: ago(20, 5) },
      { status: 'cancelled', at: ago(45) },
      { status: 'completed', at: ago(80) },
      { status: 'completed', at: ago(120) },
    ];
    for (const r of made) await request({ accountId: borrower.id, status: r.status, createdAt: r.at });

    // A new item and category, lent twice: days 40 to 31 ago (returned 31 days ago) and 10 days ago until now, overdue since 5 days ago.
    const { id: itemId } = await app.ctx.db
      .insertInto('items')
      .values({
        name: 'Chart Test Projector',
        description: null,
        category: 'Chart Test Category',
        quantity: 3,
        min_stock: 0,
        item_status: 'available',
        created_at: ago(200),
        photo_path: null,
        updated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = [{ itemId, name: 'Chart Test Projector', category: 'Chart Test Category' }];
    const firstReturn = ago(31);
    await request({
      accountId: borrower.id,
      status: 'completed',
      createdAt: ago(200),
      needed: addDays(today, -40),
      expected: addDays(today, -35),
      returnedAt: firstReturn,
      lines: line,
    });
    await request({
      accountId: borrower.id,
      status: 'approved',
      createdAt: ago(200),
      needed: addDays(today, -10),
      expected: addDays(today, -6),
      lines: line,
    });

    // Repairs: reported, and completed, at known times.
    const repairs = [
      { createdAt: ago(2), completedAt: null },
      { createdAt: ago(9), completedAt: ago(1) },
      { createdAt: ago(60), completedAt: ago(58) },
      { createdAt: ago(100), completedAt: ago(70) },
    ];
    for (const r of repairs) await repair(r);

    const after = (await get(admin, url)).json();

    // Requests per week by outcome: what was there, and the test's own in the week each was made.
    const expectedOutcome = structuredClone(before.requestsByOutcome);
    for (const r of made) {
      const w = weekOfInstant(from, r.at);
      if (r.at >= startOfDayUtc(from, tz)) expectedOutcome[w][r.status]++;
    }
    expect(after.requestsByOutcome).toEqual(expectedOutcome);

    // Repairs opened and closed per week.
    const expectedRepairs = structuredClone(before.repairs);
    for (const r of repairs) {
      if (r.createdAt >= startOfDayUtc(from, tz)) expectedRepairs[weekOfInstant(from, r.createdAt)].opened++;
      if (r.completedAt && r.completedAt >= startOfDayUtc(from, tz)) expectedRepairs[weekOfInstant(from, r.completedAt)].closed++;
    }
    expect(after.repairs).toEqual(expectedRepairs);

    // Overdue at each week's end (today for this week): a loan from the day after its expected return until the day it is back.
    const backDay = todayIn(tz, new Date(firstReturn));
    const ours = [
      { expected: addDays(today, -35), back: backDay },
      { expected: addDays(today, -6), back: null },
    ];
    const expectedOverdue = before.overdue.map((o: { week: string; overdue: number }) => {
      const sunday = addDays(o.week, 6);
      const end = sunday < today ? sunday : today;
      return { week: o.week, overdue: o.overdue + ours.filter((l) => l.expected < end && (l.back === null || l.back > end)).length };
    });
    expect(expectedOverdue.at(-1).overdue - before.overdue.at(-1).overdue).toBe(1);
    expect(after.overdue).toEqual(expectedOverdue);

    // The item was out on days -40..-31 (10 days, the day back counted) and -10..0 (11 days): 21 of the period's 90 days
    // (its own days, not the weeks' from the Monday before).
    const days = 90;
    const outDays = daysBetween(addDays(today, -40), backDay) + 1 + 11;
    const row = {
      key: String(itemId),
      label: 'Chart Test Projector',
      category: 'Chart Test Category',
      days: outDays,
      share: Math.round((outDays / days) * 100),
    };
    const inMost = after.usage.items.most.find((m: { key: string }) => m.key === String(itemId));
    expect(inMost).toEqual(row);
    expect(after.usage.categories.most.find((m: { key: string }) => m.key === 'Chart Test Category')).toEqual({
      ...row,
      key: 'Chart Test Category',
      label: 'Chart Test Category',
    });
    // Least used: items never lent in the period come first (share 0), and the lists are at most five long.
    expect(after.usage.items.least.length).toBeLessThanOrEqual(5);
    expect(after.usage.items.least.every((l: { days: number }) => l.days <= inMost.days)).toBe(true);
  });

  it('counts the usage over the period’s own days, and never lists one among both the most and the least used', async () => {
    for (const [period, days] of [
      ['30', 30],
      ['90', 90],
    ] as const) {
      const c = (await get(admin, `/api/dashboard/charts/office?period=${period}`)).json();
      expect(c).toMatchObject({ first: addDays(today, -(days - 1)), periodDays: days });
      for (const u of [c.usage.items, c.usage.categories]) {
        const most = new Set(u.most.map((r: { key: string }) => r.key));
        expect(u.least.filter((r: { key: string }) => most.has(r.key))).toEqual([]);
        for (const r of [...u.most, ...u.least]) expect(r.share).toBe(Math.round((r.days / days) * 100));
        expect(Math.max(0, ...u.most.map((r: { days: number }) => r.days))).toBeLessThanOrEqual(days);
      }
    }
  });

  it('averages fix time by priority and rating by trade over the rows of the period, counted here', async () => {
    const plumber = await person('personnel', 'plumber');
    const carpenter = await person('personnel', 'carpenter');
    await repair({ priority: 'high', createdAt: ago(5), completedAt: ago(4, 12), assignedTo: plumber.id, rating: 5, ratedAt: ago(4) });
    await repair({ priority: 'high', createdAt: ago(6), completedAt: ago(3), assignedTo: carpenter.id, rating: 2, ratedAt: ago(2) });
    await repair({ priority: 'low', createdAt: ago(40), completedAt: ago(20), assignedTo: plumber.id, rating: 4, ratedAt: ago(19) });
    await repair({ priority: 'low', createdAt: ago(200), completedAt: ago(150), assignedTo: plumber.id, rating: 1, ratedAt: ago(140) });

    const since = startOfDayUtc(fromOf(30), tz);
    const c = (await get(admin, '/api/dashboard/charts/office?period=30')).json();
    const rows = await app.ctx.db
      .selectFrom('repair_reports as rr')
      .leftJoin('accounts as a', 'a.id', 'rr.assigned_to')
      .select(['rr.priority', 'rr.created_at', 'rr.completed_at', 'rr.rating', 'rr.rated_at', 'a.job_type'])
      .execute();
    const round1 = (v: number) => Math.round(v * 10) / 10;
    for (const p of ['high', 'medium', 'low']) {
      const done = rows.filter((r) => r.priority === p && r.completed_at && r.completed_at >= since);
      const hours = done.map((r) => (Date.parse(r.completed_at!) - Date.parse(r.created_at)) / 3_600_000);
      expect(c.fixTime.find((f: { priority: string }) => f.priority === p)).toMatchObject({
        repairs: done.length,
        averageHours: done.length ? round1(hours.reduce((a, b) => a + b, 0) / done.length) : null,
      });
    }
    const rated = rows.filter((r) => r.rating !== null && r.rated_at && r.rated_at >= since);
    const trades = [...new Set(rated.map((r) => r.job_type ?? 'none'))];
    expect(c.ratings.map((r: { trade: string }) => r.trade).sort()).toEqual(trades.sort());
    for (const t of trades) {
      const mine = rated.filter((r) => (r.job_type ?? 'none') === t);
      expect(c.ratings.find((r: { trade: string }) => r.trade === t)).toMatchObject({
        ratings: mine.length,
        average: round1(mine.reduce((a, r) => a + r.rating!, 0) / mine.length),
      });
    }
    expect(c.ratings.find((r: { trade: string }) => r.trade === 'plumber').ratings).toBeGreaterThanOrEqual(2);
  });

  it('shows a personnel member their own jobs per week and their rating, and a borrower their own requests and reports', async () => {
    const from = fromOf(90);
    const me = await person('personnel', 'electrician');
    const someoneElse = await person('personnel', 'electrician');
    const jobs = [
      { createdAt: ago(3), assignedAt: ago(2), completedAt: ago(1), rating: 5, ratedAt: ago(1) },
      { createdAt: ago(3), assignedAt: ago(2, 3), completedAt: null, rating: null, ratedAt: null },
      { createdAt: ago(30), assignedAt: ago(29), completedAt: ago(25), rating: 3, ratedAt: ago(24) },
      { createdAt: ago(30), assignedAt: ago(29), completedAt: ago(22), rating: 4, ratedAt: ago(22) },
      { createdAt: ago(150), assignedAt: ago(140), completedAt: ago(130), rating: 1, ratedAt: ago(120) },
    ];
    for (const j of jobs) await repair({ ...j, assignedTo: me.id });
    await repair({ createdAt: ago(3), assignedAt: ago(2), completedAt: ago(1), rating: 1, ratedAt: ago(1), assignedTo: someoneElse.id });

    const c = (await get(me.cookie, '/api/dashboard/charts/personnel?period=90')).json();
    const since = startOfDayUtc(from, tz);
    const weeks = Math.floor(daysBetween(from, today) / 7) + 1;
    const expectedJobs = Array.from({ length: weeks }, (_, i) => ({ week: addDays(from, 7 * i), assigned: 0, completed: 0 }));
    const ratingWeeks = Array.from({ length: weeks }, () => [] as number[]);
    for (const j of jobs) {
      if (j.assignedAt >= since) expectedJobs[weekOfInstant(from, j.assignedAt)].assigned++;
      if (j.completedAt && j.completedAt >= since) expectedJobs[weekOfInstant(from, j.completedAt)].completed++;
      if (j.ratedAt && j.ratedAt >= since) ratingWeeks[weekOfInstant(from, j.ratedAt)].push(j.rating!);
    }
    expect(c.jobs).toEqual(expectedJobs);
    const avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
    expect(c.rating).toEqual({
      average: avg([5, 3, 4]),
      ratings: 3,
      weeks: ratingWeeks.map((xs, i) => ({ week: addDays(from, 7 * i), ratings: xs.length, average: avg(xs) })),
    });

    // A borrower: their requests and the repairs they reported, per week; another person's do not count.
    const borrower = await person('faculty');
    const other = await person('faculty');
    const requests = [ago(0, 1), ago(8), ago(8, 4), ago(50), ago(100)];
    const reports = [ago(2), ago(60), ago(61)];
    for (const at of requests) await request({ accountId: borrower.id, status: 'pending', createdAt: at });
    for (const at of reports) await repair({ reporterId: borrower.id, createdAt: at });
    await request({ accountId: other.id, status: 'pending', createdAt: ago(1) });
    await repair({ reporterId: other.id, createdAt: ago(1) });
    const u = (await get(borrower.cookie, '/api/dashboard/charts/user?period=90')).json();
    const expected = Array.from({ length: weeks }, (_, i) => ({ week: addDays(from, 7 * i), requests: 0, reports: 0 }));
    for (const at of requests) if (at >= since) expected[weekOfInstant(from, at)].requests++;
    for (const at of reports) if (at >= since) expected[weekOfInstant(from, at)].reports++;
    expect(u.weeks).toEqual(expected);
    expect(u.weeks.reduce((a: number, w: { requests: number }) => a + w.requests, 0)).toBe(4);
  });
});
