import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MSG } from '../../core/messages';
import { IDEMPOTENCY_MSG } from '../../server/plugins/idempotency';
import { FILES, login, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/**
 * A technician's job changes sent again with their Idempotency-Key (docs/decisions/offline-work.md,
 * idempotency.md): the phone's queue resends a change whose answer it never heard, so start, complete (multipart,
 * with its photo), hold, resume and notes are each applied once and the resend gets the first answer; a change
 * refused because the office gave the job to someone else says so, and its resend is refused alike. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('a job change sent again with its Idempotency-Key', () => {
  let app: TestApp;
  let admin: string;
  let faculty: string;
  let plumber: string;
  let plumberId: number;
  let electricianId: number;

  beforeAll(async () => {
    app = await makeApp();
    [admin, faculty] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'faculty')]);
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    const idOf = async (email: string) =>
      (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    [plumberId, electricianId] = await Promise.all([idOf('plumber@campus.test'), idOf('electrician@campus.test')]);
  });
  afterAll(() => app.close());

  const json = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, key?: string) =>
    app.inject({ method, url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload: payload as object });

  /** A report of the faculty's, assigned to the plumber (scheduled). */
  async function assignedJob(): Promise<number> {
    const made = await json(faculty, 'POST', '/api/repairs', {
      building: 'Science Building',
      room: 'Room 204',
      priority: 'medium',
      day: 'Wednesday',
      timeStart: '09:00',
      timeEnd: '11:00',
      issueDescription: 'The faucet drips all day',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().report.id as number;
    const assigned = await json(admin, 'POST', `/api/repairs/${id}/assign`, { assignedTo: plumberId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return id;
  }

  const step = (id: number, which: 'start' | 'complete', key: string, fields: Record<string, string> = {}) => {
    const body = multipart(fields, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    return app.inject({
      method: 'POST',
      url: `/api/repairs/${id}/${which}`,
      headers: { cookie: plumber, 'idempotency-key': key, ...body.headers },
      payload: body.payload,
    });
  };

  const steps = async (id: number) => {
    const res = await json(admin, 'GET', `/api/repairs/${id}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { step: string }[]).map((s) => s.step);
  };

  it('applies a start and a multipart completion once, and answers each resend as the first time', async () => {
    const id = await assignedJob();
    const started = await step(id, 'start', `start-${id}-0001`);
    expect(started.statusCode, started.body).toBe(200);
    const startedAgain = await step(id, 'start', `start-${id}-0001`);
    expect(startedAgain.statusCode).toBe(200);
    expect(startedAgain.headers['idempotent-replayed']).toBe('true');
    expect(startedAgain.json()).toEqual(started.json());

    const work = { workDescription: 'Replaced the faucet washer.', actualCost: '120' };
    const completed = await step(id, 'complete', `complete-${id}-0001`, work);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().report).toMatchObject({ status: 'completed', workDescription: work.workDescription, actualCost: 120 });
    const completedAgain = await step(id, 'complete', `complete-${id}-0001`, work);
    expect(completedAgain.statusCode).toBe(200);
    expect(completedAgain.headers['idempotent-replayed']).toBe('true');
    expect(completedAgain.json()).toEqual(completed.json());

    expect(await steps(id)).toEqual(['Reported', 'Assigned', 'Started', 'Completed']);
    // Sent again without its key, the completion is a new change, refused: the job is completed already.
    const fresh = await step(id, 'complete', `complete-${id}-0002`, work);
    expect(fresh.statusCode).toBe(409);
  });

  it('applies a hold, a resume and the notes once each', async () => {
    const id = await assignedJob();
    for (let i = 0; i < 2; i++) {
      const held = await json(plumber, 'POST', `/api/repairs/${id}/hold`, { reason: 'Waiting for parts' }, `hold-${id}-0001`);
      expect(held.statusCode, held.body).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const resumed = await json(plumber, 'POST', `/api/repairs/${id}/resume`, undefined, `resume-${id}-0001`);
      expect(resumed.statusCode, resumed.body).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const noted = await json(
        plumber,
        'PUT',
        `/api/repairs/${id}/work`,
        { personnelNotes: 'Bring a 1/2" washer', actualCost: null },
        `notes-${id}-0001`,
      );
      expect(noted.statusCode, noted.body).toBe(200);
    }
    expect(await steps(id)).toEqual(['Reported', 'Assigned', 'On hold', 'Resumed', 'Notes updated']);
  });

  it('refuses a completion once the office has given the job to someone else, saying so, and refuses its resend alike', async () => {
    const id = await assignedJob();
    expect((await step(id, 'start', `start-${id}-0001`)).statusCode).toBe(200);
    const moved = await json(admin, 'PUT', `/api/repairs/${id}/assignment`, { assignedTo: electricianId, status: 'in-progress' });
    expect(moved.statusCode, moved.body).toBe(200);
    const work = { workDescription: 'Replaced the faucet washer.' };
    const refused = await step(id, 'complete', `complete-${id}-0001`, work);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(MSG.repairAssignedElsewhere);
    const again = await step(id, 'complete', `complete-${id}-0001`, work);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
    const hold = await json(plumber, 'POST', `/api/repairs/${id}/hold`, { reason: 'No access' });
    expect(hold.json().error.message).toBe(MSG.repairAssignedElsewhere);
    // A report that is not there is still just not found.
    const none = await step(999_999, 'complete', 'complete-none-0001', work);
    expect(none.json().error.message).toBe(MSG.repairNotFound);
    expect(await steps(id)).toEqual(['Reported', 'Assigned', 'Started', 'Updated by the office']);
  });

  it('asks a resend that arrives while the first is still being applied to try again, with Retry-After', async () => {
    const id = await assignedJob();
    const key = `start-${id}-busy1`;
    // The first send's claim, not yet answered.
    await app.ctx.db
      .insertInto('idempotency_keys')
      .values({ account_id: plumberId, key, target: `POST /api/repairs/${id}/start`, created_at: new Date().toISOString() })
      .execute();
    const busy = await step(id, 'start', key);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().error.message).toBe(IDEMPOTENCY_MSG.inProgress);
    expect(await steps(id)).toEqual(['Reported', 'Assigned']);
  });

  it('answers a resend of a large photo over a real connection without reading it again', async () => {
    const id = await assignedJob();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // About a megabyte of noise: the replay answers before the body is read, and the connection still answers.
    const photo = await sharp({
      create: { width: 900, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const send = () => {
      const form = new FormData();
      form.append('proof', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'before.png');
      return fetch(`${address}/api/repairs/${id}/start`, {
        method: 'POST',
        headers: { cookie: plumber, 'idempotency-key': `start-${id}-large` },
        body: form,
      });
    };
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(200);
    for (let i = 0; i < 2; i++) {
      const again = await send();
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(await first.clone().json());
    }
    expect(await steps(id)).toEqual(['Reported', 'Assigned', 'Started']);
    // fetch keeps its connections open, which the app's close would wait for.
    app.server.closeAllConnections();
  });
});
