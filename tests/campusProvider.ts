/**
 * A real OpenID Connect provider for the tests and journeys (oidc-provider, on this machine): campus sign-in
 * (docs/decisions/campus-sign-in.md) is tested against it, not against a mock. Its people are given by the test;
 * any of them signs in at its own login page with their key as login (any password).
 *
 * For the checks no honest provider would fail (an ID token for another client, an expired one, a nonce
 * replayed), `forge` makes the provider's token endpoint answer once with an ID token the test writes, signed with
 * the provider's own key, so only the claims are wrong.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import Provider from 'oidc-provider';

export interface CampusPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** Microsoft Entra ID's optional claim: the email's domain is one the tenant has verified. */
  xms_edov?: boolean;
  /** The email and its verification only at the userinfo endpoint, not in the ID token (as some providers do). */
  emailAtUserInfoOnly?: boolean;
}

export interface CampusProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by login; change it at will. */
  people: Record<string, CampusPerson>;
  /** The next token answer carries an ID token with these claims (merged over honest defaults), signed by the provider. */
  forge(claims: Record<string, unknown>): void;
  /** Signs a person in at the provider's pages and answers the redirect address back to the app (with code and state). */
  signIn(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A journey in another process says so with `POST /__test/fail-next-token` on the provider's address: its token
 * service drops the next call unanswered, as a provider going down during a sign-in would.
 */
export const FAIL_NEXT_TOKEN_PATH = '/__test/fail-next-token';

export const CAMPUS_CLIENT = { clientId: 'campus-gso', clientSecret: 'campus-gso-test-secret' };

export async function startCampusProvider(opts: {
  redirectUri: string;
  port?: number;
  people?: Record<string, CampusPerson>;
}): Promise<CampusProvider> {
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await jose.exportJWK(privateKey)), kid: 'campus-test', alg: 'RS256', use: 'sig' };
  const people: Record<string, CampusPerson> = { ...opts.people };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = {
    client_id: CAMPUS_CLIENT.clientId,
    client_secret: CAMPUS_CLIENT.clientSecret,
    redirect_uris: [opts.redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  };
  const provider = new Provider(issuer, {
    clients: [client, { ...client, client_id: 'another-app', client_secret: 'another-secret' }],
    jwks: { keys: [jwk] },
    cookies: { keys: ['campus-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name', 'groups'] },
    // The claims in the ID token itself, as the big providers do, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    // A login that is an email and not one of the people signs in as a new, verified person with that email.
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async (use: string) => {
        const { emailAtUserInfoOnly, ...person } =
          people[id] ?? (id.includes('@') ? { email: id, email_verified: true, name: 'New Person' } : {});
        if (emailAtUserInfoOnly && use === 'id_token') {
          delete person.email;
          delete person.email_verified;
        }
        return { sub: id, ...person };
      },
    }),
    // First-party: no consent page (the grant is made at once).
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
  });
  const handle = provider.callback();
  let forged: Record<string, unknown> | null = null;
  let failNextToken = false;
  server.on('request', (req, res) => {
    if (req.method === 'POST' && req.url === FAIL_NEXT_TOKEN_PATH) {
      failNextToken = true;
      res.writeHead(204).end();
      return;
    }
    if (failNextToken && req.method === 'POST' && req.url?.startsWith('/token')) {
      failNextToken = false;
      req.socket.destroy();
      return;
    }
    if (forged && req.method === 'POST' && req.url?.startsWith('/token')) {
      const claims = forged;
      forged = null;
      req.resume();
      const now = Math.floor(Date.now() / 1000);
      void new jose.SignJWT({ iss: issuer, aud: CAMPUS_CLIENT.clientId, sub: 'forged', iat: now, exp: now + 300, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .sign(privateKey)
        .then((idToken) => {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(
            JSON.stringify({
              access_token: 'forged',
              token_type: 'Bearer',
              expires_in: 300,
              id_token: idToken,
              scope: 'openid email profile',
            }),
          );
        });
      return;
    }
    handle(req, res);
  });

  async function signIn(authorizationUrl: string, login: string): Promise<string> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const remember = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
    };
    let url = authorizationUrl;
    let body: string | undefined;
    for (let hop = 0; hop < 12; hop++) {
      if (!url.startsWith(issuer)) return url;
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
      });
      remember(res);
      body = undefined;
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url).href;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html);
      if (!action) throw new Error(`The provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
      url = new URL(action[1].replaceAll('&amp;', '&'), url).href;
      body = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
    }
    throw new Error('The provider did not send the browser back');
  }

  return {
    issuer,
    ...CAMPUS_CLIENT,
    people,
    forge: (claims) => {
      forged = claims;
    },
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
