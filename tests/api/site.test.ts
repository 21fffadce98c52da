import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, image, loginAs, makeApp, multipart, pixelsOf, type TestApp } from '../helpers';

describe('site: health, security headers, limits, maintenance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('answers health once the database is reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready once the database answers and every migration has run, and says so when one has not', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'current',
      files: 'ok',
    });
    const last = await app.ctx.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', (last as { name: string }).name as never)
      .execute();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', migrations: 'pending', files: 'ok' });
    } finally {
      await app.ctx.db
        .insertInto('kysely_migration' as never)
        .values({ name: (last as { name: string }).name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('serves Prometheus metrics to administrators, by route pattern, with each answer naming its request id', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { cookie: await loginAs(app, 'student') } })).statusCode).toBe(403);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { cookie: await loginAs(app, 'admin') } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/gso_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
    // Off: no metrics at all (the path is the browser app's, like any unknown page). Public: for a scraper.
    for (const setting of ['off', 'public'] as const) {
      const other = await makeApp({ seed: false, env: { METRICS: setting } });
      try {
        const answer = await other.inject({ method: 'GET', url: '/metrics' });
        expect(answer.body.includes('gso_http_request_duration_seconds'), setting).toBe(setting === 'public');
      } finally {
        await other.close();
      }
    }
  });

  it('sends a Content-Security-Policy that allows no inline script, and no-sniff', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site/status' });
    expect(res.headers['content-security-policy']).toContain(";script-src 'self';");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 413 to a body over the limit and a JSON 404 to an unknown API path', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('too_large');
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('answers a malformed body with 400 and a message, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('in maintenance mode refuses non-admin API work with 503 while admins keep working', async () => {
    const admin = await loginAs(app, 'admin');
    const student = await loginAs(app, 'student');
    expect(
      (await app.inject({ method: 'PUT', url: '/api/site/maintenance', headers: { cookie: student }, payload: { enabled: true } }))
        .statusCode,
    ).toBe(403);
    const on = await app.inject({ method: 'PUT', url: '/api/site/maintenance', headers: { cookie: admin }, payload: { enabled: true } });
    expect(on.json().available).toBe(false);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/site/status' })).json().available).toBe(false);
      const refused = await app.inject({ method: 'GET', url: '/api/dashboard/user', headers: { cookie: student } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('maintenance');
      const userLogin = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'faculty@campus.test', password: 'faculty123', portal: 'user' },
      });
      expect(userLogin.statusCode).toBe(503);
      const adminLogin = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'staff@campus.test', password: 'staff123', portal: 'admin' },
      });
      expect(adminLogin.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: { cookie: admin } })).statusCode).toBe(200);
    } finally {
      await app.inject({ method: 'PUT', url: '/api/site/maintenance', headers: { cookie: admin }, payload: { enabled: false } });
    }
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/user', headers: { cookie: student } })).statusCode).toBe(200);
  });

  it('lets the MAINTENANCE_MODE setting override the stored switch', async () => {
    const forced = await makeApp({ seed: false, env: { MAINTENANCE_MODE: 'on' } });
    try {
      const status = (await forced.inject({ method: 'GET', url: '/api/site/status' })).json();
      expect(status).toMatchObject({ available: false, maintenanceForced: true });
    } finally {
      await forced.close();
    }
  });

  it('serves live landing figures from the database', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/site/stats' })).json();
    await app.ctx.db
      .updateTable('items')
      .set((eb) => ({ quantity: eb('quantity', '+', 5) }))
      .where('name', '=', 'Broom')
      .execute();
    const open = await app.ctx.db.selectFrom('repair_reports').select('id').where('status', '!=', 'completed').executeTakeFirstOrThrow();
    await app.ctx.db.updateTable('repair_reports').set({ status: 'completed' }).where('id', '=', open.id).execute();
    const after = (await app.inject({ method: 'GET', url: '/api/site/stats' })).json();
    expect(after.itemsAvailable).toBe(before.itemsAvailable + 5);
    expect(after.repairsCompleted).toBe(before.repairsCompleted + 1);
    expect(typeof after.requestsHandled).toBe('number');
  });
});

describe('campus map setting', () => {
  it('serves the image set by CAMPUS_MAP_FILE, checked by its bytes', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { FILES } = await import('../helpers');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gso-map-')), 'map.png');
    fs.writeFileSync(file, FILES.png);
    const app = await makeApp({ seed: false, env: { CAMPUS_MAP_FILE: file } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/site/status' })).json().campusMapUrl).toBe('/api/site/campus-map');
      const map = await app.inject({ method: 'GET', url: '/api/site/campus-map' });
      expect(map.headers['content-type']).toBe('image/png');
      expect(map.rawPayload.equals(FILES.png)).toBe(true);
    } finally {
      await app.close();
    }
    const plain = await makeApp({ seed: false });
    try {
      expect((await plain.inject({ method: 'GET', url: '/api/site/status' })).json().campusMapUrl).toBe('/campus-map.svg');
      expect((await plain.inject({ method: 'GET', url: '/api/site/campus-map' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('site settings', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const office = {
    name: 'GSO Main Office',
    address: 'Room 101, Admin Hall',
    phone: '(02) 8555 0101',
    email: 'office@campus.test',
  };
  const put = (cookie: string, body: unknown) =>
    app.inject({ method: 'PUT', url: '/api/site/office', headers: { cookie }, payload: body as object });
  const feed = async (type: string) =>
    app.ctx.db.selectFrom('activity').select('description').where('action_type', '=', type).orderBy('id', 'desc').execute();

  it('an administrator changes the office details the landing page shows, checked in the form order, written to the feed', async () => {
    expect((await put(admin, { ...office, name: '  ', email: 'nope' })).json().error.message).toBe('Office name is required');
    expect((await put(admin, { ...office, email: 'nope' })).json().error.message).toBe('Please enter a valid email address');
    expect((await put(admin, { ...office, phone: 'x'.repeat(41) })).statusCode).toBe(400);
    expect((await put(admin, { ...office, address: 'a\u0000b' })).statusCode).toBe(400);
    const saved = await put(admin, { ...office, name: '  GSO Main Office  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Office details saved', office });
    // The hours come from the office calendar (tests open the office every day, 7 to 7).
    expect((await app.inject({ method: 'GET', url: '/api/site/status' })).json().office).toEqual({
      ...office,
      hours: 'Monday to Sunday, 7:00 AM - 7:00 PM',
    });
    expect((await feed('site_settings'))[0].description).toMatch(/updated the office contact details/);
  });

  it('only the office administrators may change them', async () => {
    for (const who of ['student', 'faculty', 'personnel'] as const) {
      const cookie = await loginAs(app, who);
      expect((await put(cookie, office)).statusCode, who).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: '/api/site/campus-map', headers: { cookie } })).statusCode, who).toBe(403);
    }
    expect((await put('', office)).statusCode).toBe(401);
  });

  it('an uploaded campus map is checked by its content, re-encoded, served, replaced and removed', async () => {
    const upload = (data: Buffer, type = 'image/png') => {
      const m = multipart({}, { map: { name: 'map.png', type, data } });
      return app.inject({ method: 'POST', url: '/api/site/campus-map', payload: m.payload, headers: { ...m.headers, cookie: admin } });
    };
    expect((await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/svg+xml')).statusCode).toBe(400);
    expect((await upload(Buffer.concat([FILES.png.subarray(0, 40)]))).statusCode).toBe(400);
    const png = await image('png', 40, 30);
    const withTail = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const first = await upload(withTail);
    expect(first.statusCode).toBe(200);
    const url: string = first.json().campusMapUrl;
    expect(url).toMatch(/^\/api\/site\/campus-map\?v=/);
    expect((await app.inject({ method: 'GET', url: '/api/site/status' })).json().campusMapUrl).toBe(url);
    const served = await app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(await pixelsOf(served.rawPayload)).toEqual(await pixelsOf(png));

    const second = (await upload(await image('png', 20, 10))).json().campusMapUrl;
    expect(second).not.toBe(url);
    const removed = await app.inject({ method: 'DELETE', url: '/api/site/campus-map', headers: { cookie: admin } });
    expect(removed.json()).toMatchObject({ message: 'Campus map removed', campusMapUrl: '/campus-map.svg' });
    expect((await app.inject({ method: 'GET', url: '/api/site/campus-map' })).statusCode).toBe(404);
    expect((await feed('site_settings')).map((r) => r.description).slice(0, 3)).toEqual([
      expect.stringMatching(/removed the uploaded campus map/),
      expect.stringMatching(/uploaded a new campus map/),
      expect.stringMatching(/uploaded a new campus map/),
    ]);
    // No stored map is left behind once it is replaced or removed.
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.join(app.ctx.config.uploadDir, 'site');
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});
