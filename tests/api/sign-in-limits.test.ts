/**
 * Sign-in and verification against a determined attacker: limits counted atomically before the
 * password or code is checked, addresses from the socket unless a proxy is named, verification bound to
 * the sign-in that proved the password, and no way to lock a person out of their own account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { FILES, login, makeApp, multipart, registrationFields, type TestApp } from '../helpers';

const attempt = (
  app: TestApp,
  email: string,
  password: string,
  from: string,
  extra: { headers?: Record<string, string>; payload?: Record<string, unknown> } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: extra.headers,
    payload: extra.payload ?? { email, password, portal: 'user' },
  });

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

describe('sign-in throttle', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('checks at most 5 passwords for an account and address, however many arrive at once', async () => {
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 40 ? 'faculty123' : `wrong-${i}`));
    const res = await Promise.all(guesses.map((p) => attempt(app, 'faculty@campus.test', p, '10.0.0.7')));
    const t = tally(res.map((r) => r.statusCode));
    expect((t[401] ?? 0) + (t[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(t[429]).toBeGreaterThanOrEqual(55);
    const refused = res.find((r) => r.statusCode === 429)!.json();
    expect(refused.error.code).toBe('too_many_attempts');
    expect(refused.error.message).toMatch(/Please try again in \d+ minutes?\./);
    // The right password from the refused pair is refused too, until the window ends ...
    expect((await attempt(app, 'faculty@campus.test', 'faculty123', '10.0.0.7')).statusCode).toBe(429);
    // ... but the person, from their own address, still signs in: the account is never locked.
    expect((await attempt(app, 'faculty@campus.test', 'faculty123', '10.0.0.8')).statusCode).toBe(200);
  });

  it('refuses an address that tries too many accounts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await attempt(app, `nobody${i}@campus.test`, 'guess', '10.0.1.1')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await attempt(app, 'student@campus.test', 'student123', '10.0.1.2')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For unless a proxy is named', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await attempt(app, 'mtan@campus.test', 'nope', '10.0.2.1', { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const forged = await attempt(app, 'mtan@campus.test', 'nope', '10.0.2.1', { headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(forged.statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a named proxy only', async () => {
    const proxied = await makeApp({ env: { TRUST_PROXY: '10.9.9.9' } });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await attempt(proxied, 'mtan@campus.test', 'nope', '10.9.9.9', { headers: { 'x-forwarded-for': '198.51.100.1' } });
        expect(r.statusCode).toBe(401);
      }
      // Another client behind the same proxy is a different address.
      const other = await attempt(proxied, 'mtan@campus.test', 'nope', '10.9.9.9', { headers: { 'x-forwarded-for': '198.51.100.2' } });
      expect(other.statusCode).toBe(401);
      const same = await attempt(proxied, 'mtan@campus.test', 'nope', '10.9.9.9', { headers: { 'x-forwarded-for': '198.51.100.1' } });
      expect(same.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('email verification ticket', () => {
  let app: TestApp;
  const unverify = (email: string) => app.ctx.db.updateTable('accounts').set({ email_verified: 0 }).where('email', '=', email).execute();
  const mailsTo = async (email: string) =>
    (
      await app.ctx.db
        .selectFrom('outbox')
        .select('body')
        .where('to_address', '=', email)
        .where('subject', 'like', '%verification%')
        .execute()
    ).length;
  const ticketOf = (res: { cookies: { name: string; value: string }[] }) =>
    `gso_verify=${res.cookies.find((c) => c.name === 'gso_verify')!.value}`;
  const verify = (cookie: string | undefined, code: string, from = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      remoteAddress: from,
      headers: cookie ? { cookie } : {},
      payload: { code },
    });

  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('accepts codes only with the ticket of the sign-in that proved the password', async () => {
    await unverify('student@campus.test');
    const res = await attempt(app, 'student@campus.test', 'student123', '127.0.0.1');
    expect(res.json().error.code).toBe('email_not_verified');
    const code = res.json().code as string;
    // The email and the right code are not enough without the ticket.
    const bare = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: 'student@campus.test', code } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.code).toBe('no_pending_verification');
    expect((await verify('gso_verify=forged-ticket', code)).statusCode).toBe(400);
    const ok = await verify(ticketOf(res), code);
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'gso_session')).toBeDefined();
  });

  it('counts wrong codes per account across new codes: at most 10 an hour', async () => {
    await unverify('mtan@campus.test');
    const id = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'mtan@campus.test').executeTakeFirstOrThrow()).id;
    const bad = async (ticket: string, right: string) => (await verify(ticket, right === '000000' ? '111111' : '000000')).statusCode;
    const statuses: number[] = [];
    let right = '';
    let ticket = '';
    for (let round = 0; round < 3; round++) {
      // A new sign-in a minute later mails a new code with fresh attempts.
      await app.ctx.db
        .updateTable('verification_codes')
        .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
        .where('account_id', '=', id)
        .execute();
      const res = await attempt(app, 'mtan@campus.test', 'faculty123', '127.0.0.1');
      right = res.json().code;
      ticket = ticketOf(res);
      for (let i = 0; i < 4; i++) statuses.push(await bad(ticket, right));
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await verify(ticket, right);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_codes');
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(3500);
  });

  it('tells the verification screen of a lockout and its time left, and sends no code meanwhile', async () => {
    await unverify('mlopez@campus.test');
    const id = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'mlopez@campus.test').executeTakeFirstOrThrow())
      .id;
    const first = await attempt(app, 'mlopez@campus.test', 'student123', '::1');
    const ticket = ticketOf(first);
    const status = async () => (await app.inject({ method: 'GET', url: '/api/auth/verification', headers: { cookie: ticket } })).json();
    expect((await status()).lockedSeconds).toBe(0);
    // The hour's ten wrong tries spent (the counter is what the verify route counts).
    await app.ctx.db
      .insertInto('counters')
      .values({ key: `verify:try:${id}`, hits: 10, reset_at: Date.now() + 57 * 60_000 })
      .execute();
    const locked = await status();
    expect(locked.lockedSeconds).toBeGreaterThan(56 * 60);
    expect(locked.lockedSeconds).toBeLessThanOrEqual(57 * 60);
    // Resend is refused with the time left, even a minute after the last code; a new sign-in mails nothing.
    await app.ctx.db
      .updateTable('verification_codes')
      .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
      .where('account_id', '=', id)
      .execute();
    const mails = await mailsTo('mlopez@campus.test');
    // From another address: the route's own per-address limit is not what is tested.
    const resend = await app.inject({
      method: 'POST',
      url: '/api/auth/send-verification',
      headers: { cookie: ticket },
      remoteAddress: '10.7.7.7',
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error).toEqual({ code: 'too_many_codes', message: MSG.tooManyCodes(57) });
    expect(resend.json().retryAfterSeconds).toBeGreaterThan(56 * 60);
    const again = await attempt(app, 'mlopez@campus.test', 'student123', '::1');
    expect(again.json().error.code).toBe('email_not_verified');
    expect(again.json().code).toBeUndefined();
    expect(await mailsTo('mlopez@campus.test')).toBe(mails);
    // The right code is refused as locked, not as wrong.
    const refused = await verify(ticketOf(again), first.json().code);
    expect(refused.json().error.code).toBe('too_many_codes');
  });

  it('checks at most the code’s attempts, however many guesses arrive at once', async () => {
    await unverify('staff@campus.test');
    await app.ctx.db.updateTable('accounts').set({ role: 'faculty' }).where('email', '=', 'staff@campus.test').execute();
    const res = await attempt(app, 'staff@campus.test', 'staff123', '127.0.0.1');
    const ticket = ticketOf(res);
    const right = res.json().code as string;
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const out = await Promise.all(guesses.map((g) => verify(ticket, g)));
    expect(out.filter((r) => r.json().error?.code === 'wrong_code').length).toBeLessThanOrEqual(4);
    expect(out.some((r) => r.statusCode === 200)).toBe(false);
  });

  it('does not mail a new code on every sign-in, and caps codes per hour', async () => {
    await unverify('faculty@campus.test');
    for (let i = 0; i < 8; i++) await attempt(app, 'faculty@campus.test', 'faculty123', '127.0.0.1');
    expect(await mailsTo('faculty@campus.test')).toBe(1);
    const ticket = ticketOf(await attempt(app, 'faculty@campus.test', 'faculty123', '127.0.0.1'));
    const tooSoon = await app.inject({ method: 'POST', url: '/api/auth/send-verification', headers: { cookie: ticket } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('resend_too_soon');
    const id = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'faculty@campus.test').executeTakeFirstOrThrow())
      .id;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await app.ctx.db
        .updateTable('verification_codes')
        .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
        .where('account_id', '=', id)
        .execute();
      statuses.push((await app.inject({ method: 'POST', url: '/api/auth/send-verification', headers: { cookie: ticket } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await mailsTo('faculty@campus.test')).toBe(5);
  });

  it('gives codes in answers only to this machine, in development mode', async () => {
    const remote = await attempt(app, 'janitor@campus.test', 'personnel123', '10.3.3.3', {
      payload: { email: 'janitor@campus.test', password: 'personnel123', portal: 'personnel' },
    });
    expect(remote.json().error.code).toBe('email_not_verified');
    expect(remote.json().code).toBeUndefined();
    expect(MSG.wrongCode(1)).toBe('Invalid verification code. 1 attempt remaining.');
  });
});

describe('registration and requests from elsewhere', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  const register = (from: string, over: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: from,
      ...multipart(registrationFields({ email: `rosa-${Math.random().toString(36).slice(2)}@campus.test`, ...over }), {
        id_file: { name: 'id.png', type: 'image/png', data: FILES.png },
      }),
    });

  it('refuses passwords sign-in could never accept, and blank ones', async () => {
    const long = 'x'.repeat(300);
    const tooLong = await register('10.5.0.1', { password: long, confirm_password: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(MSG.passwordTooLong);
    const blank = await register('10.5.0.1', { password: '        ', confirm_password: '        ' });
    expect(blank.json().error.message).toBe(MSG.passwordBlank);
  });

  it('limits registrations per address per hour', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await register('10.5.0.2')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await register('10.5.0.3')).statusCode).toBe(201);
  });

  it('closes registration while the upload disk is low', async () => {
    const full = await makeApp({ seed: false, env: { UPLOAD_MIN_FREE_MB: String(1024 * 1024 * 1024) } });
    try {
      const res = await full.inject({ method: 'POST', url: '/api/auth/register', ...multipart({ full_name: 'A' }) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: 'registrations_closed', message: MSG.registrationsClosed });
    } finally {
      await full.close();
    }
  });

  it('refuses changes posted from another site or as plain text', async () => {
    const cookie = await login(app, 'student@campus.test', 'student123', 'user');
    const logout = (headers: Record<string, string>, payload?: string) =>
      app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, ...headers }, payload });
    expect((await logout({ 'content-type': 'text/plain' }, 'x')).statusCode).toBe(415);
    expect((await logout({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b')).statusCode).toBe(415);
    expect((await logout({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await logout({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await logout({ origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
