import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/common/endpoint';
import { bodyWith, def, operations, shapeOf, unwrap, type Z } from '../endpointWalk';
import { id, ID_MESSAGE, idParam } from '../../core/common/schemas';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Every id a request carries, in every operation of the endpoint tables (core/<domain>/endpoints.ts), is read by the
 * one rule in core/common/schemas.ts: a hostile form that merely reads as an id ("0x1", "1e0", " 1", "01", true,
 * [1]) is refused with 400 and the rule's message, never taken as account or row 1. On SQLite and, with
 * DATABASE_URL, on PostgreSQL.
 */

/** Path and query ids: text that JavaScript's Number() or a database would read as 1 (or past the column). */
const HOSTILE_TEXT = ['0x1', '1e0', ' 1', '01', '+1', '1.0', '0b1', '1 ', '0', '-1', '2147483648', '١'];
/** Body ids: JSON values a coercion would take as an id. */
const HOSTILE_JSON: unknown[] = ['1', '0x1', '01', true, [1], 1.5, 0, -1, 2147483648, 1e300, {}];

const isIdName = (key: string) => /^(id|ids)$|[a-z]Ids?$/.test(key);

/** Where a body holds an id: the path of keys and array indexes to it, the schema there. */
function bodyIds(s: Z, at: (string | number)[] = []): { at: (string | number)[]; schema: Z }[] {
  const u = unwrap(s);
  if (u === (id as unknown)) return [{ at, schema: u }];
  if (def(u).type === 'array') return bodyIds(def(u).element!, [...at, 0]);
  const shape = shapeOf(u);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => bodyIds(field, [...at, key]));
}

describe('ids in requests', () => {
  let app: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    app = await makeApp();
    for (const role of ['student', 'faculty', 'personnel', 'admin'] as const) cookies[role] = await loginAs(app, role);
  });
  afterAll(() => app.close());

  const cookieFor = (ep: Endpoint) => (ep.access === 'public' ? undefined : cookies[ep.access.find((r) => r in cookies) ?? 'admin']);
  const send = (ep: Endpoint, url: string, body?: unknown) => {
    const cookie = cookieFor(ep);
    return app.inject({
      method: ep.method,
      url,
      headers: cookie ? { cookie } : {},
      ...(ep.method === 'GET' ? {} : { payload: (body ?? {}) as object }),
    });
  };
  const fill = (ep: Endpoint, values: Record<string, string> = {}) =>
    ep.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

  it('every field named as an id, in a path, a query or a body, is read by the shared rule', () => {
    const strays: string[] = [];
    const walk = (s: Z | undefined, where: string, allowed: unknown[]) => {
      const shape = shapeOf(s);
      for (const [key, field] of Object.entries(shape ?? {})) {
        const u = unwrap(field);
        const inner = def(u).type === 'array' ? unwrap(def(u).element!) : u;
        if (isIdName(key) && !allowed.includes(inner)) strays.push(`${where}.${key}`);
        if (def(inner).type === 'object') walk(inner, `${where}.${key}`, allowed);
      }
    };
    for (const ep of operations) {
      const name = `${ep.method} ${ep.path}`;
      walk(ep.schema.params as Z, `${name} params`, [idParam]);
      walk(ep.schema.querystring as Z, `${name} query`, [idParam]);
      walk(ep.schema.body as Z, `${name} body`, [id]);
    }
    // An id list in a query ("1,2,3") is its own shared rule (idList).
    expect(strays.filter((s) => !/ query\.ids$/.test(s))).toEqual([]);
  });

  const pathCases = operations.flatMap((ep) =>
    Object.entries(shapeOf(ep.schema.params as Z) ?? {})
      .filter(([, s]) => unwrap(s) === (idParam as unknown))
      .map(([name]) => [`${ep.method} ${ep.path}`, name, ep] as const),
  );
  it.each(pathCases)('%s: a hostile %s in the path is 400', async (_op, name, ep) => {
    for (const hostile of HOSTILE_TEXT) {
      const res = await send(ep, fill(ep, { [name]: hostile }));
      expect(res.statusCode, `${name}=${JSON.stringify(hostile)}: ${res.body}`).toBe(400);
      expect(res.json().error, `${name}=${JSON.stringify(hostile)}`).toEqual({ code: 'invalid_input', message: `${name}: ${ID_MESSAGE}` });
    }
  });

  const queryCases = operations.flatMap((ep) =>
    Object.entries(shapeOf(ep.schema.querystring as Z) ?? {})
      .filter(([, s]) => unwrap(s) === (idParam as unknown))
      .map(([name]) => [`${ep.method} ${ep.path}`, name, ep] as const),
  );
  it.each(queryCases)('%s: a hostile ?%s= is 400', async (_op, name, ep) => {
    for (const hostile of HOSTILE_TEXT) {
      const res = await send(ep, `${fill(ep)}?${name}=${encodeURIComponent(hostile)}`);
      expect(res.statusCode, `${name}=${JSON.stringify(hostile)}: ${res.body}`).toBe(400);
      expect(res.json().error.message, `${name}=${JSON.stringify(hostile)}`).toBe(`${name}: ${ID_MESSAGE}`);
    }
  });

  const bodyCases = operations.flatMap((ep) =>
    ep.schema.body ? bodyIds(ep.schema.body as Z).map(({ at }) => [`${ep.method} ${ep.path}`, at.join('.'), ep, at] as const) : [],
  );
  it.each(bodyCases)('%s: a hostile body %s is 400', async (_op, where, ep, at) => {
    for (const hostile of HOSTILE_JSON) {
      const res = await send(ep, fill(ep), bodyWith(ep.schema.body as Z, at, hostile));
      expect(res.statusCode, `${where}=${JSON.stringify(hostile)}: ${res.body}`).toBe(400);
      expect(res.json().error.message, `${where}=${JSON.stringify(hostile)}`).toBe(`${where}: ${ID_MESSAGE}`);
    }
  });

  it('finds ids in paths, queries and bodies', () => {
    expect(pathCases.length).toBeGreaterThan(50);
    expect(queryCases.length).toBeGreaterThan(3);
    expect(bodyCases.length).toBeGreaterThan(10);
  });

  it('still takes plain ids: in a path, a query and a body', async () => {
    const admin = { cookie: cookies.admin! };
    expect((await app.inject({ method: 'GET', url: '/api/rooms?building=1', headers: admin })).statusCode).toBe(200);
    const building = (await app.inject({ method: 'GET', url: '/api/buildings/1', headers: admin })).statusCode;
    expect(building).not.toBe(400);
    const added = await app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: admin,
      payload: { buildingId: 1, code: 'ID-1', name: 'Id test room' },
    });
    expect(added.statusCode, added.body).toBe(201);
  });
});
