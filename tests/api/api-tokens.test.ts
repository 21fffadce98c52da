import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/common/endpoint';
import { addDays, todayIn } from '../../core/time';
import { AREA_TABLES, scopeNeeded } from '../../core/tokens/areas';
import { latestExpiry, TOKEN_AREAS, type ScopeLevel, type TokenArea, type TokenScopes } from '../../core/tokens/rules';
import { entriesAbout } from '../../server/modules/activity';
import { loginAs, makeApp, type TestApp } from '../helpers';

/** API tokens (docs/decisions/api-tokens.md, docs/api.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('API tokens', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let today: string;
  const LIMIT = 40;

  beforeAll(async () => {
    app = await makeApp({ env: { API_TOKEN_RATE_LIMIT: String(LIMIT) } });
    [admin, staff] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff')]);
    today = todayIn(app.ctx.config.campusTimeZone);
  });
  afterAll(() => app.close());

  const none: TokenScopes = { borrowing: 'none', repairs: 'none', inventory: 'none', locations: 'none', people: 'none' };
  let made = 0;
  const create = async (scopes: Partial<TokenScopes>, over: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { cookie: admin },
      payload: { name: `Sync ${++made}`, expiresOn: addDays(today, 30), scopes: { ...none, ...scopes }, ...over },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: { id: number; name: string; status: string; lastUsedAt: string | null }; secret: string };
  };
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const call = (secret: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(secret), ...(payload ? { payload } : {}) });

  it('is made by administrators only, and its secret is answered once', async () => {
    const body = { name: 'Registrar sync', expiresOn: addDays(today, 10), scopes: { ...none, people: 'read' } };
    const refused = await app.inject({ method: 'POST', url: '/api/api-tokens', headers: { cookie: staff }, payload: body });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/api-tokens', headers: { cookie: staff } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/api-tokens', payload: body })).statusCode).toBe(401);

    const { token, secret } = await create({ people: 'read' }, { name: 'Registrar sync' });
    expect(secret).toMatch(/^gso_\d+_[A-Za-z0-9_-]{43}$/);
    expect(token.status).toBe('active');
    const list = await app.inject({ method: 'GET', url: '/api/api-tokens', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(-43));
    const row = list.json().items.find((t: { id: number }) => t.id === token.id);
    expect(row).toMatchObject({ name: 'Registrar sync', createdBy: expect.any(String), scopes: { people: 'read', borrowing: 'none' } });
    expect(row).not.toHaveProperty('secret');
    // Only the hash is kept.
    const kept = await app.ctx.db.selectFrom('api_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(kept)).not.toContain(secret.slice(-43));
    expect(kept.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    // Its making is the office desk's business: in staff's feed, not in personnel's.
    const personnel = await loginAs(app, 'personnel');
    const feed = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/activity', headers: { cookie } })).body;
    expect(await feed(staff)).toContain('Registrar sync');
    expect(await feed(personnel)).not.toContain('Registrar sync');
  });

  it('checks the form in the product’s words', async () => {
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/api-tokens', headers: { cookie: admin }, payload });
    const good = { name: 'X', expiresOn: addDays(today, 5), scopes: { ...none, repairs: 'read' } };
    const cases: [object, string][] = [
      [{ ...good, name: '  ' }, 'Enter a name'],
      [{ ...good, expiresOn: '' }, 'Choose the date'],
      [{ ...good, expiresOn: '2026-02-30' }, 'Choose the date'],
      [{ ...good, expiresOn: today }, 'after today'],
      [{ ...good, expiresOn: addDays(latestExpiry(today), 1) }, 'at most 2 years'],
      [{ ...good, scopes: none }, 'at least one area'],
    ];
    for (const [payload, words] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(words);
    }
    expect((await post({ ...good, expiresOn: latestExpiry(today) })).statusCode).toBe(201);
    // Hostile values: 4xx, never 500.
    for (const payload of [
      { ...good, scopes: { ...none, repairs: 'admin' } },
      { ...good, name: 5 },
      { ...good, name: 'x'.repeat(100_000) },
      { ...good, expiresOn: 99999999999 },
      { ...good, scopes: 'all' },
      [],
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const id of ['99999999999999999999', 'abc', '-1', '0', '2147483647']) {
      const res = await app.inject({ method: 'POST', url: `/api/api-tokens/${id}/revoke`, headers: { cookie: admin } });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  /** Every operation of the endpoint tables, as the table says: its area and whether it reads. */
  const operations = AREA_TABLES.flatMap(([, table]) => Object.values(table) as Endpoint[]);
  const urlOf = (ep: Endpoint) => ep.path.replace(/:[a-zA-Z]+/g, '2147483647');
  const tokenRefusal = (body: string) => /This token may not/.test(body);

  it('allows and refuses each operation of the endpoint tables as its scope says', async () => {
    const levels: ScopeLevel[] = ['none', 'read', 'write'];
    const secrets = new Map<string, string>();
    for (const area of TOKEN_AREAS)
      for (const level of levels.slice(1)) secrets.set(`${area}:${level}`, (await create({ [area]: level })).secret);
    // A token with every other area written, to show one area's scope never opens another's.
    const others = new Map<TokenArea, string>();
    for (const area of TOKEN_AREAS)
      others.set(area, (await create(Object.fromEntries(TOKEN_AREAS.filter((a) => a !== area).map((a) => [a, 'write'])))).secret);

    let checked = 0;
    for (const ep of operations) {
      // The walk calls each token more often than this app's small per-minute limit: its windows start again.
      await app.ctx.db.deleteFrom('counters').where('key', 'like', 'token:%').execute();
      const needed = scopeNeeded(ep);
      const label = `${ep.method} ${ep.path}`;
      if (!needed) {
        // One's own account: never with a token.
        const res = await call(secrets.get('people:write')!, ep.method, urlOf(ep));
        expect(res.statusCode, label).toBe(403);
        expect(res.json().error.message, label).toMatch(/This token may not be used/);
        continue;
      }
      const refusedBy = [others.get(needed.area)!, ...(needed.needs === 'write' ? [secrets.get(`${needed.area}:read`)!] : [])];
      for (const secret of refusedBy) {
        const res = await call(secret, ep.method, urlOf(ep));
        expect(res.statusCode, label).toBe(403);
        expect(res.json().error.message, label).toMatch(/^This token may not (read|change) /);
      }
      // Allowed: the token's check lets it through to the operation's own checks (an id that does not exist, a body missing).
      const allowedBy =
        needed.needs === 'read'
          ? [secrets.get(`${needed.area}:read`)!, secrets.get(`${needed.area}:write`)!]
          : [secrets.get(`${needed.area}:write`)!];
      for (const secret of allowedBy) {
        const res = await call(secret, ep.method, urlOf(ep));
        expect(res.statusCode, `${label} ${res.body.slice(0, 200)}`).not.toBe(401);
        expect(res.statusCode, `${label} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(tokenRefusal(res.body), `${label} ${res.body.slice(0, 200)}`).toBe(false);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(90);
  }, 120_000);

  it('refuses tokens where they make no sense: sign-in, sessions, one’s own settings, the tokens themselves', async () => {
    const { secret } = await create(Object.fromEntries(TOKEN_AREAS.map((a) => [a, 'write'])));
    for (const [method, url] of [
      ['POST', '/api/auth/login'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/me'],
      ['PUT', '/api/me/profile'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['GET', '/api/activity'],
      ['GET', '/api/site/settings'],
    ] as const) {
      const res = await call(secret, method, url, method === 'GET' ? undefined : {});
      expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().error.message).toContain('This token may not be used');
    }
  });

  it('reads and writes with a token; the Activity Log names the token, and last use is kept', async () => {
    const { token, secret } = await create({ locations: 'write' }, { name: 'Registrar sync' });
    const read = await call(secret, 'GET', '/api/buildings');
    expect(read.statusCode, read.body).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/api-tokens', headers: { cookie: admin } });
    expect(after.json().items.find((t: { id: number }) => t.id === token.id).lastUsedAt).not.toBeNull();

    const code = `TK${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const write = await call(secret, 'POST', '/api/buildings', { code, name: 'Token Hall' });
    expect(write.statusCode, write.body).toBe(201);
    const log = await app.inject({ method: 'GET', url: '/api/activity/audit?pageSize=5', headers: { cookie: admin } });
    expect(log.statusCode, log.body).toBe(200);
    const entry = log.json().items.find((e: { description: string }) => e.description.includes(code));
    expect(entry.actorName).toBe('Registrar sync (API token)');
    expect(entry.description).toContain('Registrar sync (API token)');
    const kept = await app.ctx.db
      .selectFrom('activity')
      .select(['api_token_id'])
      .where('description', 'like', `%${code}%`)
      .executeTakeFirstOrThrow();
    expect(kept.api_token_id).toBe(token.id);
    // The same write by a session names no token.
    const code2 = `SS${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/buildings',
          headers: { cookie: admin },
          payload: { code: code2, name: 'Session Hall' },
        })
      ).statusCode,
    ).toBe(201);
    const byAdmin = await app.ctx.db
      .selectFrom('activity')
      .select(['api_token_id'])
      .where('description', 'like', `%${code2}%`)
      .executeTakeFirstOrThrow();
    expect(byAdmin.api_token_id).toBeNull();
    // A thing's own history (a repair's timeline) names the token too.
    const building = write.json().building as { id: number };
    const about = await entriesAbout(app.ctx.db, { type: 'building', id: building.id });
    expect(about.map((e) => e.actor_name)).toContain('Registrar sync (API token)');
  });

  it('carries no cookie session: a bearer request is the token alone', async () => {
    const { secret } = await create({ locations: 'read' });
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin, ...bearer(secret) } });
    expect(res.statusCode).toBe(403);
    const users = await app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie: admin, ...bearer(secret) } });
    expect(users.statusCode).toBe(403);
  });

  it('answers 401 to revoked, expired, unknown and malformed tokens, never 500', async () => {
    const { token, secret } = await create({ repairs: 'read' });
    expect((await call(secret, 'GET', '/api/repairs')).statusCode).toBe(200);
    const revoke = await app.inject({ method: 'POST', url: `/api/api-tokens/${token.id}/revoke`, headers: { cookie: admin } });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().token.status).toBe('revoked');
    const again = await app.inject({ method: 'POST', url: `/api/api-tokens/${token.id}/revoke`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(409);
    const revoked = await call(secret, 'GET', '/api/repairs');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toContain('revoked');

    const expiring = await create({ repairs: 'read' });
    await app.ctx.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.token.id)
      .execute();
    const expired = await call(expiring.secret, 'GET', '/api/repairs');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toContain('expired');
    const list = await app.inject({ method: 'GET', url: '/api/api-tokens', headers: { cookie: admin } });
    expect(list.json().items.find((t: { id: number }) => t.id === expiring.token.id).status).toBe('expired');

    const live = await create({ repairs: 'read' });
    const wrongSecret = live.secret.slice(0, -1) + (live.secret.endsWith('A') ? 'B' : 'A');
    for (const header of [
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer gso_',
      'Bearer not-a-token',
      `Bearer ${wrongSecret}`,
      `Bearer gso_99999999999999999999_${'a'.repeat(43)}`,
      `Bearer gso_2147483647_${'a'.repeat(43)}`,
      `Bearer gso_9999999999_${'a'.repeat(43)}`,
      `Bearer ${live.secret} extra`,
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: '/api/repairs', headers: { authorization: header } });
      expect(res.statusCode, header.slice(0, 60)).toBe(401);
    }
    // Lower-case scheme is still the scheme.
    expect((await app.inject({ method: 'GET', url: '/api/repairs', headers: { authorization: `bearer ${live.secret}` } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a token whose administrator is no longer one', async () => {
    const { secret } = await create({ repairs: 'read' });
    const [adminRow] = await app.ctx.db.selectFrom('api_tokens').select('created_by').orderBy('id', 'desc').limit(1).execute();
    await app.ctx.db.updateTable('accounts').set({ role: 'staff' }).where('id', '=', adminRow.created_by!).execute();
    try {
      expect((await call(secret, 'GET', '/api/repairs')).statusCode).toBe(401);
    } finally {
      await app.ctx.db.updateTable('accounts').set({ role: 'admin' }).where('id', '=', adminRow.created_by!).execute();
    }
    expect((await call(secret, 'GET', '/api/repairs')).statusCode).toBe(200);
  });

  it('limits each token’s requests per minute: 429 with Retry-After, another token unaffected', async () => {
    const a = await create({ locations: 'read' });
    const b = await create({ locations: 'read' });
    const answers = await Promise.all(Array.from({ length: LIMIT + 5 }, () => call(a.secret, 'GET', '/api/buildings')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toContain(`more than ${LIMIT} requests`);
    expect((await call(b.secret, 'GET', '/api/buildings')).statusCode).toBe(200);
  });

  it('describes the bearer scheme and each operation’s scope in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/buildings'].get['x-token-scope']).toBe('locations:read');
    expect(doc.paths['/api/buildings'].post['x-token-scope']).toBe('locations:write');
    expect(doc.paths['/api/buildings'].post.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(doc.paths['/api/api-tokens'].post['x-token-scope']).toBe('none');
    expect(doc.paths['/api/api-tokens'].post.security).toEqual([{ session: [] }]);
  });
});
