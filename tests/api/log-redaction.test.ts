import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../server/lib/logRedaction';
import { eventually, loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Secret addresses never reach the log whole: a calendar feed's token, a password link's token, a campus sign-in's
 * code and state. The server's own log lines are read back, on SQLite and, with DATABASE_URL, on PostgreSQL.
 */
describe('the request log', () => {
  let app: TestApp;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    app = await makeApp({ log: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => app.close());

  it("keeps a calendar feed's token out, and still says which address was read", async () => {
    const faculty = await loginAs(app, 'faculty');
    const { path } = (await app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: faculty } })).json();
    const token = path.split('/')[3];
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect(log()).toContain(`"url":"/api/calendar/${REDACTED}/feed.ics"`);
    expect(log()).not.toContain(token);
  });

  it("keeps a password link's token out, from the page's address and from the mail logged without SMTP", async () => {
    const at = lines.length;
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'student@campus.test' } });
    // The mail goes after the answer (so the answer tells no one who has an account).
    const resetMail = () =>
      app.ctx.db
        .selectFrom('outbox')
        .select('body')
        .where('subject', 'like', '%new Campus GSO password%')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    await eventually(async () => !!(await resetMail()));
    const mail = (await resetMail())!;
    const link = new URL(mail.body.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]);
    const token = link.searchParams.get('token')!;
    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const written = lines.slice(at).join('');
    expect(written).toContain('mail (no SMTP configured)');
    expect(written).toContain(`/reset-password?token=${REDACTED}`);
    expect(written).not.toContain(token);
  });

  it("keeps a campus sign-in's code and state out", async () => {
    await app.inject({ method: 'GET', url: '/api/auth/campus/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp.test' });
    expect(log()).toContain(`/api/auth/campus/callback?code=${REDACTED}&state=${REDACTED}&iss=https%3A%2F%2Fidp.test`);
  });

  it.each([
    ['/api/items?search=projector&page=2', '/api/items?search=projector&page=2'],
    ['/api/calendar/abc/feed.ics', `/api/calendar/${REDACTED}/feed.ics`],
    ['/x?Token=1', `/x?Token=${REDACTED}`],
    ['/x?next=%2Freset-password%3Ftoken%3DAb3dEf6hIj9kLm2nOp5qRs', `/x?next=${REDACTED}`],
    ['/files/Ab3dEf6hIj9kLm2nOp5qRs8tUv', `/files/${REDACTED}`],
    ['/assets/index-B3x9kLm2.js', '/assets/index-B3x9kLm2.js'],
  ])('redacts %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
