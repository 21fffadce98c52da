import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { MSG } from '../../core/messages';
import { eventually, FILES, login, makeApp, multipart, pixelsOf, registrationFields, type TestApp } from '../helpers';

const registration = (
  over: Record<string, string> = {},
  file: { name: string; type: string; data: Buffer } | null = { name: 'id.png', type: 'image/png', data: FILES.png },
) => multipart(registrationFields(over), file ? { id_file: file } : {});

// Each registration from its own address: registrations are limited per address (see sign-in-limits.test.ts).
let registrant = 0;
const register = (app: TestApp, over: Record<string, string> = {}, file?: Parameters<typeof registration>[1]) =>
  app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: `10.8.0.${++registrant % 250}`, ...registration(over, file) });

const loginRes = (app: TestApp, email: string, password: string, portal: string, remember = false) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, portal, remember } });

/** The verification ticket a sign-in set, as a cookie header: only it may submit or request codes. */
const ticketOf = (res: { cookies: { name: string; value: string }[] }) =>
  `gso_verify=${res.cookies.find((c) => c.name === 'gso_verify')!.value}`;
const verify = (app: TestApp, ticket: string, code: string | undefined) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: { cookie: ticket }, payload: { code } });

async function acceptAs(app: TestApp, email: string) {
  const admin = await login(app, 'admin@campus.test', 'admin123', 'admin');
  const row = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const res = await app.inject({ method: 'POST', url: `/api/accounts/${row.id}/accept`, headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return row.id;
}

describe('registration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('creates a pending account with the ID stored outside the web root', async () => {
    const res = await register(app);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.registrationSuccess);
    const row = await app.ctx.db.selectFrom('accounts').selectAll().where('email', '=', 'rosa@campus.test').executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.email_verified).toBe(0);
    expect(row.password_hash).not.toContain('rosa123');
    expect(row.id_file).toMatch(/^ids\/.+\.png$/);
    const pending = await loginRes(app, 'rosa@campus.test', 'rosa123', 'user');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.message).toContain('pending admin approval');
  });

  it('answers the first failure only, in the spec order', async () => {
    const res = await register(app, { full_name: '', email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.fullNameRequired);
    expect((await register(app, { email: 'x@campus.test', confirm_password: 'nope12' })).json().error.message).toBe(
      MSG.passwordsDoNotMatch,
    );
    expect((await register(app, { email: 'x@campus.test', role: 'admin' })).json().error.message).toBe(MSG.roleRequired);
    expect((await register(app, { email: 'x@campus.test' }, null)).json().error.message).toBe(MSG.idFileRequired);
  });

  it('checks the ID by its bytes, not its name or declared type', async () => {
    const fake = await register(app, { email: 'fake@campus.test' }, { name: 'id.png', type: 'image/png', data: FILES.text });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(MSG.idFileType);
    const gif = await register(app, { email: 'gif@campus.test' }, { name: 'id.gif', type: 'image/gif', data: FILES.gif });
    expect(gif.json().error.message).toBe(MSG.idFileType);
    const pdf = await register(app, { email: 'pdf@campus.test' }, { name: 'scan.bin', type: 'application/octet-stream', data: FILES.pdf });
    expect(pdf.statusCode).toBe(201);
    // A PDF is drawn in a worker thread of its own, which takes seconds to start on a busy machine.
  }, 120_000);

  it('refuses an ID of 5 MB or more with 413', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await register(app, { email: 'big@campus.test' }, { name: 'id.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(MSG.idFileSize);
    const none = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'big@campus.test').executeTakeFirst();
    expect(none).toBeUndefined();
  });

  it('refuses a second account with the same email', async () => {
    const res = await register(app, { email: 'ROSA@campus.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.emailTaken);
  });

  it('lets only admins see the submitted ID, and deletes it on rejection', async () => {
    await register(app, { email: 'reject@campus.test' });
    const row = await app.ctx.db.selectFrom('accounts').selectAll().where('email', '=', 'reject@campus.test').executeTakeFirstOrThrow();
    const student = await login(app, 'student@campus.test', 'student123', 'user');
    expect((await app.inject({ method: 'GET', url: `/api/accounts/${row.id}/id-file`, headers: { cookie: student } })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: `/api/accounts/${row.id}/id-file` })).statusCode).toBe(401);
    const admin = await login(app, 'admin@campus.test', 'admin123', 'admin');
    const file = await app.inject({ method: 'GET', url: `/api/accounts/${row.id}/id-file`, headers: { cookie: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The stored ID is the same picture, re-encoded.
    expect(await pixelsOf(file.rawPayload)).toEqual(await pixelsOf(FILES.png));

    const rejected = await app.inject({ method: 'POST', url: `/api/accounts/${row.id}/reject`, headers: { cookie: admin } });
    expect(rejected.json().data.status).toBe('rejected');
    expect(await app.ctx.files.read(row.id_file!)).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/api/accounts/${row.id}/id-file`, headers: { cookie: admin } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/accounts/${row.id}/accept`, headers: { cookie: admin } })).statusCode).toBe(409);
    const res = await loginRes(app, 'reject@campus.test', 'rosa123', 'user');
    expect(res.json().error.message).toBe(MSG.accountRejected);
  });
});

describe('sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('answers the same for an unknown email and a wrong password', async () => {
    const unknown = await loginRes(app, 'nobody@campus.test', 'whatever', 'user');
    const wrong = await loginRes(app, 'faculty@campus.test', 'wrong-password', 'user');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error.message).toBe(MSG.invalidCredentials);
  });

  it('accepts each role only at its own portal', async () => {
    expect((await loginRes(app, 'student@campus.test', 'student123', 'admin')).json().error.code).toBe('wrong_portal');
    expect((await loginRes(app, 'admin@campus.test', 'admin123', 'user')).statusCode).toBe(403);
    expect((await loginRes(app, 'electrician@campus.test', 'personnel123', 'personnel')).statusCode).toBe(200);
    expect((await loginRes(app, 'admin', 'admin123', 'admin')).statusCode).toBe(200);
    expect((await loginRes(app, 'staff@campus.test', 'staff123', 'admin')).statusCode).toBe(200);
  });

  it('sets an httpOnly SameSite=Lax cookie: a browser-session cookie, or 30 days with Remember me', async () => {
    const plain = await loginRes(app, 'faculty@campus.test', 'faculty123', 'user');
    const c1 = plain.cookies.find((c) => c.name === 'gso_session')!;
    expect(c1.httpOnly).toBe(true);
    expect(c1.sameSite).toBe('Lax');
    expect(c1.maxAge).toBeUndefined();
    const remembered = await loginRes(app, 'faculty@campus.test', 'faculty123', 'user', true);
    const c2 = remembered.cookies.find((c) => c.name === 'gso_session')!;
    expect(c2.maxAge).toBe(30 * 24 * 3600);
    expect(c2.value).not.toBe(c1.value);
  });

  it('rotates the session at sign-in and ends it server-side at logout', async () => {
    const first = await login(app, 'faculty@campus.test', 'faculty123', 'user');
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email: 'faculty@campus.test', password: 'faculty123', portal: 'user' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first } })).statusCode).toBe(401);
    const second = `gso_session=${again.cookies.find((c) => c.name === 'gso_session')!.value}`;
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second } });
    expect(me.json().account.email).toBe('faculty@campus.test');
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second } });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second } })).statusCode).toBe(401);
  });
});

describe('email verification over real SMTP', () => {
  let app: TestApp;
  let smtp: SMTPServer;
  const inbox: { to: string; text: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c) => (raw += c.toString()));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as { port: number }).port;
    app = await makeApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, NODE_ENV: 'production', COOKIE_SECURE: 'false' } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  afterEach(() => {
    inbox.length = 0;
  });

  const codeFor = (email: string) => {
    const mail = inbox.filter((m) => m.to === email).at(-1);
    return mail?.text.match(/verification code is (\d{6})/)?.[1];
  };

  it('sends a code at the first sign-in after acceptance, and the code from the mail signs in', async () => {
    await register(app, { email: 'newbie@campus.test' });
    await acceptAs(app, 'newbie@campus.test');
    await eventually(() => inbox.some((m) => m.to === 'newbie@campus.test' && m.text.includes('approved')));

    const first = await loginRes(app, 'newbie@campus.test', 'rosa123', 'user', true);
    expect(first.statusCode).toBe(403);
    expect(first.json().error.message).toBe(MSG.emailNotVerified);
    expect(first.json().email).toBe('newbie@campus.test');
    expect(first.json().expiresIn).toBe(15);
    expect(first.json().code).toBeUndefined(); // never in production mode
    const code = codeFor('newbie@campus.test');
    expect(code).toMatch(/^\d{6}$/);

    expect(first.cookies.find((c) => c.name === 'gso_verify')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const ticket = ticketOf(first);
    const wrong = await verify(app, ticket, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MSG.wrongCode(4));

    const ok = await verify(app, ticket, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().account.emailVerified).toBe(true);
    // Remember me chosen at sign-in carries through verification.
    expect(ok.cookies.find((c) => c.name === 'gso_session')!.maxAge).toBe(30 * 24 * 3600);
    expect((await loginRes(app, 'newbie@campus.test', 'rosa123', 'user')).statusCode).toBe(200);
  });

  it('allows 5 attempts, and a resend resets the attempts with a new code', async () => {
    await register(app, { email: 'tries@campus.test' });
    await acceptAs(app, 'tries@campus.test');
    const ticket = ticketOf(await loginRes(app, 'tries@campus.test', 'rosa123', 'user'));
    const code = codeFor('tries@campus.test')!;
    const bad = code === '999999' ? '888888' : '999999';
    for (let left = 4; left >= 1; left--) expect((await verify(app, ticket, bad)).json().error.message).toBe(MSG.wrongCode(left));
    const last = await verify(app, ticket, bad);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ error: { code: 'no_attempts_left', message: MSG.noAttemptsLeft }, attemptsLeft: 0 });
    const locked = await verify(app, ticket, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(MSG.noAttemptsLeft);
    const status = await app.inject({ method: 'GET', url: '/api/auth/verification', headers: { cookie: ticket } });
    expect(status.json()).toMatchObject({ email: 'tries@campus.test', attemptsLeft: 0 });

    // A new code waits a minute after the last one was mailed.
    const tooSoon = await app.inject({ method: 'POST', url: '/api/auth/send-verification', headers: { cookie: ticket } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('resend_too_soon');
    await app.ctx.db
      .updateTable('verification_codes')
      .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
      .where(
        'account_id',
        '=',
        (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'tries@campus.test').executeTakeFirstOrThrow()).id,
      )
      .execute();
    const resend = await app.inject({ method: 'POST', url: '/api/auth/send-verification', headers: { cookie: ticket } });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().expiresIn).toBe(15);
    const fresh = codeFor('tries@campus.test')!;
    const ok = await verify(app, ticket, fresh);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    await register(app, { email: 'late@campus.test' });
    const id = await acceptAs(app, 'late@campus.test');
    const ticket = ticketOf(await loginRes(app, 'late@campus.test', 'rosa123', 'user'));
    await app.ctx.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('account_id', '=', id)
      .execute();
    const res = await verify(app, ticket, codeFor('late@campus.test'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.codeExpired);
  });

  it('sends personnel through verification too', async () => {
    const res = await loginRes(app, 'janitor@campus.test', 'personnel123', 'personnel');
    expect(res.json().error.code).toBe('email_not_verified');
    const ok = await verify(app, ticketOf(res), codeFor('janitor@campus.test'));
    expect(ok.json().account.role).toBe('personnel');
  });
});

describe('development mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('returns the code in the response and writes mail to the outbox when no SMTP is set', async () => {
    const res = await loginRes(app, 'janitor@campus.test', 'personnel123', 'personnel');
    const code = res.json().code;
    expect(code).toMatch(/^\d{6}$/);
    // Only administrators may read the outbox, even in development: its codes would sign anyone in.
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox?to=janitor@campus.test' })).statusCode).toBe(401);
    const student = await login(app, 'student@campus.test', 'student123', 'user');
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { cookie: student } })).statusCode).toBe(403);
    const admin = await login(app, 'admin@campus.test', 'admin123', 'admin');
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=janitor@campus.test', headers: { cookie: admin } });
    expect(outbox.json().items[0].body).toContain(code);
  });

  it('has no outbox endpoint in production', async () => {
    const prod = await makeApp({ env: { NODE_ENV: 'production', COOKIE_SECURE: 'true' } });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      const res = await prod.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'faculty@campus.test', password: 'faculty123', portal: 'user' },
      });
      expect(res.cookies.find((c) => c.name === 'gso_session')!.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
