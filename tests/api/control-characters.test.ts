import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/common/endpoint';
import { CONTROL_MESSAGE, MULTILINE_CONTROL_MESSAGE } from '../../core/common/schemas';
import { bodyWith, def, operations, shapeOf, unwrap, type Z } from '../endpointWalk';
import { FILES, loginAs, makeApp, multipart, registrationFields, type TestApp } from '../helpers';

/**
 * Names and titles hold no control characters or direction marks, and multi-line free text none but its line
 * breaks: every such field of every JSON body in the endpoint tables refuses them (400) by the one shared rule
 * (core/common/schemas.ts), on SQLite and, with DATABASE_URL, on PostgreSQL.
 */

/** Fields that name or title something: one line. */
const NAME = /^(name|title|fullName|full_name|code|category|designation|purpose|reason|label|building|room|issue|prefix|location)$/;
/** Fields of multi-line free text. */
const PROSE = /^(description|notes|adminNotes|workDescription|comment|details|message)$/;
const LINE_BREAKS = ['\r', '\n', 'a\r\nb'];
/** Fields with a stricter rule of their own: the verification code is six digits. */
const OWN_RULE = new Set(['POST /api/auth/verify-email code']);
const CONTROLS = ['\u0007', '\u001b[31m', '\u202e', '\u2066', '\u200f', '\u0085', '\u009b', '\u0001'];

/** The string fields of a body, with the keys to reach them (not inside arrays). */
function stringFields(s: Z, at: string[] = []): string[][] {
  const shape = shapeOf(s);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const u = unwrap(field);
    if (def(u).type === 'object') return stringFields(u, [...at, key]);
    return def(u).type === 'string' ? [[...at, key]] : [];
  });
}

const cases = operations.flatMap((ep) =>
  ep.schema.body && !ep.schema.consumes?.every((c) => c === 'multipart/form-data')
    ? stringFields(ep.schema.body as Z)
        .filter((at) => NAME.test(at.at(-1)!) || PROSE.test(at.at(-1)!))
        .filter((at) => !OWN_RULE.has(`${ep.method} ${ep.path} ${at.join('.')}`))
        .map((at) => [`${ep.method} ${ep.path}`, at.join('.'), ep, at, NAME.test(at.at(-1)!)] as const)
    : [],
);

describe('control characters in names and free text', () => {
  let app: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    app = await makeApp();
    for (const role of ['student', 'faculty', 'personnel', 'admin'] as const) cookies[role] = await loginAs(app, role);
  });
  afterAll(() => app.close());

  const send = (ep: Endpoint, body: unknown) => {
    const cookie = ep.access === 'public' ? undefined : cookies[ep.access.find((r) => r in cookies) ?? 'admin'];
    return app.inject({
      method: ep.method,
      url: ep.path.replace(/:(\w+)/g, '1'),
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  };

  it('finds the names and the free text', () => {
    const where = cases.map(([op, field]) => `${op} ${field}`);
    for (const expected of ['POST /api/items name', 'POST /api/rooms name', 'POST /api/buildings name', 'POST /api/saved-reports name'])
      expect(where).toContain(expected);
    expect(cases.filter((c) => !c[4]).length).toBeGreaterThan(3);
  });

  it.each(cases)('%s: %s refuses them', async (_op, field, ep, at, isName) => {
    const refused = isName ? [...LINE_BREAKS, ...CONTROLS] : CONTROLS;
    for (const c of refused) {
      const res = await send(ep, bodyWith(ep.schema.body as Z, at, `Room${c}101`));
      expect(res.statusCode, `${field} with ${JSON.stringify(c)}: ${res.body}`).toBe(400);
      expect(res.json().error.message, `${field} with ${JSON.stringify(c)}`).toBe(
        `${field}: ${isName ? CONTROL_MESSAGE : MULTILINE_CONTROL_MESSAGE}`,
      );
    }
    if (!isName) {
      const res = await send(ep, bodyWith(ep.schema.body as Z, at, 'Line one\nLine two\r\nand a\ttab'));
      expect(res.json().error?.message ?? '', `${field} keeps its line breaks`).not.toContain(MULTILINE_CONTROL_MESSAGE);
    }
  });

  it('a registration (a multipart form) refuses them in the full name, by the same rule', async () => {
    for (const [i, c] of [...LINE_BREAKS, ...CONTROLS].entries()) {
      const body = multipart(registrationFields({ full_name: `Rosa${c}Santos`, email: `rosa${i}@campus.test` }), {
        id_file: { name: 'id.png', type: 'image/png', data: FILES.png },
      });
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: `10.77.0.${i + 1}`, ...body });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().error.message).toBe(`Full name ${CONTROL_MESSAGE}`);
    }
  });
});
