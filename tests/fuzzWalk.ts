import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays } from './borrowing';
import { FILES, loginAs, makeApp, multipart, registrationFields, type TestApp } from './helpers';

/**
 * Hostile input: every operation in /api/openapi.json, every path parameter, query parameter
 * and JSON body field, given values a database chokes on (ids past PostgreSQL's integer, NUL characters,
 * 10,000-character strings, wrong types, broken bodies), by no one, a student and an admin. No answer may be
 * a 5xx, on either database; and a NUL character anywhere is refused (a 4xx), never stored.
 * Each caller's walk is a test file of its own (tests/api/fuzz*.test.ts), on an app of its own, so that the three
 * walks, the longest tests of the suite, run side by side rather than one after another.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' }[];
  body: any | null;
}
interface Case {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** The input carries a NUL character where the operation reads it: it must be refused. */
  nul?: boolean;
}

const NUL = '\u0000';
const LONG = 'x'.repeat(10_000);

/** Raw path segments (already URL text: %00 decodes to NUL). */
const PATH_VALUES = [
  '99999999999',
  '2147483648',
  '-1',
  '0',
  'abc',
  '1.5',
  '1e3',
  '%00',
  'a%00b',
  '%2500',
  '%',
  '%zz',
  LONG,
  '9'.repeat(400),
  '%20',
];
/** Query values (encoded when sent). */
const QUERY_VALUES = ['99999999999', '2147483648', '-1', '0', 'abc', '1.5', '1e309', 'NaN', '', NUL, `a${NUL}b`, '%00', LONG];
/** JSON values put in place of each field of a body. */
const BODY_VALUES: Json[] = [
  99999999999,
  2147483648,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  'abc',
  '',
  NUL,
  `a${NUL}b`,
  LONG,
  null,
  true,
  {},
  [],
  [99999999999],
  [NUL],
  { a: NUL },
];
const hasNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes(NUL)
    : Array.isArray(v)
      ? v.some(hasNul)
      : v && typeof v === 'object'
        ? Object.values(v).some(hasNul)
        : false;

/** Values that get a body past its first checks, so a hostile field is read where it matters. */
const SAMPLE: Record<string, Json> = {
  email: 'nobody@campus.test',
  password: 'not-the-password',
  portal: 'user',
  code: '123456',
  path: '/somewhere',
  purpose: 'Department event',
  dateNeeded: inDays(1),
  dateExpectedReturn: inDays(3),
  itemId: 1,
  quantity: 1,
  reason: 'Not today',
  enabled: false,
};

function resolve(doc: any, schema: any): any {
  if (schema?.$ref)
    return resolve(
      doc,
      schema.$ref
        .split('/')
        .slice(1)
        .reduce((o: any, k: string) => o[k], doc),
    );
  return schema;
}

/** A plausible value for a schema, from SAMPLE by field name where it has one. */
function sampleOf(doc: any, raw: any, name?: string): Json {
  const schema = resolve(doc, raw) ?? {};
  if (name && name in SAMPLE) return SAMPLE[name]!;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries<any>(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(doc, s, k)]));
  if (type === 'array') return [sampleOf(doc, schema.items)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  return 'text';
}

/** Every place in a JSON value (as a path of keys), the value itself first. */
function placesIn(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => placesIn(v, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => placesIn(v, [...at, k]))];
  return here;
}

function replaceAt(value: Json, at: (string | number)[], by: Json): Json {
  if (!at.length) return by;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[at[0]!] = replaceAt(copy[at[0]!], at.slice(1), by);
  return copy;
}

function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p: any) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const REGISTRATION = registrationFields({ email: 'rosa.fuzz@campus.test' });

const errorCodeOf = (body: string): string | undefined => {
  try {
    return JSON.parse(body)?.error?.code;
  } catch {
    return undefined;
  }
};

function casesOf(doc: any, op: Operation): Case[] {
  const cases: Case[] = [];
  const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const urlWith = (segments: Record<string, string> = {}) =>
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => segments[name] ?? '999999');
  const baseUrl = urlWith();

  for (const name of pathParams) {
    for (const v of PATH_VALUES)
      cases.push({ label: `path ${name}=${v.slice(0, 20)}`, url: urlWith({ [name]: v }), nul: v.includes('%00') });
  }
  for (const name of queryParams) {
    for (const v of QUERY_VALUES)
      cases.push({
        label: `query ${name}=${JSON.stringify(v.slice(0, 20))}`,
        url: `${baseUrl}?${name}=${encodeURIComponent(v)}`,
        nul: v.includes(NUL),
      });
    cases.push({ label: `query ${name} twice`, url: `${baseUrl}?${name}=1&${name}=2` });
    cases.push({ label: `query ${name}[]`, url: `${baseUrl}?${name}[]=1&${name}[a]=${encodeURIComponent(NUL)}` });
  }
  if (op.method === 'GET') return cases;

  if (op.body) {
    const base = sampleOf(doc, op.body);
    for (const at of placesIn(base)) {
      for (const v of BODY_VALUES) {
        cases.push({
          label: `body ${at.join('.') || '(whole)'}=${JSON.stringify(v).slice(0, 20)}`,
          url: baseUrl,
          payload: JSON.stringify(replaceAt(base, at, v)),
          headers: JSON_HEADERS,
          nul: hasNul(v),
        });
      }
    }
  }
  // Whole bodies that are not what any operation expects.
  const raw: [string, string, Record<string, string>][] = [
    ['empty JSON body', '', JSON_HEADERS],
    ['JSON null', 'null', JSON_HEADERS],
    ['JSON array', '[]', JSON_HEADERS],
    ['JSON string with NUL', JSON.stringify(NUL), JSON_HEADERS],
    ['truncated JSON', '{"a":', JSON_HEADERS],
    ['deeply nested JSON', '['.repeat(5000) + ']'.repeat(5000), JSON_HEADERS],
    ['long JSON string', JSON.stringify(LONG), JSON_HEADERS],
    ['text body', 'hello', { 'content-type': 'text/plain' }],
    ['unknown content type', 'hello', { 'content-type': 'application/x-hostile' }],
    ['multipart without boundary', 'hello', { 'content-type': 'multipart/form-data' }],
    ['multipart, empty boundary', 'hello', { 'content-type': 'multipart/form-data; boundary=' }],
    ['multipart, body not multipart', 'hello', { 'content-type': 'multipart/form-data; boundary=xyz' }],
  ];
  for (const [label, payload, headers] of raw) cases.push({ label, url: baseUrl, payload, headers });
  cases.push({ label: 'no body at all', url: baseUrl });

  const form = multipart(REGISTRATION, { id_file: { name: 'id.png', type: 'image/png', data: FILES.png } });
  for (const cut of [10, 60, form.payload.length - 20, form.payload.length - 3])
    cases.push({ label: `multipart truncated at ${cut}`, url: baseUrl, payload: form.payload.subarray(0, cut), headers: form.headers });
  for (const field of Object.keys(REGISTRATION)) {
    for (const v of [NUL, `a${NUL}b`, LONG]) {
      const body = multipart({ ...REGISTRATION, [field]: v }, { id_file: { name: 'id.png', type: 'image/png', data: FILES.png } });
      cases.push({
        label: `multipart ${field}=${JSON.stringify(v.slice(0, 20))}`,
        url: baseUrl,
        payload: body.payload,
        headers: body.headers,
        nul: v.includes(NUL) && op.path === '/api/auth/register',
      });
    }
  }
  return cases;
}

/** The walk as `who`: every operation, every hostile case, on an app of its own. */
export function hostileWalk(who: 'nobody' | 'student' | 'admin') {
  describe('hostile input never answers 5xx', () => {
    let app: TestApp;
    let doc: any;
    let cookie: string | null = null;
    let admin: string;
    let address = 0;

    beforeAll(async () => {
      app = await makeApp();
      admin = await loginAs(app, 'admin');
      if (who !== 'nobody') cookie = who === 'admin' ? admin : await loginAs(app, who);
      doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    });
    afterAll(() => app.close());

    it(`walks every operation with hostile input, as ${who}`, async () => {
      const ops = operationsOf(doc);
      expect(ops.length).toBeGreaterThan(20);
      const failures: string[] = [];
      let sent = 0;
      for (const op of ops) {
        for (const c of casesOf(doc, op)) {
          // A fresh address each time: the sign-in throttle and rate limits must not hide what lies behind them.
          const n = ++address;
          const res = await app.inject({
            method: op.method as any,
            url: c.url,
            payload: c.payload,
            headers: { ...c.headers, ...(cookie ? { cookie } : {}) },
            remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          });
          sent++;
          const what = `${who} ${op.method} ${op.path} ${c.label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) failures.push(what);
          else if (c.nul && (res.statusCode < 400 || res.statusCode >= 500)) failures.push(`NUL accepted: ${what}`);
          else if (res.statusCode >= 400 && !errorCodeOf(res.body)) failures.push(`not the error body: ${what}`);
          // Undo what a case may have changed for the walk itself.
          if (res.statusCode < 300 && op.path === '/api/site/maintenance')
            await app.inject({ method: 'PUT', url: op.path, payload: { enabled: false }, headers: { cookie: admin } });
          if (cookie && res.statusCode < 300 && (op.path === '/api/auth/logout' || op.path === '/api/auth/login')) {
            cookie = await loginAs(app, who as 'student' | 'admin');
            if (who === 'admin') admin = cookie;
          }
        }
      }
      expect(sent).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    }, 600_000);
  });
}
