import net from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { loadConfig, ConfigError } from '../../server/config';
import { ADDED_PASSWORD, addAccount, login, loginAs, makeApp, type TestApp } from '../helpers';

// web-push-testing: a push service on this machine that keeps what it receives, decrypted with the subscription's keys.
const require = createRequire(import.meta.url);
const PushTestingServer = require('web-push-testing/src/server.js');
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * Web Push (docs/decisions/push.md) against a local push service started here: an assignment reaches the technician's
 * device with the notice's words and its link, a kind turned off sends nothing, a subscription the service says is
 * gone (410) is removed, and each person reads and changes only their own devices. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */
describe('Web Push', () => {
  let app: TestApp;
  let service: { _server: net.Server };
  let base: string;
  let admin: string;
  let faculty: string;
  let student: string;
  let plumber: string;
  let electrician: string;
  let plumberId: number;
  let electricianId: number;

  beforeAll(async () => {
    const port = await freePort();
    service = new PushTestingServer(new PushApiModel(), port);
    (service as unknown as { startServer(): void }).startServer();
    base = `http://localhost:${port}`;
    app = await makeApp();
    [admin, faculty, student, electrician] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
      loginAs(app, 'personnel'),
    ]);
    plumber = await login(app, 'plumber@campus.test', 'personnel123', 'personnel');
    const idOf = async (email: string) =>
      (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    plumberId = await idOf('plumber@campus.test');
    electricianId = await idOf('electrician@campus.test');
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => service._server.close(resolve));
  });

  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as any });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.status === 200 && res.headers.get('content-type')?.includes('json') ? res.json() : null;
  };
  /** A browser's subscription to the push service, made with the server's public key. */
  const newDevice = async (cookie: string): Promise<Device> => {
    const key = await send(cookie, 'GET', '/api/push/key');
    expect(key.statusCode).toBe(200);
    return (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey: key.json().publicKey })).data;
  };
  const turnOn = (cookie: string, d: Pick<Device, 'endpoint' | 'keys'>, kinds: string[]) =>
    send(cookie, 'PUT', '/api/push/subscriptions', { endpoint: d.endpoint, keys: d.keys, kinds });
  const received = async (d: Device) =>
    ((await post('/get-notifications', { clientHash: d.clientHash })).data.messages as string[]).map((m) => JSON.parse(m));
  const mine = async (cookie: string) =>
    (await send(cookie, 'GET', '/api/push/subscriptions')).json().items as { id: number; endpoint: string }[];
  const report = async () => {
    const res = await send(faculty, 'POST', '/api/repairs', {
      building: 'Science Building',
      room: 'Room 204',
      priority: 'high',
      day: 'Wednesday',
      timeStart: '09:00',
      timeEnd: '11:00',
      issueDescription: 'Leaking pipe under the laboratory sink',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as { id: number; code: string };
  };
  const assign = (id: number, assignedTo: number) =>
    send(admin, 'POST', `/api/repairs/${id}/assign`, { assignedTo, estimatedCost: null, adminNotes: '' });
  const metric = async (name: string) => {
    const text = (await send(admin, 'GET', '/metrics')).body;
    return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  };

  it('an assignment sends the technician the notice with its words and link; a person who turned that kind off gets none', async () => {
    const key = (await send(plumber, 'GET', '/api/push/key')).json();
    expect(key.kinds).toEqual(['job_assigned', 'job_due', 'job_changed']);
    const plumberPhone = await newDevice(plumber);
    const on = await turnOn(plumber, plumberPhone, ['job_assigned', 'job_due']);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ endpoint: plumberPhone.endpoint, kinds: ['job_assigned', 'job_due'], lastSuccessAt: null });
    // The electrician's phone takes deadlines only.
    const electricianPhone = await newDevice(electrician);
    expect((await turnOn(electrician, electricianPhone, ['job_due'])).statusCode).toBe(200);

    const r = await report();
    expect((await assign(r.id, plumberId)).statusCode).toBe(200);
    await app.ctx.push.settled();
    const [notice, ...more] = await received(plumberPhone);
    expect(more).toEqual([]);
    expect(notice.title).toBe('Repair assigned to you');
    expect(notice.body).toContain(`${r.code} at Science Building - Room 204 (high priority) is assigned to you`);
    expect(notice.body).toContain('Leaking pipe under the laboratory sink');
    expect(notice.url).toBe(`/personnel/maintenance-repairs?q=${r.code}`);
    expect((await mine(plumber))[0]).toMatchObject({ endpoint: plumberPhone.endpoint, lastSuccessAt: expect.any(String) });

    const other = await report();
    expect((await assign(other.id, electricianId)).statusCode).toBe(200);
    await app.ctx.push.settled();
    expect(await received(electricianPhone)).toEqual([]);
    // The bell and mail stay as they are: the electrician's bell has the assignment.
    const bell = (await send(electrician, 'GET', '/api/notifications')).json();
    expect(bell.items[0].message).toContain(other.code);
  });

  it('a subscription the push service reports gone (410) is removed; an unreachable service fails no request', async () => {
    const phone = await newDevice(plumber);
    expect((await turnOn(plumber, phone, ['job_assigned'])).statusCode).toBe(200);
    expect((await mine(plumber)).map((s) => s.endpoint)).toContain(phone.endpoint);
    expect(await post(`/expire-subscription/${phone.clientHash}`, {})).toBeNull();
    const removedBefore = await metric('gso_push_subscriptions_removed_total');

    expect((await assign((await report()).id, plumberId)).statusCode).toBe(200);
    await app.ctx.push.settled();
    expect((await mine(plumber)).map((s) => s.endpoint)).not.toContain(phone.endpoint);
    expect(await metric('gso_push_subscriptions_removed_total')).toBe(removedBefore + 1);

    // A push service nobody answers at: the assignment succeeds, the failure is counted and the device kept.
    const closed = await freePort();
    const lost = { endpoint: `http://127.0.0.1:${closed}/notify/lost`, keys: phone.keys };
    expect((await turnOn(plumber, lost, ['job_assigned'])).statusCode).toBe(200);
    const failures = (await send(admin, 'GET', '/metrics')).body;
    const before = Number(/^gso_push_failures_total\{reason="network"\} (\d+)/m.exec(failures)?.[1] ?? 0);
    expect((await assign((await report()).id, plumberId)).statusCode).toBe(200);
    await app.ctx.push.settled();
    const after = (await send(admin, 'GET', '/metrics')).body;
    expect(Number(/^gso_push_failures_total\{reason="network"\} (\d+)/m.exec(after)?.[1])).toBe(before + 1);
    expect((await mine(plumber)).map((s) => s.endpoint)).toContain(lost.endpoint);
  });

  it("a borrower's kinds are a borrower's; each person reads and removes only their own devices; a device moves to whoever turns it on", async () => {
    expect((await send(faculty, 'GET', '/api/push/key')).json().kinds).toEqual([
      'repair_progress',
      'request_approved',
      'loan_due',
      'loan_overdue',
    ]);
    expect((await send(admin, 'GET', '/api/push/key')).json().kinds).toEqual(['office_new_request', 'office_problem']);
    const phone = await newDevice(faculty);
    const refused = await turnOn(faculty, phone, ['repair_progress', 'job_assigned']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MSG.pushKindNotYours('job_assigned'));
    const on = await turnOn(faculty, phone, ['loan_due', 'repair_progress']);
    // Kept in the settings' order.
    expect(on.json().kinds).toEqual(['repair_progress', 'loan_due']);
    const id = on.json().id as number;
    expect((await mine(student)).map((s) => s.id)).not.toContain(id);
    const notMine = await send(student, 'DELETE', `/api/push/subscriptions/${id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(MSG.pushSubscriptionNotFound);

    // The student signs in on the same browser and turns it on: the device is theirs now, with their kinds.
    const moved = await turnOn(student, phone, ['loan_overdue']);
    expect(moved.json()).toMatchObject({ id, kinds: ['loan_overdue'] });
    expect((await mine(faculty)).map((s) => s.id)).not.toContain(id);
    expect((await send(student, 'DELETE', `/api/push/subscriptions/${id}`)).json().message).toBe(MSG.pushTurnedOff);
    expect(await mine(student)).toEqual([]);

    for (const bad of [
      { endpoint: 'not an address', keys: phone.keys, kinds: [] },
      { endpoint: 'ftp://push.example/x', keys: phone.keys, kinds: [] },
      { endpoint: phone.endpoint, keys: { p256dh: 'short', auth: phone.keys.auth }, kinds: [] },
      { endpoint: phone.endpoint, keys: phone.keys, kinds: ['everything'] },
    ]) {
      const res = await send(student, 'PUT', '/api/push/subscriptions', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });

  it('deactivating an account turns its devices off', async () => {
    const person = await addAccount(app, 'personnel');
    const cookie = await login(app, person.email, ADDED_PASSWORD, 'personnel');
    const phone = await newDevice(cookie);
    expect((await turnOn(cookie, phone, ['job_due'])).statusCode).toBe(200);
    const res = await send(admin, 'POST', `/api/accounts/${person.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    const left = await app.ctx.db.selectFrom('push_subscriptions').select('id').where('account_id', '=', person.id).execute();
    expect(left).toEqual([]);
  });

  it("keeps the VAPID pair it made, or uses the settings' pair; one key alone stops the start", async () => {
    const first = (await send(student, 'GET', '/api/push/key')).json().publicKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await send(faculty, 'GET', '/api/push/key')).json().publicKey).toBe(first);
    const rows = await app.ctx.db.selectFrom('push_vapid_keys').select('public_key').execute();
    expect(rows).toEqual([{ public_key: first }]);

    const pair = {
      VAPID_PUBLIC_KEY: 'BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-1HQTlmy6h5s0pO8OqaQ',
      VAPID_PRIVATE_KEY: 'C8pBvJ9SRbyl3kxyz8jVAvh1LSw-xTXSR5ijlwr5Lq0',
    };
    expect(loadConfig({ ...pair, VAPID_SUBJECT: 'mailto:gso@campus.edu' }).push).toEqual({
      keys: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      subject: 'mailto:gso@campus.edu',
    });
    expect(loadConfig({}).push.subject).toBe('mailto:gso@campus.test');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pair, VAPID_SUBJECT: 'http://insecure.example' })).toThrow(ConfigError);
  });
});
