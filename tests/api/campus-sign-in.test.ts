import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { startCampusProvider, type CampusProvider } from '../campusProvider';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * Campus sign-in (docs/decisions/campus-sign-in.md) against a real OpenID Connect provider started here
 * (oidc-provider), on SQLite and, with DATABASE_URL, on PostgreSQL: accounts made, approved at once or waiting,
 * linked; refused domains, unverified emails, roles; state, binding and nonce replay, a token for another client,
 * an expired token; a provider that is down; password sign-in turned off for a role; the maintenance gate.
 */
const APP_URL = 'http://gso.test';
const REDIRECT = `${APP_URL}/api/auth/campus/callback`;

const campusEnv = (p: { issuer: string; clientId: string; clientSecret: string }, more: Record<string, string> = {}) => ({
  APP_URL,
  OIDC_ISSUER: p.issuer,
  OIDC_CLIENT_ID: p.clientId,
  OIDC_CLIENT_SECRET: p.clientSecret,
  OIDC_NAME: 'Campus University account',
  OIDC_ALLOWED_DOMAINS: 'campus.test, students.campus.test, faculty.campus.test',
  OIDC_ROLE_CLAIM: 'groups',
  OIDC_FACULTY_GROUPS: 'Faculty',
  OIDC_STUDENT_EMAILS: 'students.campus.test, /^s[0-9]{6}@campus\\.test$/',
  OIDC_FACULTY_EMAILS: 'faculty.campus.test',
  OIDC_APPROVE_DOMAINS: 'students.campus.test',
  ...more,
});

describe('campus sign-in', () => {
  let provider: CampusProvider;
  let app: TestApp;
  let admin: string;

  // Each browser its own address, so the routes' per-address limits (20 and 30 a minute) are not what is tested.
  let browsers = 0;
  const nextIp = () => `10.9.${(++browsers >> 8) & 255}.${browsers & 255}`;
  const start = async (portal: 'user' | 'personnel' = 'user', on: TestApp = app) => {
    const res = await on.inject({ method: 'POST', url: '/api/auth/campus/start', payload: { portal }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    const binding = res.cookies.find((c) => c.name === 'gso_campus')!;
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/campus/' });
    return { url: url.href, state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')!, binding: binding.value };
  };
  const back = (address: string, binding: string, on: TestApp = app) => {
    const u = new URL(address);
    return on.inject({ method: 'GET', url: u.pathname + u.search, cookies: { gso_campus: binding }, remoteAddress: nextIp() });
  };
  /** A whole sign-in: started here, signed in at the provider as `login`, and its answer brought back. */
  const signIn = async (login: string, portal: 'user' | 'personnel' = 'user') => {
    const s = await start(portal);
    const address = await provider.signIn(s.url, login);
    expect(address.startsWith(REDIRECT)).toBe(true);
    const res = await back(address, s.binding);
    return { res, address, s, session: res.cookies.find((c) => c.name === 'gso_session')?.value };
  };
  const accountByEmail = (email: string) => app.ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  const accountCount = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const me = (session: string) => app.inject({ method: 'GET', url: '/api/auth/me', cookies: { gso_session: session } });
  /** A forged answer for a sign-in under way: the provider's token endpoint answers with these claims. */
  const forged = async (claims: Record<string, unknown>) => {
    const s = await start();
    provider.forge({ nonce: s.nonce, email: 's999001@campus.test', email_verified: true, ...claims });
    const res = await back(`${REDIRECT}?code=forged-code&state=${s.state}&iss=${encodeURIComponent(provider.issuer)}`, s.binding);
    return { res, s };
  };

  beforeAll(async () => {
    provider = await startCampusProvider({
      redirectUri: REDIRECT,
      people: {
        ana: { email: 'ana@students.campus.test', email_verified: true, name: 'Ana Reyes' },
        ben: { email: 'ben@campus.test', email_verified: true, name: 'Ben Cruz', groups: ['Faculty', 'Staff'] },
        carl: { email: 'carl@elsewhere.test', email_verified: true, name: 'Carl Out' },
        dina: { email: 'dina@students.campus.test', email_verified: false, name: 'Dina Unverified' },
        eve: { email: 'eve@campus.test', email_verified: true, name: 'Eve No Role' },
        student: { email: 'Student@campus.test', email_verified: true, name: 'Demo Student' },
        faculty: { email: 'faculty@campus.test', email_verified: true, name: 'Demo Faculty' },
        electrician: { email: 'electrician@campus.test', email_verified: true, name: 'Demo Electrician' },
        s123456: { email: 's123456@campus.test', email_verified: true, name: 'Numbered Student' },
        // Only at the userinfo endpoint; and three Microsoft Entra ID people, who carry xms_edov, not email_verified.
        fay: { email: 'fay@students.campus.test', email_verified: true, name: 'Fay Userinfo', emailAtUserInfoOnly: true },
        gil: { email: 'gil@students.campus.test', xms_edov: true, name: 'Gil Entra' },
        hal: { email: 'hal@students.campus.test', xms_edov: false, name: 'Hal Entra' },
        ivy: { email: 'ivy@students.campus.test', email_verified: false, xms_edov: true, name: 'Ivy Entra' },
      },
    });
    app = await makeApp({ env: campusEnv(provider, { PASSWORD_SIGN_IN_OFF: 'student' }) });
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it('tells the browser only that it is on and the button’s name', async () => {
    const status = await app.inject({ method: 'GET', url: '/api/site/status' });
    expect(status.json().campusSignIn).toEqual({ name: 'Campus University account' });
    const openapi = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    for (const body of [status.body, openapi.body]) {
      expect(body).not.toContain(provider.clientSecret);
      expect(body).not.toContain(provider.issuer);
    }
    const off = await makeApp({ seed: false });
    try {
      expect((await off.inject({ method: 'GET', url: '/api/site/status' })).json().campusSignIn).toBeNull();
      const refused = await off.inject({ method: 'POST', url: '/api/auth/campus/start', payload: { portal: 'user' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('campus_off');
    } finally {
      await off.close();
    }
  });

  it('refuses to start with only part of the settings', () => {
    expect(() => loadConfig({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://idp.example.com', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toThrow(/https/);
    expect(() => loadConfig({ OIDC_STUDENT_EMAILS: '/[/' })).toThrow(/not a valid pattern/);
  });

  it('uses the authorization code flow with PKCE, a state and a nonce', async () => {
    const s = await start();
    const url = new URL(s.url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(s.state.length).toBeGreaterThanOrEqual(32);
    expect(s.nonce.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.has('client_secret')).toBe(false);
  });

  it('makes a student’s account at the first sign-in, approved at once for an approved domain, and signs them in', async () => {
    const before = await accountCount();
    const { res, session } = await signIn('ana');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/users');
    expect(session).toBeTruthy();
    const account = (await me(session!)).json().account;
    expect(account).toMatchObject({ email: 'ana@students.campus.test', fullName: 'Ana Reyes', role: 'student', status: 'accepted' });
    const row = (await accountByEmail('ana@students.campus.test'))!;
    expect(row.email_verified).toBe(1);
    expect(row.campus_subject).toBe(`${provider.issuer}#ana`);
    expect(row.last_signed_in_at).toBeTruthy();
    expect(await accountCount()).toBe(before + 1);
    // The next sign-in is the same account.
    const again = await signIn('ana');
    expect(again.res.headers.location).toBe('/users');
    expect(await accountCount()).toBe(before + 1);
    const log = (
      await app.inject({
        method: 'GET',
        url: '/api/activity/audit?type=campus_account_created&pageSize=100',
        cookies: { gso_session: admin.split('=')[1] },
      })
    ).json();
    expect(JSON.stringify(log)).toContain('Ana Reyes signed in with their Campus University account for the first time');
  });

  it('gives the role by the groups claim; another domain waits for the office’s approval', async () => {
    const { res, session } = await signIn('ben');
    expect(res.headers.location).toBe('/login?campus=created');
    expect(session).toBeUndefined();
    expect(await accountByEmail('ben@campus.test')).toMatchObject({ role: 'faculty', status: 'pending', email_verified: 1 });
    const again = await signIn('ben');
    expect(again.res.headers.location).toBe('/login?campus=pending');
    // Approved by the office, they sign in.
    const id = (await accountByEmail('ben@campus.test'))!.id;
    const decided = await app.inject({ method: 'POST', url: `/api/accounts/${id}/accept`, cookies: { gso_session: admin.split('=')[1] } });
    expect(decided.statusCode, decided.body).toBe(200);
    const approved = await signIn('ben');
    expect(approved.res.headers.location).toBe('/users');
    expect(approved.session).toBeTruthy();
  });

  it('gives the role by an email pattern, and refuses a person no rule gives a role', async () => {
    expect(await accountByEmail('s123456@campus.test')).toBeUndefined();
    expect((await signIn('s123456')).res.headers.location).toBe('/login?campus=created');
    expect(await accountByEmail('s123456@campus.test')).toMatchObject({ role: 'student', status: 'pending' });
    const before = await accountCount();
    expect((await signIn('eve')).res.headers.location).toBe('/login?campus=no_role');
    expect(await accountCount()).toBe(before);
  });

  it('refuses an email outside the allowed domains, and an email the provider has not verified; nothing is made', async () => {
    const before = await accountCount();
    expect((await signIn('carl')).res.headers.location).toBe('/login?campus=domain');
    expect((await signIn('dina')).res.headers.location).toBe('/login?campus=unverified');
    expect(await accountByEmail('carl@elsewhere.test')).toBeUndefined();
    expect(await accountByEmail('dina@students.campus.test')).toBeUndefined();
    expect(await accountCount()).toBe(before);
  });

  it('asks the userinfo endpoint when the ID token lacks the email, and takes Entra ID’s verified domain (xms_edov)', async () => {
    for (const [login, email] of [
      ['fay', 'fay@students.campus.test'],
      ['gil', 'gil@students.campus.test'],
    ]) {
      const { res, session } = await signIn(login);
      expect(res.headers.location, login).toBe('/users');
      expect((await me(session!)).json().account).toMatchObject({ email, role: 'student', status: 'accepted' });
    }
    // xms_edov false, or an explicit email_verified false, is no verification.
    expect((await signIn('hal')).res.headers.location).toBe('/login?campus=unverified');
    expect((await signIn('ivy')).res.headers.location).toBe('/login?campus=unverified');
    expect(await accountByEmail('hal@students.campus.test')).toBeUndefined();
  });

  it('links an existing account with the same verified email rather than making another', async () => {
    const before = await accountCount();
    const { res, session } = await signIn('student');
    expect(res.headers.location).toBe('/users');
    expect((await me(session!)).json().account.email).toBe('student@campus.test');
    expect(await accountCount()).toBe(before);
    expect((await accountByEmail('student@campus.test'))!.campus_subject).toBe(`${provider.issuer}#student`);
    const log = (
      await app.inject({
        method: 'GET',
        url: '/api/activity/audit?type=campus_account_linked&pageSize=100',
        cookies: { gso_session: admin.split('=')[1] },
      })
    ).json();
    expect(JSON.stringify(log)).toContain('linked their account to their Campus University account');
    // Another identity with the same email does not take the linked account over.
    provider.people.impostor = { email: 'student@campus.test', email_verified: true, name: 'Impostor' };
    expect((await signIn('impostor')).res.headers.location).toBe('/login?campus=failed');
  });

  it('at the personnel page: links invited personnel, refuses others and strangers', async () => {
    const personnel = await signIn('electrician', 'personnel');
    expect(personnel.res.headers.location).toBe('/personnel');
    expect((await me(personnel.session!)).json().account.role).toBe('personnel');
    const before = await accountCount();
    provider.people.newcomer = { email: 'newcomer@faculty.campus.test', email_verified: true };
    expect((await signIn('newcomer', 'personnel')).res.headers.location).toBe('/personnel-login?campus=invitation');
    expect((await signIn('faculty', 'personnel')).res.headers.location).toBe('/personnel-login?campus=wrong_portal');
    expect(await accountCount()).toBe(before);
  });

  it('refuses a deactivated account', async () => {
    const row = (await accountByEmail('s123456@campus.test'))!;
    await app.ctx.db
      .updateTable('accounts')
      .set({ status: 'accepted', deactivated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect((await signIn('s123456')).res.headers.location).toBe('/login?campus=deactivated');
  });

  it('spends the state: the same answer brought back twice signs in once', async () => {
    const { address, s, session } = await signIn('ana');
    expect(session).toBeTruthy();
    const replay = await back(address, s.binding);
    expect(replay.headers.location).toBe('/login?campus=expired');
    expect(replay.cookies.find((c) => c.name === 'gso_session')).toBeUndefined();
  });

  it('takes the answer only from the browser that started the sign-in', async () => {
    const s = await start();
    const address = await provider.signIn(s.url, 'ana');
    const other = await start();
    const res = await back(address, other.binding);
    expect(res.headers.location).toBe('/login?campus=expired');
    expect(res.cookies.find((c) => c.name === 'gso_session')).toBeUndefined();
    const none = await app.inject({ method: 'GET', url: new URL(address).pathname + new URL(address).search });
    expect(none.headers.location).toBe('/login?campus=expired');
  });

  it('refuses an ID token whose nonce belongs to an earlier sign-in', async () => {
    const earlier = await start();
    const before = await accountCount();
    const s = await start();
    provider.forge({ nonce: earlier.nonce, email: 's999001@campus.test', email_verified: true, sub: 'replayed' });
    const res = await back(`${REDIRECT}?code=forged-code&state=${s.state}&iss=${encodeURIComponent(provider.issuer)}`, s.binding);
    expect(res.headers.location).toBe('/login?campus=failed');
    expect(await accountCount()).toBe(before);
  });

  it('the forged answer itself is accepted when its claims are right (so the refusals are the claims’)', async () => {
    const { res } = await forged({ sub: 'forged-right', email: 's999002@campus.test' });
    expect(res.headers.location).toBe('/login?campus=created');
    expect(await accountByEmail('s999002@campus.test')).toMatchObject({
      role: 'student',
      campus_subject: `${provider.issuer}#forged-right`,
    });
  });

  it('refuses an ID token for another client, an expired one, and one from another issuer', async () => {
    const before = await accountCount();
    const now = Math.floor(Date.now() / 1000);
    expect((await forged({ aud: 'another-app' })).res.headers.location).toBe('/login?campus=failed');
    expect((await forged({ iat: now - 7200, exp: now - 3600 })).res.headers.location).toBe('/login?campus=failed');
    expect((await forged({ iss: 'http://127.0.0.1:1' })).res.headers.location).toBe('/login?campus=failed');
    expect((await forged({ email_verified: 'true' })).res.headers.location).toBe('/login?campus=unverified');
    expect(await accountByEmail('s999001@campus.test')).toBeUndefined();
    expect(await accountCount()).toBe(before);
  });

  it('refuses a code the provider gave to another client', async () => {
    const s = await start();
    const theirs = new URL(s.url);
    theirs.searchParams.set('client_id', 'another-app');
    const address = await provider.signIn(theirs.href, 'ana');
    const res = await back(address, s.binding);
    expect(res.headers.location).toBe('/login?campus=failed');
  });

  it('turns password sign-in off for a role, after the password is proved', async () => {
    const student = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'student@campus.test', password: 'student123', portal: 'user' },
    });
    expect(student.statusCode).toBe(403);
    expect(student.json().error).toMatchObject({
      code: 'password_sign_in_off',
      message: expect.stringContaining('Sign in with Campus University account'),
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'student@campus.test', password: 'nope', portal: 'user' },
    });
    expect(wrong.json().error.code).toBe('invalid_credentials');
    expect((await loginAs(app, 'faculty')).startsWith('gso_session=')).toBe(true);
  });

  it('keeps the maintenance gate', async () => {
    await app.ctx.settings.set('maintenance_mode', '1');
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/campus/start', payload: { portal: 'user' }, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('maintenance');
      const answer = await app.inject({ method: 'GET', url: '/api/auth/campus/callback?code=x&state=y' });
      expect(answer.headers.location).toBe('/login?campus=maintenance');
    } finally {
      await app.ctx.settings.set('maintenance_mode', '0');
    }
  });
});

describe('campus sign-in with the provider down', () => {
  it('says so clearly when it cannot start, and keeps nothing', async () => {
    const gone = await startCampusProvider({ redirectUri: REDIRECT });
    await gone.close();
    const app = await makeApp({ seed: false, env: campusEnv(gone) });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/campus/start', payload: { portal: 'user' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: 'campus_unavailable',
        message:
          'The campus sign-in service cannot be reached right now. Nothing was changed: please try again in a few minutes, or sign in with your password.',
      });
      expect(await app.ctx.db.selectFrom('campus_logins').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('says so when it goes down during the sign-in, and makes no account', async () => {
    const provider = await startCampusProvider({
      redirectUri: REDIRECT,
      people: { zed: { email: 'zed@students.campus.test', email_verified: true } },
    });
    const app = await makeApp({ seed: false, env: campusEnv(provider) });
    try {
      const s = await app.inject({ method: 'POST', url: '/api/auth/campus/start', payload: { portal: 'user' } });
      const binding = s.cookies.find((c) => c.name === 'gso_campus')!.value;
      const address = new URL(await provider.signIn(s.json().url, 'zed'));
      await provider.close();
      const res = await app.inject({ method: 'GET', url: address.pathname + address.search, cookies: { gso_campus: binding } });
      expect(res.headers.location).toBe('/login?campus=unavailable');
      expect(await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'zed@students.campus.test').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
