import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { addDays, formatDateTimeIn, todayIn } from '../../core/time';
import { pdfPages } from './pdfText';
import { FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * Repair reports end to end through the API (docs/decisions/server-decides.md, repairs-lifecycle.md): every transition and every refusal, and two
 * people acting on the same report at once (exactly one wins). Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('repair reports', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let faculty: string;
  let otherFaculty: string;
  let student: string;
  let electrician: string;
  let plumber: string;
  let plumberId: number;
  let electricianId: number;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, faculty, student, electrician] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
      loginAs(app, 'personnel'),
    ]);
    otherFaculty = await login(app, 'mtan@campus.test', 'faculty123', 'user');
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    const idOf = async (email: string) =>
      (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    plumberId = await idOf('plumber@campus.test');
    electricianId = await idOf('electrician@campus.test');
  });
  afterAll(() => app.close());

  const FORM = {
    building: 'Science Building',
    room: 'Room 204',
    priority: 'high',
    day: 'Wednesday',
    timeStart: '09:00',
    timeEnd: '11:00',
    issueDescription: 'Leaking pipe under the laboratory sink',
  };
  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as any });
  const report = async (over: Record<string, unknown> = {}, who = faculty) => {
    const res = await send(who, 'POST', '/api/repairs', { ...FORM, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { id: number; code: string; status: string };
  };
  const assign = (id: number, body: Record<string, unknown> = {}, who = admin) =>
    send(who, 'POST', `/api/repairs/${id}/assign`, { assignedTo: plumberId, estimatedCost: 350.5, adminNotes: 'Bring a wrench', ...body });
  const proof = (file: { name: string; type: string; data: Buffer } | null, fields: Record<string, string> = {}) =>
    multipart(fields, file ? { proof: file } : {});
  const png = { name: 'proof.png', type: 'image/png', data: FILES.png };
  const start = (id: number, who = plumber, file: typeof png | null = png) => {
    const body = proof(file);
    return app.inject({
      method: 'POST',
      url: `/api/repairs/${id}/start`,
      headers: { cookie: who, ...body.headers },
      payload: body.payload,
    });
  };
  const complete = (id: number, description: string, who = plumber, file: typeof png | null = png) => {
    const body = proof(file, description ? { workDescription: description } : {});
    return app.inject({
      method: 'POST',
      url: `/api/repairs/${id}/complete`,
      headers: { cookie: who, ...body.headers },
      payload: body.payload,
    });
  };
  const statusOf = async (id: number) =>
    (await app.ctx.db.selectFrom('repair_reports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const noticesOf = async (email: string) =>
    app.ctx.db
      .selectFrom('notifications as n')
      .innerJoin('accounts as a', 'a.id', 'n.account_id')
      .select(['n.title', 'n.message', 'n.entity_type', 'n.entity_id'])
      .where('a.email', '=', email)
      .where('n.entity_type', '=', 'repair_report')
      .execute();
  const activityOf = async (id: number) =>
    (
      await app.ctx.db
        .selectFrom('activity')
        .select('action_type')
        .where('entity_type', '=', 'repair_report')
        .where('entity_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((a) => a.action_type);

  it('the demo data fills every tab, counter and portal', async () => {
    const office = (await send(admin, 'GET', '/api/repairs')).json();
    for (const tab of ['pending', 'scheduled', 'in-progress', 'completed']) expect(office.counts[tab], tab).toBeGreaterThan(0);
    expect(office.highPriority).toBeGreaterThan(0);
    const done = (await send(admin, 'GET', '/api/repairs?status=completed')).json().items;
    expect(done.every((r: { proofUrl: string | null }) => r.proofUrl)).toBe(true);
    expect(done.some((r: { rating: number | null }) => r.rating !== null)).toBe(true);
    expect(done.some((r: { rating: number | null }) => r.rating === null)).toBe(true);
    for (const who of [plumber, electrician]) expect((await send(who, 'GET', '/api/repairs/assigned')).json().total).toBeGreaterThan(0);
    const mine = (await send(faculty, 'GET', '/api/repairs/mine')).json();
    expect(new Set(mine.items.map((r: { status: string }) => r.status)).size).toBe(4);
    const feed = (await send(admin, 'GET', '/api/activity?pageSize=50')).json().items;
    expect(feed.some((e: { actionType: string }) => e.actionType === 'maintenance_completed')).toBe(true);
  });

  describe('reporting', () => {
    it('faculty report a repair: pending, in the feed', async () => {
      const r = await report();
      expect(r).toMatchObject({ status: 'pending', code: `RPR-${r.id}` });
      const res = await send(faculty, 'GET', `/api/repairs/${r.id}`);
      expect(res.json().report).toMatchObject({ building: 'Science Building', room: 'Room 204', priority: 'high', day: 'Wednesday' });
      expect(await activityOf(r.id)).toEqual(['repair_report_created']);
    });

    it('students cannot report repairs, nor see My Reports', async () => {
      expect((await send(student, 'POST', '/api/repairs', FORM)).statusCode).toBe(403);
      expect((await send(student, 'GET', '/api/repairs/mine')).statusCode).toBe(403);
      expect((await send(electrician, 'POST', '/api/repairs', FORM)).statusCode).toBe(403);
    });

    it.each([
      ['no building', { building: '  ' }, MSG.repairMissingInformation],
      ['no room', { room: '' }, MSG.repairMissingInformation],
      ['no issue', { issueDescription: ' ' }, MSG.repairMissingInformation],
      // The preferred day and times are optional (any time), but both times or neither.
      ['an end time without a start time', { timeStart: '' }, MSG.repairBothTimes],
      ['a day that is not a weekday', { day: 'Someday' }, MSG.repairInvalidDay],
      ['a time that is not HH:MM', { timeStart: '25:00' }, MSG.repairInvalidTime],
      ['the end before the start', { timeStart: '11:00', timeEnd: '10:30' }, MSG.repairEndBeforeStart],
      ['the end at the start', { timeEnd: '09:00' }, MSG.repairEndBeforeStart],
    ])('refuses a report with %s', async (_, over, message) => {
      const res = await send(faculty, 'POST', '/api/repairs', { ...FORM, ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    });

    it('medium is the default priority', async () => {
      const { priority: _, ...rest } = FORM;
      const res = await send(faculty, 'POST', '/api/repairs', rest);
      expect(res.json().report.priority).toBe('medium');
    });

    it('the reporter edits and deletes only their own pending reports', async () => {
      const r = await report();
      const edited = await send(faculty, 'PUT', `/api/repairs/${r.id}`, { ...FORM, room: 'Room 205', priority: 'low' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().report).toMatchObject({ room: 'Room 205', priority: 'low' });
      expect((await send(otherFaculty, 'PUT', `/api/repairs/${r.id}`, FORM)).statusCode).toBe(404);
      expect((await send(otherFaculty, 'DELETE', `/api/repairs/${r.id}`)).statusCode).toBe(404);
      expect((await send(otherFaculty, 'GET', `/api/repairs/${r.id}`)).statusCode).toBe(404);
      expect((await send(faculty, 'PUT', `/api/repairs/${r.id}`, { ...FORM, room: '' })).statusCode).toBe(400);
      expect((await send(faculty, 'DELETE', `/api/repairs/${r.id}`)).statusCode).toBe(204);
      expect((await send(faculty, 'GET', `/api/repairs/${r.id}`)).statusCode).toBe(404);
      expect((await send(faculty, 'DELETE', `/api/repairs/${r.id}`)).statusCode).toBe(404);
      expect(await activityOf(r.id)).toEqual(['repair_report_created', 'repair_report_updated', 'repair_report_deleted']);
    });
  });

  describe('the lifecycle', () => {
    it('assign, start with proof, complete with description and proof, rate: with every refusal on the way', async () => {
      const r = await report();

      // Assign: administrators only, a status and a personnel account, pesos with two decimals.
      expect((await assign(r.id, {}, plumber)).statusCode).toBe(403);
      expect((await assign(r.id, {}, faculty)).statusCode).toBe(403);
      const missing = await send(admin, 'POST', `/api/repairs/${r.id}/assign`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(MSG.assignStatusAndPersonnel);
      const facultyId = (await send(faculty, 'GET', `/api/repairs/${r.id}`)).json().report.reporterId;
      expect((await assign(r.id, { assignedTo: facultyId })).json().error.message).toBe(MSG.notPersonnelAccount);
      expect((await assign(r.id, { estimatedCost: 10.555 })).json().error.message).toBe(MSG.costInvalid('Estimated cost'));
      // A negative amount is refused in words, not as a bare schema failure.
      const negative = await assign(r.id, { estimatedCost: -50 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.message).toBe(MSG.costInvalid('Estimated cost'));
      expect((await assign(r.id, { timeStart: '10:00', timeEnd: '09:00' })).json().error.message).toBe(MSG.repairEndBeforeStart);
      expect((await assign(r.id, { timeStart: '10:00' })).json().error.message).toBe(MSG.repairBothTimes);
      expect((await start(r.id)).statusCode).toBe(404); // not assigned to the plumber yet

      const assigned = await assign(r.id, { day: 'Thursday', timeStart: '13:00', timeEnd: '15:30' });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json().report).toMatchObject({
        status: 'scheduled',
        assignedTo: plumberId,
        assignedName: 'Lito Mendoza',
        estimatedCost: 350.5,
        adminNotes: 'Bring a wrench',
        // The reporter's preference stays as asked; the office's slot is kept beside it.
        day: 'Wednesday',
        timeStart: '09:00',
        timeEnd: '11:00',
        scheduled: { day: 'Thursday', timeStart: '13:00', timeEnd: '15:30' },
      });
      expect((await noticesOf('plumber@campus.test')).some((n) => n.entity_id === r.id && n.title === 'Repair assigned to you')).toBe(true);
      const told = (await noticesOf('faculty@campus.test')).find((n) => n.entity_id === r.id && n.title === 'Repair scheduled');
      expect(told?.message).toMatch(/scheduled for Thursday, [A-Z][a-z]{2} \d{1,2}, \d{4}, 13:00-15:30/);

      // No longer the reporter's to change; not assignable twice.
      expect((await send(faculty, 'PUT', `/api/repairs/${r.id}`, FORM)).statusCode).toBe(409);
      expect((await send(faculty, 'DELETE', `/api/repairs/${r.id}`)).statusCode).toBe(409);
      const again = await assign(r.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('wrong_state');

      // Start: only the assigned person, with an image.
      expect((await start(r.id, electrician)).statusCode).toBe(404);
      expect((await start(r.id, admin)).statusCode).toBe(403);
      const noProof = await start(r.id, plumber, null);
      expect(noProof.statusCode).toBe(400);
      expect(noProof.json().error).toMatchObject({ code: 'proof_required', message: MSG.proofOfWorkRequired });
      const pdf = await start(r.id, plumber, { name: 'proof.pdf', type: 'application/pdf', data: FILES.pdf });
      expect(pdf.json().error).toMatchObject({ code: 'invalid_file_type', message: MSG.proofInvalidType });
      const disguised = await start(r.id, plumber, { name: 'proof.png', type: 'image/png', data: FILES.text });
      expect(disguised.json().error.code).toBe('invalid_file_type');
      const big = await start(r.id, plumber, {
        name: 'big.png',
        type: 'image/png',
        data: Buffer.concat([FILES.png, Buffer.alloc(5 * 1024 * 1024)]),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.message).toBe(MSG.proofTooLarge);
      expect((await complete(r.id, 'Too early')).statusCode).toBe(409);
      expect(await statusOf(r.id)).toBe('scheduled');

      const started = await start(r.id);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().report).toMatchObject({ status: 'in-progress' });
      expect(started.json().report.startProofUrl).toBe(`/api/repairs/${r.id}/start-proof`);
      expect((await start(r.id)).statusCode).toBe(409);
      expect((await noticesOf('faculty@campus.test')).some((n) => n.entity_id === r.id && n.title === 'Repair in progress')).toBe(true);

      // Notes and actual cost.
      expect((await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { actualCost: 1.234 })).statusCode).toBe(400);
      const negativeActual = await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { actualCost: -50 });
      expect(negativeActual.json().error).toMatchObject({ code: 'invalid_input', message: MSG.costInvalid('Actual cost') });
      expect((await send(electrician, 'PUT', `/api/repairs/${r.id}/work`, { personnelNotes: 'x' })).statusCode).toBe(404);
      const work = await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { personnelNotes: 'Replaced the trap', actualCost: 420 });
      expect(work.json().report).toMatchObject({ personnelNotes: 'Replaced the trap', actualCost: 420 });

      // Complete: a description and an image.
      const noText = await complete(r.id, '   ');
      expect(noText.statusCode).toBe(400);
      expect(noText.json().error.message).toBe(MSG.workDescriptionRequired);
      expect((await complete(r.id, 'Fixed', plumber, null)).json().error.code).toBe('proof_required');
      expect((await complete(r.id, 'Fixed', electrician)).statusCode).toBe(404);
      const done = await complete(r.id, 'Replaced the P-trap and resealed the joints.');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().report).toMatchObject({
        status: 'completed',
        workDescription: 'Replaced the P-trap and resealed the joints.',
        proofUrl: `/api/repairs/${r.id}/proof`,
      });
      expect(done.json().report.dateCompleted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await complete(r.id, 'Again')).statusCode).toBe(409);

      // The photo: the reporter, the assignee and admins see it; nobody else.
      for (const who of [faculty, plumber, admin, staff]) {
        const photo = await send(who, 'GET', `/api/repairs/${r.id}/proof`);
        expect(photo.statusCode).toBe(200);
        expect(photo.headers['content-type']).toBe('image/png');
      }
      expect((await send(otherFaculty, 'GET', `/api/repairs/${r.id}/proof`)).statusCode).toBe(404);
      expect((await send(electrician, 'GET', `/api/repairs/${r.id}/proof`)).statusCode).toBe(404);

      // Rating: the reporter, once, 1-5.
      expect((await send(otherFaculty, 'POST', `/api/repairs/${r.id}/rating`, { stars: 5 })).statusCode).toBe(404);
      expect((await send(faculty, 'POST', `/api/repairs/${r.id}/rating`, { stars: 6 })).statusCode).toBe(400);
      expect((await send(faculty, 'POST', `/api/repairs/${r.id}/rating`, { stars: 0 })).statusCode).toBe(400);
      const rated = await send(faculty, 'POST', `/api/repairs/${r.id}/rating`, { stars: 4, comment: 'Quick and clean' });
      expect(rated.statusCode, rated.body).toBe(200);
      expect(rated.json().report).toMatchObject({ rating: 4, ratingComment: 'Quick and clean' });
      const twice = await send(faculty, 'POST', `/api/repairs/${r.id}/rating`, { stars: 1 });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(MSG.alreadyRated);
      const people = (await send(admin, 'GET', '/api/repairs/personnel')).json().items;
      expect(people.find((p: { id: number }) => p.id === plumberId).ratings).toBeGreaterThanOrEqual(1);
      expect(people.every((p: { id: number }) => p.id !== facultyId)).toBe(true);

      expect(await activityOf(r.id)).toEqual([
        'repair_report_created',
        'task_assigned',
        'task_started',
        'task_updated',
        'maintenance_completed',
        'repair_rated',
      ]);
    });

    it('a pending report cannot be rated, and a report can be started from pending when assigned as pending', async () => {
      const r = await report();
      expect((await send(faculty, 'POST', `/api/repairs/${r.id}/rating`, { stars: 3 })).statusCode).toBe(409);
      const res = await assign(r.id, { status: 'pending' });
      expect(res.json().report).toMatchObject({ status: 'pending', assignedTo: plumberId });
      expect((await start(r.id)).statusCode).toBe(200);
    });

    it("prints a completed report as a PDF: the office's letterhead from the settings, photos before and after, signature lines", async () => {
      const r = await report();
      await assign(r.id);
      const pdf = (who: string) => send(who, 'GET', `/api/repairs/${r.id}/report.pdf`);
      expect((await pdf(admin)).statusCode).toBe(409); // only completed reports are printed
      expect((await start(r.id)).statusCode).toBe(200);
      expect((await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { actualCost: 250 })).statusCode).toBe(200);
      const done = await complete(r.id, 'Tightened the coupling.');
      expect(done.statusCode, done.body).toBe(200);
      // The proof of work keeps both photos: before (the start) and after (the completion).
      expect(done.json().report).toMatchObject({
        startProofUrl: `/api/repairs/${r.id}/start-proof`,
        completionProofUrl: `/api/repairs/${r.id}/proof`,
      });
      await app.ctx.settings.set('office_name', 'North Campus Facilities Office');
      await app.ctx.settings.set('office_address', '12 University Avenue, North Campus');
      for (const who of [faculty, plumber, staff]) expect((await pdf(who)).statusCode).toBe(200);
      expect((await pdf(otherFaculty)).statusCode).toBe(404);
      const res = await pdf(admin);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="maintenance_report_RPR-\d+\.pdf"$/);
      const text = (await pdfPages(res.rawPayload)).join('\n');
      for (const words of [
        'North Campus Facilities Office',
        '12 University Avenue, North Campus',
        'MAINTENANCE REPORT',
        `RPR-${r.id}`,
        'Tightened the coupling.',
        'PHP 250.00',
        formatDateTimeIn(done.json().report.dateReported, app.ctx.config.campusTimeZone),
        'Before',
        'After',
        'Signature over printed name',
        'Head, General Services Office',
      ])
        expect(text, words).toContain(words);
      expect(res.rawPayload.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length).toBe(2);
    });

    it('completing needs no actual cost: none when left out or blank, saved when given; Date Completed once completed', async () => {
      const today = todayIn(app.ctx.config.campusTimeZone);
      const postComplete = (id: number, fields: Record<string, string>) => {
        const body = proof(png, fields);
        return app.inject({
          method: 'POST',
          url: `/api/repairs/${id}/complete`,
          headers: { cookie: plumber, ...body.headers },
          payload: body.payload,
        });
      };
      // Without a cost: completed, and the cost is none (null), not 0.
      const free = await report();
      await assign(free.id);
      expect((await start(free.id)).statusCode).toBe(200);
      const noCost = await complete(free.id, 'Tightened the tap');
      expect(noCost.statusCode, noCost.body).toBe(200);
      expect(noCost.json().report).toMatchObject({ status: 'completed', workDescription: 'Tightened the tap', actualCost: null });
      // A blank cost is none too, and the work description is still needed.
      const blank = await report();
      await assign(blank.id);
      expect((await start(blank.id)).statusCode).toBe(200);
      const noWords = await postComplete(blank.id, { actualCost: '' });
      expect(noWords.statusCode).toBe(400);
      expect(noWords.json().error.message).toBe(MSG.workDescriptionRequired);
      const blankDone = await postComplete(blank.id, { workDescription: 'Reset the breaker', actualCost: ' ' });
      expect(blankDone.statusCode, blankDone.body).toBe(200);
      expect(blankDone.json().report.actualCost).toBeNull();
      const r = await report();
      await assign(r.id);
      expect((await start(r.id)).statusCode).toBe(200);
      const body = proof(png, { workDescription: 'Fixed the tap', actualCost: 'lots' });
      const words = await app.inject({
        method: 'POST',
        url: `/api/repairs/${r.id}/complete`,
        headers: { cookie: plumber, ...body.headers },
        payload: body.payload,
      });
      expect(words.json().error.message).toBe(MSG.costInvalid('Actual cost'));
      // Date Completed is the completed report's: refused before.
      const early = await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { dateCompleted: today });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(MSG.dateCompletedNotCompleted);
      const withCost = proof(png, { workDescription: 'Fixed the tap', actualCost: '75.25' });
      const done = await app.inject({
        method: 'POST',
        url: `/api/repairs/${r.id}/complete`,
        headers: { cookie: plumber, ...withCost.headers },
        payload: withCost.payload,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().report).toMatchObject({ status: 'completed', actualCost: 75.25, dateCompleted: today });
      const yesterday = addDays(today, -1);
      const dated = await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { actualCost: 75.25, dateCompleted: yesterday });
      expect(dated.statusCode, dated.body).toBe(200);
      expect(dated.json().report.dateCompleted).toBe(yesterday);
      const future = await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { actualCost: 75.25, dateCompleted: addDays(today, 1) });
      expect(future.statusCode).toBe(400);
      expect(future.json().error.message).toBe(MSG.dateCompletedInFuture);
      expect((await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { dateCompleted: '2026-02-30' })).statusCode).toBe(400);
    });

    it('administrators edit any report: status, personnel, notes, cost; the new assignee is told', async () => {
      const r = await report();
      await assign(r.id);
      const edit = await send(admin, 'PUT', `/api/repairs/${r.id}/assignment`, {
        assignedTo: electricianId,
        status: 'in-progress',
        adminNotes: 'Electrical, not plumbing',
        estimatedCost: 99.99,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().report).toMatchObject({ status: 'in-progress', assignedTo: electricianId, estimatedCost: 99.99 });
      expect((await noticesOf('electrician@campus.test')).some((n) => n.entity_id === r.id)).toBe(true);
      expect((await start(r.id)).statusCode).toBe(404); // no longer the plumber's
      // Completing through Edit needs what the personnel's completion needs: the work description; the cost is optional.
      const finish = (body: Record<string, unknown>) =>
        send(staff, 'PUT', `/api/repairs/${r.id}/assignment`, { assignedTo: electricianId, status: 'completed', ...body });
      const noWork = await finish({ actualCost: 120 });
      expect(noWork.statusCode).toBe(400);
      expect(noWork.json().error.message).toBe(MSG.workDescriptionRequired);
      expect((await finish({ workDescription: 'Rewired the outlet', actualCost: -1 })).json().error.message).toBe(
        MSG.costInvalid('Actual cost'),
      );
      expect(await statusOf(r.id)).toBe('in-progress');
      const finished = await finish({ workDescription: ' Rewired the outlet ', actualCost: 120.5 });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json().report).toMatchObject({ status: 'completed', workDescription: 'Rewired the outlet', actualCost: 120.5 });
      expect(finished.json().report.completedAt).toBeTruthy();
      // Logged as the completion it is, as the personnel's is, not as a schedule update.
      expect((await activityOf(r.id)).slice(-2)).toEqual(['schedule_updated', 'maintenance_completed']);
      // Edited again once completed: the saved description and cost stand; blanking them is refused.
      expect((await finish({ adminNotes: 'Checked' })).statusCode).toBe(200);
      expect((await finish({ workDescription: '  ' })).json().error.message).toBe(MSG.workDescriptionRequired);
      expect((await activityOf(r.id)).slice(-2)).toEqual(['maintenance_completed', 'schedule_updated']);
      // The office completes without a cost too: none, not 0; a cost cleared (null) is none again.
      const other = await report();
      const assigned = await assign(other.id, { status: 'completed', workDescription: 'Cleared the drain', estimatedCost: null });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json().report).toMatchObject({ status: 'completed', workDescription: 'Cleared the drain', actualCost: null });
      const cleared = await send(staff, 'PUT', `/api/repairs/${r.id}/assignment`, { assignedTo: electricianId, actualCost: null });
      expect(cleared.json().report).toMatchObject({ status: 'completed', actualCost: null });
      expect((await send(faculty, 'PUT', `/api/repairs/${r.id}/assignment`, { assignedTo: electricianId })).statusCode).toBe(403);
      expect((await send(admin, 'PUT', '/api/repairs/999999/assignment', { assignedTo: electricianId })).statusCode).toBe(404);
    });
  });

  describe('two people at once: exactly one wins', () => {
    it('two administrators assigning the same report', async () => {
      const r = await report();
      const results = await Promise.all([assign(r.id, {}, admin), assign(r.id, { assignedTo: electricianId }, staff)]);
      expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((x) => x.statusCode === 200)!.json().report.assignedTo;
      const row = await app.ctx.db.selectFrom('repair_reports').select('assigned_to').where('id', '=', r.id).executeTakeFirstOrThrow();
      expect(row.assigned_to).toBe(winner);
    });

    it('a double start, and a double completion', async () => {
      const r = await report();
      await assign(r.id);
      const starts = await Promise.all([start(r.id), start(r.id), start(r.id)]);
      expect(starts.filter((x) => x.statusCode === 200)).toHaveLength(1);
      expect(starts.filter((x) => x.statusCode === 409)).toHaveLength(2);
      expect((await send(plumber, 'PUT', `/api/repairs/${r.id}/work`, { actualCost: 10 })).statusCode).toBe(200);
      const completions = await Promise.all([complete(r.id, 'Done one'), complete(r.id, 'Done two')]);
      expect(completions.map((x) => x.statusCode).sort()).toEqual([200, 409]);
      expect(await statusOf(r.id)).toBe('completed');
    });

    it('two administrators editing the same report', async () => {
      const r = await report();
      await assign(r.id);
      const edits = await Promise.all([
        send(admin, 'PUT', `/api/repairs/${r.id}/assignment`, { assignedTo: electricianId, adminNotes: 'A' }),
        send(staff, 'PUT', `/api/repairs/${r.id}/assignment`, { assignedTo: plumberId, adminNotes: 'B' }),
      ]);
      expect(edits.filter((x) => x.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      for (const e of edits.filter((x) => x.statusCode !== 200)) expect(e.json().error.message).toBe(MSG.repairChangedMeanwhile);
    });

    it('the reporter deleting while an administrator assigns', async () => {
      const r = await report();
      const [del, asg] = await Promise.all([send(faculty, 'DELETE', `/api/repairs/${r.id}`), assign(r.id)]);
      expect([del.statusCode, asg.statusCode].filter((s) => s === 204 || s === 200)).toHaveLength(1);
    });
  });

  describe('the lists', () => {
    it('office: tabs counted by the database, search by id, reporter, building and issue, completed last', async () => {
      const list = (q: string) => send(admin, 'GET', `/api/repairs${q}`);
      const all = (await list('?pageSize=100')).json();
      const c = all.counts;
      expect(c.all).toBe(c.pending + c.scheduled + c['in-progress'] + c.completed);
      expect(all.total).toBe(c.all);
      const statuses: string[] = all.items.map((x: { status: string }) => x.status);
      const rank = ['pending', 'scheduled', 'in-progress', 'completed'];
      expect([...statuses].sort((a, b) => rank.indexOf(a) - rank.indexOf(b))).toEqual(statuses);
      const pendings = all.items.filter((x: { status: string }) => x.status === 'pending').map((x: { priority: string }) => x.priority);
      const prio = ['high', 'medium', 'low'];
      expect([...pendings].sort((a, b) => prio.indexOf(a) - prio.indexOf(b))).toEqual(pendings);

      const r = await report({ building: 'Zamora Hall', issueDescription: 'Broken window latch' });
      expect((await list(`?search=RPR-${r.id}`)).json().items.map((x: { id: number }) => x.id)).toEqual([r.id]);
      expect((await list('?search=zamora')).json().items.some((x: { id: number }) => x.id === r.id)).toBe(true);
      expect((await list('?search=window latch')).json().items.some((x: { id: number }) => x.id === r.id)).toBe(true);
      expect((await list('?search=teresa gomez')).json().total).toBeGreaterThan(0);
      const pending = (await list('?status=pending&pageSize=1')).json();
      expect(pending.items).toHaveLength(1);
      expect(pending.total).toBe(pending.counts.pending);
      expect((await send(plumber, 'GET', '/api/repairs')).statusCode).toBe(403);
    });

    it('a searched page is the board’s order and counts, found once (every tab, every page, newest first for the reporter)', async () => {
      const made = [];
      for (const [priority, building] of [
        ['low', 'Quezon Annex'],
        ['high', 'Quezon Annex'],
        ['medium', 'Quezon Annex'],
        ['high', 'Quezon Annex'],
      ] as const)
        made.push(await report({ priority, building }));
      await assign(made[0].id);
      await assign(made[3].id);
      const ids = new Set(made.map((r) => r.id));
      for (const status of ['all', 'pending', 'scheduled']) {
        const board = (await send(admin, 'GET', `/api/repairs?status=${status}&pageSize=100`)).json();
        const expected = board.items.map((x: { id: number }) => x.id).filter((id: number) => ids.has(id));
        const first = (await send(admin, 'GET', `/api/repairs?search=quezon&status=${status}&pageSize=2`)).json();
        const second = (await send(admin, 'GET', `/api/repairs?search=quezon&status=${status}&pageSize=2&page=2`)).json();
        expect([...first.items, ...second.items].map((x: { id: number }) => x.id)).toEqual(expected);
        expect(first.total).toBe(expected.length);
        expect(first.counts).toMatchObject({ all: 4, pending: 2, scheduled: 2 });
      }
      const mine = (await send(faculty, 'GET', '/api/repairs/mine?search=quezon&pageSize=3')).json();
      expect(mine.items.map((x: { id: number }) => x.id)).toEqual(
        made
          .map((r) => r.id)
          .reverse()
          .slice(0, 3),
      );
    });

    it('counts the whole list in stats and High Priority whatever the search; only the tab counts follow it', async () => {
      const r = await report({ building: 'Stats Hall' });
      const office = (await send(admin, 'GET', '/api/repairs')).json();
      expect(office.stats).toEqual(office.counts);
      const searched = (await send(admin, 'GET', `/api/repairs?search=RPR-${r.id}`)).json();
      expect(searched.counts.all).toBe(1);
      expect(searched.stats).toEqual(office.counts);
      expect(searched.highPriority).toBe(office.highPriority);
      // Assigned to Me stays the person's whole list when they search one report.
      await assign(r.id);
      await assign((await report({ building: 'Stats Annex' })).id);
      const mine = (await send(plumber, 'GET', '/api/repairs/assigned')).json();
      expect(mine.counts.all).toBeGreaterThan(1);
      const one = (await send(plumber, 'GET', `/api/repairs/assigned?search=RPR-${r.id}`)).json();
      expect(one.counts.all).toBe(1);
      expect(one.stats).toEqual(mine.counts);
      expect(one.highPriority).toBe(mine.highPriority);
    });

    it('the unsearched board reads counts the database keeps exact through reports, moves and deletions', async () => {
      const counted = async () => {
        const rows = await app.ctx.db
          .selectFrom('repair_reports')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute();
        const c: Record<string, number> = { pending: 0, scheduled: 0, 'in-progress': 0, completed: 0 };
        for (const r of rows) c[r.status] = Number(r.n);
        return { ...c, all: Object.values(c).reduce((x, y) => x + y, 0) };
      };
      const kept = async () => (await send(admin, 'GET', '/api/repairs?pageSize=1')).json().counts;
      const before = await kept();
      expect(before).toEqual(await counted());
      const a = await report();
      const b = await report();
      expect((await assign(a.id)).statusCode).toBe(200);
      expect((await send(faculty, 'DELETE', `/api/repairs/${b.id}`)).statusCode).toBe(204);
      const after = await kept();
      expect(after).toEqual(await counted());
      expect(after.scheduled).toBe(before.scheduled + 1);
      expect(after.pending).toBe(before.pending);
    });

    it('personnel see only what is assigned to them; reporters only their own', async () => {
      const mine = (await send(plumber, 'GET', '/api/repairs/assigned?pageSize=100')).json();
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.every((x: { assignedTo: number }) => x.assignedTo === plumberId)).toBe(true);
      const theirs = (await send(otherFaculty, 'GET', '/api/repairs/mine?pageSize=100')).json();
      expect(theirs.items.every((x: { reporterName: string }) => x.reporterName === 'Prof. Miguel Tan')).toBe(true);
      expect((await send(faculty, 'GET', '/api/repairs/assigned')).statusCode).toBe(403);
    });
  });
});
