import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { createRegistration } from '../../server/modules/accounts';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Registrations are decided once (docs/product.md): the decision is a status-guarded UPDATE inside the transaction
 * that writes the feed and the notice, so two admins deciding at once make exactly one decision. On
 * PostgreSQL these requests really run at once, over the connection pool.
 */
describe('deciding a registration', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'staff')]);
  });
  afterAll(() => app.close());

  let made = 0;
  async function pendingRegistration(): Promise<number> {
    const email = `applicant${++made}@campus.test`;
    await createRegistration(
      app.ctx.db,
      { fullName: `Applicant ${made}`, email, contactNumber: '0917', role: 'student', passwordHash: 'x' },
      { path: await app.ctx.files.save('ids', { buffer: Buffer.from('%PDF-1.4\n'), kind: 'pdf' }), mime: 'application/pdf' },
    );
    return (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  }
  const decide = (cookie: string, id: number, decision: 'accept' | 'reject') =>
    app.inject({ method: 'POST', url: `/api/accounts/${id}/${decision}`, headers: { cookie } });
  const trail = async (id: number) => ({
    activity: await app.ctx.db
      .selectFrom('activity')
      .select(['action_type', 'entity_type', 'entity_id'])
      .where('subject_id', '=', id)
      .execute(),
    notices: await app.ctx.db
      .selectFrom('notifications')
      .select(['title', 'entity_type', 'entity_id'])
      .where('account_id', '=', id)
      .execute(),
    status: (await app.ctx.db.selectFrom('accounts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
  });

  it('records the decision, tells the registrant, and refuses a second decision', async () => {
    const id = await pendingRegistration();
    const res = await decide(admin, id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User accepted', data: { status: 'accepted' } });
    expect(await trail(id)).toEqual({
      activity: [{ action_type: 'registration_accepted', entity_type: 'account', entity_id: id }],
      notices: [{ title: 'Registration accepted', entity_type: 'account', entity_id: id }],
      status: 'accepted',
    });
    const again = await decide(staff, id, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'already_decided', message: MSG.alreadyDecided('accepted') });
    expect((await trail(id)).activity).toHaveLength(1);
  });

  it('answers 404 for an account that is not a registration', async () => {
    const personnel = await app.ctx.db.selectFrom('accounts').select('id').where('role', '=', 'personnel').executeTakeFirstOrThrow();
    expect((await decide(admin, personnel.id, 'accept')).statusCode).toBe(404);
    expect((await decide(admin, 999_999, 'reject')).statusCode).toBe(404);
  });

  it('lets exactly one of two admins deciding at once win: one entry, one notice', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await pendingRegistration();
      const [first, second] = round % 2 ? (['accept', 'reject'] as const) : (['reject', 'accept'] as const);
      const results = await Promise.all([decide(admin, id, first), decide(staff, id, second), decide(admin, id, second)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().data.status;
      for (const lost of results.filter((r) => r.statusCode === 409)) expect(lost.json().error.code).toBe('already_decided');
      const { activity, notices, status } = await trail(id);
      expect(status).toBe(winner);
      expect(activity.map((a) => a.action_type)).toEqual([`registration_${winner}`]);
      expect(notices).toHaveLength(1);
    }
  });
});
