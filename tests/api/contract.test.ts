import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '../../core/common/endpoint';
import { ERROR_CODES } from '../../core/errors';
import { registerContract, serializerCompiler } from '../../server/plugins/contract';
import { MSG } from '../../core/messages';
import { act, newItem, requestId } from '../borrowing';
import { FILES, loginAs, makeApp, multipart, type TestApp } from '../helpers';

/** The API contract (core/<domain>/schemas.ts): every operation documents what it answers, and answers nothing else. */
describe('the API contract', () => {
  let app: TestApp;
  let doc: any;

  beforeAll(async () => {
    app = await makeApp();
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => app.close());

  const operations = () =>
    Object.entries<any>(doc.paths).flatMap(([path, methods]) =>
      Object.entries<any>(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );

  it('documents a success body for every operation, and the shared error body for its 4xx and 5xx', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    for (const { method, path, op } of ops) {
      const where = `${method} ${path}`;
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success, `${where} has a 2xx response`).not.toHaveLength(0);
      for (const status of success) {
        const content = op.responses[status].content ?? {};
        if (status === '204') continue;
        expect(Object.keys(content).length, `${where} ${status} names its content`).toBeGreaterThan(0);
        for (const [type, media] of Object.entries<any>(content)) {
          expect(media.schema, `${where} ${status} ${type} has a schema`).toBeTruthy();
          if (type === 'application/json') expect(media.schema.$ref ?? media.schema.type, `${where} ${status} is typed`).toBeTruthy();
          else expect(media.schema).toMatchObject({ type: 'string', format: 'binary' });
        }
      }
      for (const range of ['4XX', '5XX'])
        expect(op.responses[range]?.content['application/json'].schema.$ref, `${where} ${range}`).toBe('#/components/schemas/Error');
    }
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it('writes answers through their schema: unlisted fields dropped, an answer that does not fit never sent', () => {
    const write = serializerCompiler({
      schema: z.object({ name: z.string(), tags: z.array(z.object({ id: z.number() })) }),
      method: 'GET',
      url: '/x',
    });
    expect(write({ name: 'Ana', password_hash: 'scrypt$…', tags: [{ id: 1, path: 'ids/a.png' }] })).toBe(
      '{"name":"Ana","tags":[{"id":1}]}',
    );
    expect(() => write({ name: 12, tags: [] })).toThrow();
  });

  it('never says in a summary that an operation is for administrators only when its x-roles admit others', () => {
    const adminsOnly = /\b(admins|administrators) only\b|\bonly (admins|administrators)\b/i;
    for (const { method, path, op } of operations()) {
      if (adminsOnly.test(`${op.summary} ${op.description ?? ''}`))
        expect(op['x-roles'], `${method} ${path}: ${op.summary}`).toEqual(['admin']);
    }
  });

  it('names the content types of the files it sends', () => {
    const types = (path: string) => Object.keys(doc.paths[path].get.responses['200'].content).sort();
    expect(types('/api/accounts/{id}/id-file')).toEqual(['image/jpeg', 'image/png']);
    expect(types('/api/borrow-requests/{id}/proof')).toEqual(['image/gif', 'image/jpeg', 'image/png']);
    expect(types('/api/site/campus-map')).toEqual(['image/gif', 'image/jpeg', 'image/png']);
  });

  it('never answers a password hash, a code hash or a stored file path, whatever is asked and by whom', async () => {
    // Something in every list: a registration with an ID file, and a loan returned with a proof photo.
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(
        {
          full_name: 'Lea Santos',
          email: 'lea@campus.test',
          contact_number: '0917',
          password: 'secret1',
          confirm_password: 'secret1',
          role: 'student',
        },
        { id_file: { name: 'id.png', type: 'image/png', data: FILES.png } },
      ),
    });
    const faculty = await loginAs(app, 'faculty');
    const admin = await loginAs(app, 'admin');
    const item = await newItem(app, { quantity: 3 });
    const id = await requestId(app, faculty, [[item, 1]]);
    await act(app, admin, id, 'approve', { items: [item] });

    const secrets = [
      ...(await app.ctx.db.selectFrom('accounts').select(['password_hash', 'id_file']).execute()).flatMap((a) => [
        a.password_hash,
        a.id_file,
      ]),
      ...(await app.ctx.db.selectFrom('borrow_requests').select('proof_path').execute()).map((r) => r.proof_path),
      ...(await app.ctx.db.selectFrom('verification_codes').select('code_hash').execute()).map((c) => c.code_hash),
    ].filter((s): s is string => !!s);
    expect(secrets.length).toBeGreaterThan(10);
    const forbidden = [...secrets, 'password_hash', 'passwordHash', 'id_file_mime', 'proof_path', 'code_hash'];

    const gets = operations().filter((o) => o.method === 'GET' && !o.path.includes('{') && o.path !== '/api/dev/outbox');
    const people = { admin, faculty, student: await loginAs(app, 'student'), personnel: await loginAs(app, 'personnel') };
    const urls = [
      ...gets.map((o) => o.path),
      '/api/accounts?type=faculty',
      '/api/accounts?type=admins',
      '/api/accounts?type=personnel&search=a',
      `/api/borrow-requests/${id}`,
    ];
    let answered = 0;
    for (const cookie of Object.values(people)) {
      for (const url of urls) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) continue;
        answered++;
        for (const secret of forbidden) expect(res.body, `GET ${url} leaks ${secret.slice(0, 12)}`).not.toContain(secret);
      }
    }
    expect(answered).toBeGreaterThan(20);
    // The signed-in account, in particular, is the one the schema lists.
    const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).json().account;
    expect(Object.keys(me).sort()).toEqual(Object.keys(doc.components.schemas.Account.properties).sort());
  });

  it('answers errors from the shared list, with the extras the screens read', async () => {
    const pending = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'pending@campus.test', password: 'student123', portal: 'user' },
    });
    expect(pending.json()).toEqual({ error: { code: 'pending_approval', message: MSG.pendingApproval } });

    const unverified = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'janitor@campus.test', password: 'personnel123', portal: 'personnel' },
    });
    expect(unverified.json()).toMatchObject({
      error: { code: 'email_not_verified' },
      email: 'janitor@campus.test',
      expiresIn: 15,
      code: expect.stringMatching(/^\d{6}$/),
    });
    const right = unverified.json().code as string;
    const wrong = right === '000000' ? '111111' : '000000';
    const ticket = unverified.cookies.find((c) => c.name === 'gso_verify')!.value;
    const guess = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { cookie: `gso_verify=${ticket}` },
      payload: { code: wrong },
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toEqual({ error: { code: 'wrong_code', message: MSG.wrongCode(4) }, attemptsLeft: 4 });

    // Framework errors get a code from the list too.
    const badType = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(badType.statusCode).toBeGreaterThanOrEqual(400);
    expect(ERROR_CODES).toContain(badType.json().error.code);
  });
});

/** The endpoint tables (core/<domain>/endpoints.ts) are the API: each operation is served, and nothing else is. */
describe('the endpoint tables', () => {
  it('are served one route each, and a route outside them does not start', async () => {
    // Every domain's table, found on disk, so a new one is checked without being listed here.
    const files = fs
      .readdirSync('core', { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join('core', d.name, 'endpoints.ts')))
      .map((d) => `core/${d.name}/endpoints.ts`);
    expect(files.length).toBeGreaterThan(10);
    const tables = await Promise.all(files.map((file) => import(`../../${file}`)));
    // ... and each is in the API's type the browser's calls are checked against (core/endpoints.ts).
    const apiType = fs.readFileSync('core/endpoints.ts', 'utf8');
    for (const [i, table] of tables.entries())
      for (const name of Object.keys(table)) expect(apiType, `${files[i]} is in core/endpoints.ts`).toContain(`typeof ${name}`);
    const operations = tables.flatMap((t) => Object.values(t).flatMap((table) => Object.values(table as Record<string, Endpoint>)));
    const app = await makeApp();
    try {
      const keys = operations.map((ep) => `${ep.method} ${ep.path}`);
      expect(new Set(keys).size, 'no operation is declared twice').toBe(keys.length);
      // The development outbox is served in development only (tests run as development).
      for (const ep of operations)
        expect(app.hasRoute({ method: ep.method, url: ep.path }), `${ep.method} ${ep.path} is served`).toBe(true);
      const bare = Fastify();
      registerContract(bare);
      expect(() =>
        bare.get('/api/unlisted', { config: { access: 'public' }, schema: { response: { 200: z.object({}) } } }, async () => ({})),
      ).toThrow('GET /api/unlisted is not declared in an endpoint table');
      await bare.close();
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
