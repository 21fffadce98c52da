import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { instantAt } from '../../core/time';
import { runDueJobs } from '../../server/lib/dailyJobs';
import { overdueEvents } from '../../server/modules/borrowing';
import { act, inDays, itemIdOf, newItem, requestId } from '../borrowing';
import { addAccount, eventually, loginAs, makeApp, type TestApp } from '../helpers';
import { startReceiver, type Receiver } from '../webhookReceiver';

/** Webhooks (docs/decisions/webhooks.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('webhooks', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let student: string;
  let receiver: Receiver;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, student] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff'), loginAs(app, 'student')]);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await app.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const allow = async (...hosts: string[]) => {
    const res = await call('PUT', '/api/webhooks/allowed-hosts', { hosts: hosts.join('\n') });
    expect(res.statusCode, res.body).toBe(200);
  };
  const register = async (over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/webhooks', {
      url: receiver.url,
      description: 'Test receiver',
      allEvents: true,
      events: [],
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { webhook: { id: number }; secret: string };
  };
  /** Every delivery the receiver got, verified with the endpoint's secret (Webhook.verify throws otherwise). */
  const verified = (secret: string) =>
    receiver.received.map((r) => ({
      ...r,
      payload: new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> },
    }));

  it('refuses private, loopback and link-local addresses unless the host is allowed', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00:ec2::254]/hooks',
      'https://100.64.0.1/hooks',
      'https://192.168.1.10/hooks',
      'https://localhost/hooks',
      'https://2130706433/hooks',
    ]) {
      const res = await call('POST', '/api/webhooks', { url, description: '', allEvents: true, events: [] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('address_not_allowed');
    }
    const http = await call('POST', '/api/webhooks', { url: 'http://93.184.216.34/hooks', description: '', allEvents: true, events: [] });
    expect(http.statusCode).toBe(400);
    expect(http.json().error.message).toContain('Only https://');
    await allow('127.0.0.1', 'localhost');
    const { webhook, secret } = await register();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call('GET', '/api/webhooks');
    expect(list.body).not.toContain(secret);
    expect(list.json().items.find((w: { id: number }) => w.id === webhook.id)).toMatchObject({
      url: receiver.url,
      allEvents: true,
      status: 'active',
    });
    expect((await call('DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/webhooks', undefined, staff)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/webhooks', { url: receiver.url, description: '', allEvents: true, events: [] }, staff)).statusCode,
    ).toBe(403);
  });

  it('delivers each event signed, once, and its log says how it went', async () => {
    await allow('127.0.0.1');
    const { webhook, secret } = await register({ allEvents: false, events: ['request.submitted', 'request.approved'] });
    receiver.received.length = 0;
    const item = await newItem(app, { quantity: 5 });
    const id = await requestId(app, student, [[item, 1]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    await app.ctx.jobs.runDue();
    // Sent at once, so in any order (each carries its time; receivers order by it if they must).
    const got = verified(secret).sort((a, b) => a.payload.type.localeCompare(b.payload.type));
    expect(got.map((g) => g.payload.type)).toEqual(['request.approved', 'request.submitted']);
    expect(got[0]!.payload.data).toMatchObject({
      id,
      code: `REQ-${id}`,
      status: 'approved',
      url: expect.stringContaining(`/admin/requests?q=REQ-${id}`),
    });
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(2);
    const log = await call('GET', `/api/webhooks/${webhook.id}/deliveries`);
    expect(
      log
        .json()
        .items.map((d: { eventType: string; status: string; responseCode: number; attempts: number }) => [
          d.eventType,
          d.status,
          d.responseCode,
          d.attempts,
        ]),
    ).toEqual([
      ['request.approved', 'delivered', 200, 1],
      ['request.submitted', 'delivered', 200, 1],
    ]);
    // Nothing is sent twice.
    await app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(2);
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });

  const HOUR = 3600_000;
  const deliveriesOf = async (id: number) =>
    (await call('GET', `/api/webhooks/${id}/deliveries`)).json().items as {
      id: number;
      messageId: string;
      eventType: string;
      status: string;
      responseCode: number | null;
      responseExcerpt: string | null;
      attempts: number;
      nextAttemptAt: string | null;
    }[];
  /** An event for one endpoint: a person deactivated (account.deactivated). */
  const deactivateSomeone = async () => {
    const person = await addAccount(app, 'student');
    expect((await call('POST', `/api/accounts/${person.id}/deactivate`)).statusCode).toBe(200);
    return person;
  };

  it('tries a delivery again after a 500, with the same message id, and it arrives once', async () => {
    await allow('127.0.0.1');
    const { webhook, secret } = await register({ allEvents: false, events: ['account.deactivated'] });
    receiver.received.length = 0;
    receiver.answerNext(500);
    const person = await deactivateSomeone();
    const t0 = new Date();
    await app.ctx.jobs.runDue(t0);
    let [d] = await deliveriesOf(webhook.id);
    expect(d).toMatchObject({
      eventType: 'account.deactivated',
      status: 'pending',
      responseCode: 500,
      attempts: 1,
      responseExcerpt: 'receiver failed',
    });
    // Not before its backoff: a pass at once sends nothing.
    await app.ctx.jobs.runDue(t0);
    expect(receiver.received).toHaveLength(1);
    await app.ctx.jobs.runDue(new Date(Date.parse(d!.nextAttemptAt!) + 1));
    [d] = await deliveriesOf(webhook.id);
    expect(d).toMatchObject({ status: 'delivered', responseCode: 200, attempts: 2 });
    const got = verified(secret);
    expect(got.map((g) => g.headers['webhook-id'])).toEqual([d!.messageId, d!.messageId]);
    expect(got.filter((g) => g.status === 200)).toHaveLength(1);
    expect(got[1]!.payload).toMatchObject({
      type: 'account.deactivated',
      data: { id: person.id, email: person.email, deactivatedAt: expect.any(String) },
    });
    expect(got[1]!.payload.data).not.toHaveProperty('passwordHash');
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });

  it('pauses an endpoint that has failed for a day, and tells the administrators', async () => {
    await allow('127.0.0.1');
    const { webhook } = await register({ allEvents: false, events: ['account.deactivated'] });
    receiver.answerAlways(503);
    try {
      await deactivateSomeone();
      const t0 = new Date();
      await app.ctx.jobs.runDue(t0);
      let hook = (await call('GET', '/api/webhooks')).json().items.find((w: { id: number }) => w.id === webhook.id);
      expect(hook).toMatchObject({ status: 'active', failingSince: t0.toISOString() });
      // Half a day on: tried again, still failing, still active.
      await app.ctx.jobs.runDue(new Date(t0.getTime() + 12 * HOUR));
      expect((await call('GET', '/api/webhooks')).json().items.find((w: { id: number }) => w.id === webhook.id).status).toBe('active');
      // A day on: the last try fails, the delivery is given up and the endpoint paused.
      await app.ctx.jobs.runDue(new Date(t0.getTime() + 24 * HOUR + 60_000));
      hook = (await call('GET', '/api/webhooks')).json().items.find((w: { id: number }) => w.id === webhook.id);
      expect(hook).toMatchObject({ status: 'paused', pausedReason: 'failing' });
      const [d] = await deliveriesOf(webhook.id);
      expect(d).toMatchObject({ status: 'failed', responseCode: 503, attempts: 3 });
      // The administrators' bell shows it (the office's bell is its activity), and each is mailed.
      const bell = (await call('GET', '/api/notifications')).json().items as { title: string; message: string }[];
      expect(bell.find((n) => n.message.includes(`${receiver.url} was paused`))?.title).toBe('Campus GSO (automatic)');
      await eventually(async () => {
        const mail = await app.ctx.db
          .selectFrom('outbox')
          .selectAll()
          .where('to_address', '=', 'admin@campus.test')
          .where('subject', '=', 'Campus GSO: Webhook paused')
          .execute();
        return mail.length === 1 && mail[0]!.body.includes(receiver.url);
      });
      // New events wait while it is paused; Resend is refused until it is resumed.
      await deactivateSomeone();
      await app.ctx.jobs.runDue(new Date(t0.getTime() + 25 * HOUR));
      expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
      expect((await call('POST', `/api/webhooks/${webhook.id}/deliveries/${d!.id}/resend`)).json().error.code).toBe('webhook_paused');
      receiver.answerAlways(null);
      expect((await call('POST', `/api/webhooks/${webhook.id}/resume`)).statusCode).toBe(200);
      await app.ctx.jobs.runDue();
      expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    } finally {
      receiver.answerAlways(null);
      await call('DELETE', `/api/webhooks/${webhook.id}`);
    }
  });

  it('resends a delivery with its message id, signs with both secrets for a day after a rotation, and sends a test event', async () => {
    await allow('127.0.0.1');
    const { webhook, secret: first } = await register({ allEvents: false, events: ['account.deactivated'] });
    receiver.received.length = 0;
    await deactivateSomeone();
    await app.ctx.jobs.runDue();
    const [d] = await deliveriesOf(webhook.id);
    const rotated = await call('POST', `/api/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().secret as string;
    expect(second).not.toBe(first);
    const again = await call('POST', `/api/webhooks/${webhook.id}/deliveries/${d!.id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    await app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(2);
    const last = receiver.received[1]!;
    expect(last.headers['webhook-id']).toBe(d!.messageId);
    expect(last.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [first, second]) expect(() => new Webhook(secret).verify(last.body, last.headers)).not.toThrow();
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });

    const test = await call('POST', `/api/webhooks/${webhook.id}/test`);
    expect(test.statusCode).toBe(201);
    await app.ctx.jobs.runDue();
    const sent = receiver.received[2]!;
    expect(new Webhook(second).verify(sent.body, sent.headers)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id } });
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });

  it('checks the address connected to at each delivery: a host no longer allowed is not sent to', async () => {
    await allow('localhost');
    const { webhook } = await register({
      url: `http://localhost:${receiver.port}/hooks`,
      allEvents: false,
      events: ['account.deactivated'],
    });
    await allow('127.0.0.1');
    receiver.received.length = 0;
    await deactivateSomeone();
    await app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(0);
    const [d] = await deliveriesOf(webhook.id);
    expect(d).toMatchObject({ status: 'pending', responseCode: null, attempts: 1 });
    expect(d!.responseExcerpt).toContain('private network');
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });

  it('tells each kind of change through the one path its module writes it by', async () => {
    await allow('127.0.0.1');
    const { webhook, secret } = await register();
    receiver.received.length = 0;
    // A request approved takes the stock to its reorder level: request.submitted, stock.below_reorder_level, request.approved.
    const item = await newItem(app, { quantity: 3 });
    await app.ctx.db.updateTable('items').set({ reorder_level: 2 }).where('id', '=', item).execute();
    const id = await requestId(app, student, [[item, 1]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    const rejected = await requestId(app, student, [
      [await itemIdOf(app, (await app.ctx.db.selectFrom('items').select('name').where('id', '=', item).executeTakeFirstOrThrow()).name), 1],
    ]);
    expect((await act(app, admin, rejected, 'reject', { reason: 'Not this week' })).statusCode).toBe(200);
    await app.ctx.jobs.runDue();
    const types = verified(secret).map((g) => g.payload.type);
    expect(types.sort()).toEqual([
      'request.approved',
      'request.rejected',
      'request.submitted',
      'request.submitted',
      'stock.below_reorder_level',
    ]);
    const stock = verified(secret).find((g) => g.payload.type === 'stock.below_reorder_level')!.payload.data;
    expect(stock).toMatchObject({ id: item, quantity: 2, reorderLevel: 2 });
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });

  it('tells a count closed, with its figures and its page', async () => {
    await allow('127.0.0.1');
    const { webhook, secret } = await register({ allEvents: false, events: ['count.closed'] });
    receiver.received.length = 0;
    const code = `WC${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const building = (await call('POST', '/api/buildings', { code, name: `Hall ${code}` })).json().building as { id: number };
    const reference = `CNT-${code}`;
    const started = await call('POST', '/api/counts', { reference, name: 'Webhook count', buildingIds: [building.id] });
    expect(started.statusCode, started.body).toBe(201);
    const countId = started.json().count.id as number;
    expect((await call('POST', `/api/counts/${countId}/close`)).statusCode).toBe(200);
    await app.ctx.jobs.runDue();
    const got = verified(secret).map((g) => g.payload);
    expect(got.map((p) => p.type)).toEqual(['count.closed']);
    expect(got[0]!.data).toMatchObject({
      id: countId,
      reference,
      status: 'closed',
      url: expect.stringContaining(`/admin/counts/${countId}`),
    });
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });

  it('tells an overdue loan once, however many days the job runs; a unit damaged or lost; a repair reported', async () => {
    await allow('127.0.0.1');
    const { webhook, secret } = await register({
      allEvents: false,
      events: ['request.overdue', 'unit.damaged', 'unit.lost', 'repair.reported'],
    });
    receiver.received.length = 0;
    // A loan due back yesterday: overdue today.
    const item = await newItem(app, { quantity: 4 });
    const id = await requestId(app, student, [[item, 1]], { dateNeeded: inDays(0), dateExpectedReturn: inDays(1) });
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    const tz = app.ctx.config.campusTimeZone;
    const runOn = (day: string) => runDueJobs(app.ctx.db, tz, [overdueEvents()], new Date(instantAt(day, '00:30', tz)));
    await runOn(inDays(2));
    await runOn(inDays(3));
    // Units of a tracked item: one marked damaged, one lost.
    expect((await call('POST', `/api/items/${item}/track`, { prefix: `WH${id}`, condition: 'good' })).statusCode).toBe(200);
    const units = (await call('GET', `/api/items/${item}/units`)).json().items as { id: number; tag: string; status: string }[];
    const shelf = units.filter((u) => u.status === 'available');
    expect((await call('PUT', `/api/units/${shelf[0]!.id}`, { condition: 'damaged', status: 'in_repair' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/units/${shelf[1]!.id}`, { condition: 'good', status: 'lost' })).statusCode).toBe(200);
    const faculty = await loginAs(app, 'faculty');
    const repair = await app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: faculty },
      payload: { building: 'Science Building', room: 'Room 204', priority: 'medium', issueDescription: 'Water on the floor by the sink' },
    });
    expect(repair.statusCode, repair.body).toBe(201);
    await app.ctx.jobs.runDue();
    const got = verified(secret).map((g) => g.payload);
    expect([...new Set(got.map((p) => p.type))].sort()).toEqual(['repair.reported', 'request.overdue', 'unit.damaged', 'unit.lost']);
    // The demo's overdue loans are told too: each loan once, over the two days.
    const overdue = got.filter((p) => p.type === 'request.overdue').map((p) => p.data.id);
    expect(overdue.filter((o) => o === id)).toHaveLength(1);
    expect(new Set(overdue).size).toBe(overdue.length);
    expect(got.find((p) => p.type === 'request.overdue' && p.data.id === id)!.data).toMatchObject({
      status: 'approved',
      dateExpectedReturn: inDays(1),
      overdueDays: expect.any(Number),
    });
    expect(got.find((p) => p.type === 'unit.lost')!.data).toMatchObject({
      tag: shelf[1]!.tag,
      status: 'lost',
      url: expect.stringContaining(`/u/${shelf[1]!.tag}`),
    });
    expect(got.find((p) => p.type === 'unit.damaged')!.data).toMatchObject({ tag: shelf[0]!.tag, condition: 'damaged' });
    expect(got.find((p) => p.type === 'repair.reported')!.data).toMatchObject({ id: repair.json().report.id, status: 'pending' });
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });
});
