import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * What only administrators may do (docs/decisions/staff-and-administrators.md). Every other operation an
 * administrator may call, staff may call too; account rules by whose account it is are tested in roles.test.ts.
 */
const ADMINISTRATORS_ONLY = new Set([
  'PUT /api/site/maintenance',
  'PUT /api/site/office',
  'POST /api/site/campus-map',
  'DELETE /api/site/campus-map',
  'PUT /api/site/calendar/hours',
  'POST /api/site/closures',
  'DELETE /api/site/closures/{id}',
  'PUT /api/repairs/targets',
  'PUT /api/site/damage-trades',
  'PUT /api/site/supply-requesters',
  'GET /api/dev/outbox',
  'POST /api/dev/jobs/{name}/run',
  // The system's own work, like its settings, is the administrators' (docs/decisions/job-runner.md).
  'GET /api/site/jobs',
  'POST /api/accounts/{id}/borrow-hold',
  'DELETE /api/accounts/{id}/borrow-hold',
  // The end-of-term sweep (docs/decisions/campus-sign-in.md) is the administrators'.
  'POST /api/accounts/term-sweep/preview',
  'POST /api/accounts/term-sweep',
  'POST /api/maintenance-plans',
  'PUT /api/maintenance-plans/{id}',
  'DELETE /api/maintenance-plans/{id}',
  // The departments list is kept by administrators (docs/decisions/departments.md).
  'POST /api/departments',
  'PUT /api/departments/{id}',
  'PUT /api/departments/{id}/archived',
  // API tokens act as an administrator, so only administrators make them (docs/decisions/api-tokens.md).
  'GET /api/api-tokens',
  'POST /api/api-tokens',
  'POST /api/api-tokens/{id}/revoke',
  // The registrar's accounts and leavers come through administrators' tokens (docs/decisions/registrar-accounts.md).
  'POST /api/accounts/bulk',
  'POST /api/accounts/bulk-deactivate',
  // Where the office's events are sent is the administrators' (docs/decisions/webhooks.md).
  'GET /api/webhooks',
  'POST /api/webhooks',
  'PUT /api/webhooks/{id}',
  'DELETE /api/webhooks/{id}',
  'POST /api/webhooks/{id}/pause',
  'POST /api/webhooks/{id}/resume',
  'POST /api/webhooks/{id}/rotate-secret',
  'POST /api/webhooks/{id}/test',
  'GET /api/webhooks/{id}/deliveries',
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend',
  'GET /api/webhooks/allowed-hosts',
  'PUT /api/webhooks/allowed-hosts',
]);

/** Walks every operation in the OpenAPI document with no session and with each role (ARCHITECTURE: x-roles). */
describe('every operation admits exactly the roles in its x-roles', () => {
  let app: TestApp;
  const cookies: Record<string, string> = {};
  const roles = { student: 'student', faculty: 'faculty', personnel: 'personnel', staff: 'staff', admin: 'admin' } as const;

  beforeAll(async () => {
    app = await makeApp();
    for (const [role, who] of Object.entries(roles)) cookies[role] = await loginAs(app, who);
  });
  afterAll(() => app.close());

  it('checks every documented operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops: { method: string; path: string; roles: string[] }[] = [];
    for (const [p, methods] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        expect(op['x-roles'], `${method} ${p} has x-roles`).toBeInstanceOf(Array);
        ops.push({ method: method.toUpperCase(), path: p, roles: op['x-roles'] });
      }
    }
    expect(ops.length).toBeGreaterThan(10);
    // The staff column of the matrix: declared as the office's decision says.
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      if (ADMINISTRATORS_ONLY.has(key)) expect(op.roles, key).toEqual(['admin']);
      else if (op.roles.includes('admin')) expect(op.roles, `${key}: staff may do what administrators do here`).toContain('staff');
    }
    expect(ops.filter((o) => ADMINISTRATORS_ONLY.has(`${o.method} ${o.path}`))).toHaveLength(ADMINISTRATORS_ONLY.size);
    // Signing out would end the sessions this walk uses; it is public and tested on its own.
    const walk = ops.filter((o) => o.path !== '/api/auth/logout');
    for (const op of walk) {
      const url = op.path.replace(/\{[^}]+\}/g, '999999');
      const anon = await app.inject({ method: op.method as any, url, payload: op.method === 'GET' ? undefined : {} });
      if (op.roles.includes('public')) {
        expect([401, 403], `${op.method} ${op.path} anonymous`).not.toContain(anon.statusCode);
        continue;
      }
      expect(anon.statusCode, `${op.method} ${op.path} anonymous`).toBe(401);
      for (const role of Object.keys(roles)) {
        const res = await app.inject({
          method: op.method as any,
          url,
          payload: op.method === 'GET' ? undefined : {},
          headers: { cookie: cookies[role] },
        });
        if (op.roles.includes(role)) expect([401, 403], `${op.method} ${op.path} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${op.method} ${op.path} as ${role}`).toBe(403);
        if (role === 'staff' && ADMINISTRATORS_ONLY.has(`${op.method} ${op.path}`)) {
          expect(res.json().error.message, `${op.method} ${op.path} as staff`).toBe(MSG.administratorsOnly);
        }
      }
    }
  });
});
