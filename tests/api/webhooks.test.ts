import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { entriesAbout } from '../../server/modules/activity';
import { act, itemIdOf, newItem, requestId } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';
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
    const res = await call('POST', '/api/webhooks', { url: receiver.url, description: 'Test receiver', allEvents: true, events: [], ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { webhook: { id: number }; secret: string };
  };
  /** Every delivery the receiver got, verified with the endpoint's secret (Webhook.verify throws otherwise). */
  const verified = (secret: string) =>
    receiver.received.map((r) => ({ ...r, payload: new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> } }));

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
    expect(list.json().items.find((w: { id: number }) => w.id === webhook.id)).toMatchObject({ url: receiver.url, allEvents: true, status: 'active' });
    expect((await call('DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/webhooks', undefined, staff)).statusCode).toBe(403);
    expect((await call('POST', '/api/webhooks', { url: receiver.url, description: '', allEvents: true, events: [] }, staff)).statusCode).toBe(403);
  });

  it('delivers each event signed, once, and its log says how it went', async () => {
    await allow('127.0.0.1');
    const { webhook, secret } = await register({ allEvents: false, events: ['request.submitted', 'request.approved'] });
    receiver.received.length = 0;
    const item = await newItem(app, { quantity: 5 });
    const id = await requestId(app, student, [[item, 1]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    await app.ctx.jobs.runDue();
    const got = verified(secret);
    expect(got.map((g) => g.payload.type)).toEqual(['request.submitted', 'request.approved']);
    expect(got[1]!.payload.data).toMatchObject({ id, code: `REQ-${id}`, status: 'approved', url: expect.stringContaining(`/admin/requests?q=REQ-${id}`) });
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(2);
    const log = await call('GET', `/api/webhooks/${webhook.id}/deliveries`);
    expect(log.json().items.map((d: { eventType: string; status: string; responseCode: number; attempts: number }) => [d.eventType, d.status, d.responseCode, d.attempts])).toEqual([
      ['request.approved', 'delivered', 200, 1],
      ['request.submitted', 'delivered', 200, 1],
    ]);
    // Nothing is sent twice.
    await app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(2);
    await call('DELETE', `/api/webhooks/${webhook.id}`);
  });
});
