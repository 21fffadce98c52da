/** The office's bell: the office's activity with an unread count, and mail for those who ask. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, loginAs, makeApp, type TestApp } from '../helpers';
import { newItem, requestId } from '../borrowing';

describe('the office bell', () => {
  let app: TestApp;
  let admin: string;
  let personnel: string;
  let student: string;
  const bell = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json();
  const mailsTo = async (to: string, title: string) =>
    (await app.ctx.db.selectFrom('outbox').select('subject').where('to_address', '=', to).execute()).filter((m) =>
      m.subject.includes(title),
    ).length;

  beforeAll(async () => {
    app = await makeApp();
    [admin, personnel, student] = await Promise.all([loginAs(app, 'admin'), loginAs(app, 'personnel'), loginAs(app, 'student')]);
  });
  afterAll(() => app.close());

  it('shows the office what borrowers do, newest first, with an unread count that reading clears', async () => {
    await app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: admin } });
    expect((await bell(admin)).unread).toBe(0);
    const item = await newItem(app, { quantity: 5 });
    const id = await requestId(app, student, [[item, 1]]);
    const after = await bell(admin);
    expect(after.unread).toBe(1);
    expect(after.items[0]).toMatchObject({ entityType: 'borrow_request', entityId: id, read: false, title: 'Juan Dela Paz' });
    expect(after.items[0].message).toContain(`REQ-${id}`);
    expect((await bell(personnel)).items[0].entityId).toBe(id);

    await app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: admin } });
    expect((await bell(admin)).unread).toBe(0);
    expect((await bell(admin)).items[0].read).toBe(true);
    // Personnel have their own unread count.
    expect((await bell(personnel)).unread).toBeGreaterThan(0);
    // What I did myself is not news to me.
    await app.inject({ method: 'POST', url: `/api/borrow-requests/${id}/reject`, headers: { cookie: admin }, payload: {} });
    expect((await bell(admin)).items[0].entityId === id && (await bell(admin)).items[0].message.includes('rejected')).toBe(false);
    expect((await bell(personnel)).items[0].message).toContain('rejected');
    // Borrowers still get their own notices.
    expect((await bell(student)).items[0].title).toBe('Borrow request rejected');
  });

  it('mails a new request and a return awaiting verification to office members who asked, and only to them', async () => {
    const off = await app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: { cookie: personnel } });
    expect(off.json()).toEqual({ emailOfficeEvents: false });
    const on = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: personnel },
      payload: { emailOfficeEvents: true },
    });
    expect(on.json()).toEqual({ emailOfficeEvents: true });
    const item = await newItem(app, { quantity: 5 });
    await requestId(app, student, [[item, 1]]);
    await eventually(async () => (await mailsTo('electrician@campus.test', 'New borrow request')) === 1);
    expect(await mailsTo('admin@campus.test', 'New borrow request')).toBe(0);
    const forbidden = await app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: { cookie: student } });
    expect(forbidden.statusCode).toBe(403);
  });
});
