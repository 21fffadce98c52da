import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { createDamageReport } from '../../server/modules/repairs';
import { eventually, FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * Reporting a repair as a person would: the preferred day and times optional, a photo of the problem, followers
 * seeing the story, and the office finding damage repairs at its own counter by the Building filter. On SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL or DATABASE_URL.
 */
describe('reporting a repair', () => {
  let app: TestApp;
  let admin: string;
  let faculty: string;
  let otherFaculty: string;
  let student: string;
  let plumber: string;

  beforeAll(async () => {
    app = await makeApp();
    [admin, faculty, student] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'faculty'), loginAs(app, 'student')]);
    otherFaculty = await login(app, 'mtan@campus.test', 'faculty123', 'user');
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
  });
  afterAll(() => app.close());

  const LEAK = { building: 'Science Building', room: 'Room 204', priority: 'medium', issueDescription: 'Water on the floor by the sink' };
  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });
  const report = async (over: Record<string, unknown> = {}) => {
    const res = await send(faculty, 'POST', '/api/repairs', { ...LEAK, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { id: number; day: string | null; timeStart: string | null; issuePhotoUrl: string | null };
  };
  const attach = (id: number, cookie: string, file?: { name: string; type: string; data: Buffer }) => {
    const body = multipart({}, file ? { photo: file } : {});
    return app.inject({ method: 'POST', url: `/api/repairs/${id}/photo`, headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const png = { name: 'leak.png', type: 'image/png', data: FILES.png };

  it('a leak can be reported for any time: the preferred day and times are optional, but both times or neither', async () => {
    const r = await report();
    expect(r).toMatchObject({ day: null, timeStart: null });
    expect((await report({ day: 'Friday', timeStart: '', timeEnd: '' })).day).toBe('Friday');
    const half = await send(faculty, 'POST', '/api/repairs', { ...LEAK, timeStart: '09:00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toBe(MSG.repairBothTimes);
    const wrongDay = await send(faculty, 'POST', '/api/repairs', { ...LEAK, day: 'Funday' });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().error.message).toBe(MSG.repairInvalidDay);
  });

  it('the reporter attaches a photo of the problem; the office sees it, strangers do not; only images, only while pending', async () => {
    const r = await report();
    expect(r.issuePhotoUrl).toBeNull();
    const ok = await attach(r.id, faculty, png);
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().report.issuePhotoUrl;
    expect(url).toBe(`/api/repairs/${r.id}/photo`);
    const seen = await send(admin, 'GET', url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect((await send(faculty, 'GET', `${url}?w=240`)).statusCode).toBe(200);
    // Someone else's report, or no report: not there.
    expect((await send(otherFaculty, 'GET', url)).statusCode).toBe(404);
    expect((await send(plumber, 'GET', url)).statusCode).toBe(404);
    expect((await attach(r.id, otherFaculty, png)).statusCode).toBe(404);
    expect((await attach(r.id, student, png)).statusCode).toBe(403);
    // Not an image, or no file: refused in words.
    const pdf = await attach(r.id, faculty, { name: 'leak.pdf', type: 'application/pdf', data: FILES.pdf });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe(MSG.proofInvalidType);
    const none = await attach(r.id, faculty);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(MSG.repairPhotoRequired);
    const fake = await attach(r.id, faculty, { name: 'leak.png', type: 'image/png', data: Buffer.from('not an image at all') });
    expect(fake.statusCode).toBe(400);

    // Assigned, the person assigned sees it; the reporter can no longer change it.
    const plumberId = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'plumber@campus.test').executeTakeFirstOrThrow()
    ).id;
    const assigned = await send(admin, 'POST', `/api/repairs/${r.id}/assign`, {
      assignedTo: plumberId,
      adminNotes: '',
      estimatedCost: null,
      day: 'Monday',
      timeStart: '09:00',
      timeEnd: '11:00',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The mails name the day with its date, in the campus format. They are written after the answer, once committed.
    const mailOfRepair = () =>
      app.ctx.db
        .selectFrom('outbox')
        .select('body')
        .where('to_address', '=', 'plumber@campus.test')
        // This repair's mail: the demo's own mails (a maintenance plan's scheduled job) may be written after it.
        .where('body', 'like', `RPR-${r.id} %`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    await eventually(async () => !!(await mailOfRepair()));
    expect((await mailOfRepair())?.body).toMatch(/Monday, [A-Z][a-z]{2} \d{1,2}, \d{4}, 09:00-11:00/);
    expect((await send(plumber, 'GET', url)).statusCode).toBe(200);
    const late = await attach(r.id, faculty, png);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('wrong_state');
  });

  it('a follower sees the report, its photo and its Timeline as the reporter does', async () => {
    const r = await report();
    expect((await attach(r.id, faculty, png)).statusCode).toBe(200);
    expect((await send(otherFaculty, 'GET', `/api/repairs/${r.id}/timeline`)).statusCode).toBe(404);
    const follow = await send(otherFaculty, 'POST', `/api/repairs/${r.id}/follow`);
    expect(follow.statusCode, follow.body).toBe(200);
    const timeline = await send(otherFaculty, 'GET', `/api/repairs/${r.id}/timeline`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json().items.map((i: { step: string }) => i.step)).toContain('Reported');
    expect((await send(otherFaculty, 'GET', `/api/repairs/${r.id}`)).statusCode).toBe(200);
    expect((await send(otherFaculty, 'GET', `/api/repairs/${r.id}/photo`)).statusCode).toBe(200);
    // Not following any more: not theirs to see.
    expect((await app.inject({ method: 'DELETE', url: `/api/repairs/${r.id}/follow`, headers: { cookie: otherFaculty } })).statusCode).toBe(
      200,
    );
    expect((await send(otherFaculty, 'GET', `/api/repairs/${r.id}/timeline`)).statusCode).toBe(404);
  });

  it("finds the repairs done at the office's own counter by the Building filter", async () => {
    const staffAccount = await app.ctx.db.selectFrom('accounts').selectAll().where('role', '=', 'admin').executeTakeFirstOrThrow();
    const id = await app.ctx.db.transaction().execute((trx) =>
      createDamageReport(app.ctx, trx, staffAccount, {
        requestId: 1,
        itemId: null,
        itemName: 'Extension cord',
        unitId: null,
        tag: null,
        quantity: 1,
        borrowerId: null,
        issue: 'Frayed cable found at the return',
        photoPath: null,
        priority: 'medium',
        trade: 'electrician',
        homeRoomId: null,
        officeName: 'General Services Office',
      }),
    );
    const other = await report();
    const list = await send(admin, 'GET', '/api/repairs?building=office&pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().items.map((i: { id: number }) => i.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(other.id);
    expect(list.json().items.every((i: { room: string }) => i.room === 'Office counter')).toBe(true);
    expect((await send(admin, 'GET', '/api/repairs?building=elsewhere')).statusCode).toBe(400);
  });

  it("the demo's repairs show different pictures before and after the work", async () => {
    const done = await app.ctx.db
      .selectFrom('repair_reports')
      .select(['id', 'start_proof_path', 'proof_path'])
      .where('start_proof_path', 'is not', null)
      .where('proof_path', 'is not', null)
      .execute();
    expect(done.length).toBeGreaterThan(1);
    for (const r of done) {
      const [before, after] = await Promise.all([app.ctx.files.read(r.start_proof_path!), app.ctx.files.read(r.proof_path!)]);
      expect(before!.buffer.equals(after!.buffer), `RPR-${r.id}`).toBe(false);
    }
  });
});
