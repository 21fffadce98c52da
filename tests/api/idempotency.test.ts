/**
 * Writes sent with an Idempotency-Key (docs/decisions/idempotency.md): a resend is answered as the first time and
 * applied once, at once from two requests too; a key is one account's and one change's. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MSG, KEPT_MS, pruneIdempotencyKeys } from '../../server/plugins/idempotency';
import { inDays, newItem, stockOf } from '../borrowing';
import { loginAs, makeApp, type TestApp } from '../helpers';

describe('Idempotency-Key', () => {
  let app: TestApp;
  let student: string;
  let faculty: string;
  let staff: string;

  beforeAll(async () => {
    app = await makeApp();
    [student, faculty, staff] = await Promise.all([loginAs(app, 'student'), loginAs(app, 'faculty'), loginAs(app, 'staff')]);
  });
  afterAll(() => app.close());

  const send = (cookie: string, itemId: number, key?: string, quantity = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/borrow-requests',
      headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { purpose: 'Lab session', dateNeeded: inDays(1), dateExpectedReturn: inDays(2), items: [{ itemId, quantity }] },
    });
  const requestsFor = async (cookie: string, itemId: number) => {
    const res = await app.inject({ method: 'GET', url: '/api/borrow-requests/mine?pageSize=50', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { items: { itemId: number }[] }[]).filter((r) => r.items.some((l) => l.itemId === itemId)).length;
  };

  it('answers a resend as the first time and applies it once', async () => {
    const item = await newItem(app, { quantity: 5 });
    const first = await send(student, item, 'offline-change-0001');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(student, item, 'offline-change-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().request.id).toBe(first.json().request.id);
    expect(await requestsFor(student, item)).toBe(1);
    // Without a key, or with another, it is a new change.
    expect((await send(student, item, 'offline-change-0002')).statusCode).toBe(201);
    expect((await send(student, item)).statusCode).toBe(201);
    expect(await requestsFor(student, item)).toBe(3);
  });

  it('applies one of two resends arriving at once, and answers both alike', async () => {
    const item = await newItem(app, { quantity: 5 });
    const both = await Promise.all([send(faculty, item, 'same-moment-0001'), send(faculty, item, 'same-moment-0001')]);
    const codes = both.map((r) => r.statusCode).sort();
    // One applies; the other is replayed, or told to try again while the first is still being applied.
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const busy = both.find((r) => r.statusCode === 409);
    if (busy) {
      expect(busy.json().error.message).toBe(IDEMPOTENCY_MSG.inProgress);
      expect(busy.headers['retry-after']).toBe('1');
    }
    expect(await requestsFor(faculty, item)).toBe(1);
    const later = await send(faculty, item, 'same-moment-0001');
    expect(later.statusCode).toBe(201);
    expect(later.json().request.id).toBe(both.find((r) => r.statusCode === 201)!.json().request.id);
  });

  it("replays a refusal too, keeps a key to its own change, and is one account's", async () => {
    const item = await newItem(app, { quantity: 2 });
    // More than there is: refused (409), and the resend gets the same refusal.
    const refused = await send(student, item, 'too-many-0001', 50);
    expect(refused.statusCode, refused.body).toBe(409);
    const replay = await send(student, item, 'too-many-0001', 50);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(refused.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The same key for another change: refused, nothing applied.
    const other = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: student, 'idempotency-key': 'too-many-0001' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(IDEMPOTENCY_MSG.otherRequest);
    // Another account's same key is its own.
    const theirs = await send(faculty, item, 'too-many-0001', 1);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(app, item)).toBe(2);
  });

  it('refuses a malformed key before anything is applied, and ignores a key on a read', async () => {
    const item = await newItem(app, { quantity: 2 });
    for (const key of ['short', 'x'.repeat(101), 'has space 0001', 'ключ-0000001']) {
      const res = await send(student, item, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error.message).toBe(IDEMPOTENCY_MSG.badKey);
    }
    expect(await requestsFor(student, item)).toBe(0);
    const read = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: staff, 'idempotency-key': 'x' } });
    expect(read.statusCode).toBe(200);
  });

  it('forgets keys after a day', async () => {
    const item = await newItem(app, { quantity: 5 });
    expect((await send(student, item, 'kept-a-day-0001')).statusCode).toBe(201);
    await pruneIdempotencyKeys(app.ctx.db, Date.now() + KEPT_MS + 60_000);
    const left = await app.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'kept-a-day-0001').execute();
    expect(left).toEqual([]);
    expect((await send(student, item, 'kept-a-day-0001')).headers['idempotent-replayed']).toBeUndefined();
  });
});
