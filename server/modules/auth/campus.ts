/**
 * Campus sign-in with OpenID Connect (docs/decisions/campus-sign-in.md): the authorization code flow with PKCE,
 * through openid-client. A sign-in under way is one `campus_logins` row (the state's hash, the browser's binding,
 * the nonce and the PKCE verifier), spent by the provider's answer, so a state works once and only in the browser
 * that started it. The ID token is verified by openid-client (signature, issuer, audience, expiry, nonce); the
 * email is used only when the provider says it is verified (verifiedEmail, core/auth/campus.ts), asking its userinfo
 * endpoint when the ID token does not say.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { campusRole, domainOf, emailSettled, verifiedEmail, type CampusOutcome, CAMPUS_OUTCOMES } from '../../../core/auth/campus';
import { PORTAL_ROLES, type Portal } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { HttpError } from '../../errors';
import { createCampusAccount, findByCampusSubject, findByEmail, linkCampusAccount } from '../accounts';

/** A sign-in started must come back within this time. */
export const CAMPUS_LOGIN_MINUTES = 10;
/** Seconds to wait for the provider (discovery, tokens, keys) before saying it cannot be reached. */
const PROVIDER_TIMEOUT_S = 8;
/** The provider's metadata is asked again after this long (keys are fetched by openid-client as they change). */
const DISCOVERY_TTL_MS = 3600_000;

type CampusConfig = NonNullable<Ctx['config']['campusSignIn']>;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** One discovery per configuration (so per app), kept an hour; a failed one is not kept. */
const discovered = new WeakMap<CampusConfig, { at: number; config: Promise<oidc.Configuration> }>();

function providerConfig(c: CampusConfig): Promise<oidc.Configuration> {
  const kept = discovered.get(c);
  if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.config;
  // http:// is accepted by the settings only on this machine (a local provider for development and the tests).
  const local = new URL(c.issuer).protocol === 'http:';
  const config = oidc.discovery(new URL(c.issuer), c.clientId, c.clientSecret, undefined, {
    timeout: PROVIDER_TIMEOUT_S,
    execute: local ? [oidc.allowInsecureRequests] : [],
  });
  discovered.set(c, { at: Date.now(), config });
  config.catch(() => discovered.delete(c));
  return config;
}

/** Whether openid-client's failure is the provider not answering (rather than a refused or wrong answer). */
function unreachable(err: unknown): boolean {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return true;
  if (e?.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || e?.code === 'OAUTH_RESPONSE_IS_NOT_JSON') return true;
  const cause = e?.cause;
  return (
    e instanceof TypeError || cause?.name === 'TimeoutError' || /ECONNREFUSED|ENOTFOUND|ECONNRESET|UND_ERR/.test(String(cause?.code ?? ''))
  );
}

function campusConfig(ctx: Ctx): CampusConfig {
  const c = ctx.config.campusSignIn;
  if (!c) throw new HttpError(404, 'campus_off', CAMPUS_OUTCOMES.off);
  return c;
}

/**
 * The first step: a new sign-in under way, and the provider's address to send the browser to. The binding is the
 * browser's cookie: the answer is taken only from the browser that started it. 503 when the provider cannot be
 * reached (nothing is kept).
 */
export async function startCampusSignIn(ctx: Ctx, portal: Portal, remember: boolean): Promise<{ url: string; binding: string }> {
  const c = campusConfig(ctx);
  let config: oidc.Configuration;
  try {
    config = await providerConfig(c);
  } catch (err) {
    ctx.log.warn({ err }, 'campus sign-in: the identity provider cannot be reached');
    throw new HttpError(503, 'campus_unavailable', CAMPUS_OUTCOMES.unavailable);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const binding = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await ctx.db.deleteFrom('campus_logins').where('expires_at', '<', now.toISOString()).execute();
  await ctx.db
    .insertInto('campus_logins')
    .values({
      state_hash: sha256(state),
      binding_hash: sha256(binding),
      nonce,
      code_verifier: verifier,
      portal,
      remember: remember ? 1 : 0,
      expires_at: new Date(now.getTime() + CAMPUS_LOGIN_MINUTES * 60_000).toISOString(),
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: c.redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, binding };
}

/**
 * The ID token's claims completed by the provider's userinfo answer (for the same subject, which openid-client
 * checks): the email and its verification are taken together from there, so one never vouches for the other's email.
 */
function withUserInfo<T extends Record<string, unknown>>(claims: T, info: Record<string, unknown>): T {
  const email = typeof info.email === 'string' ? { email: info.email, email_verified: info.email_verified, xms_edov: info.xms_edov } : {};
  return { ...info, ...claims, ...email };
}

export type CampusResult =
  { ok: true; account: Account; portal: Portal; remember: boolean } | { ok: false; outcome: CampusOutcome; portal: Portal };

/**
 * The provider's answer (the callback's query): spends the sign-in under way, exchanges the code (PKCE, state and
 * nonce checked, the ID token verified), then finds, links or makes the account. Every refusal is an outcome the
 * sign-in page explains; nothing is made or changed unless the provider's answer is good.
 */
export async function finishCampusSignIn(ctx: Ctx, search: string, binding: string | undefined): Promise<CampusResult> {
  const c = campusConfig(ctx);
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const fail = (outcome: CampusOutcome, portal: Portal = 'user'): CampusResult => ({ ok: false, outcome, portal });
  if (!state || !binding || state.length > 200 || binding.length > 100) return fail('expired');
  const row = await ctx.db
    .deleteFrom('campus_logins')
    .where('state_hash', '=', sha256(state))
    .where('binding_hash', '=', sha256(binding))
    .returningAll()
    .executeTakeFirst();
  if (!row || row.expires_at < new Date().toISOString()) return fail('expired');
  const portal = row.portal as Portal;
  if (params.has('error')) return fail(params.get('error') === 'access_denied' ? 'cancelled' : 'failed', portal);

  let claims: Record<string, unknown> & { iss: string; sub: string };
  try {
    const config = await providerConfig(c);
    const current = new URL(c.redirectUri);
    current.search = search;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: row.code_verifier,
      expectedState: state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    if (!emailSettled(claims)) claims = withUserInfo(claims, await oidc.fetchUserInfo(config, tokens.access_token, claims.sub));
  } catch (err) {
    const down = unreachable(err);
    ctx.log.warn({ err }, down ? 'campus sign-in: the identity provider cannot be reached' : 'campus sign-in refused');
    return fail(down ? 'unavailable' : 'failed', portal);
  }

  const email = verifiedEmail(claims);
  if (!email) return fail('unverified', portal);
  if (c.allowedDomains.length && !c.allowedDomains.includes(domainOf(email))) return fail('domain', portal);
  const subject = `${claims.iss}#${claims.sub}`;
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.slice(0, email.indexOf('@'));
  const providerName = c.name;

  const found = await ctx.db.transaction().execute(async (trx): Promise<CampusResult> => {
    let account = (await findByCampusSubject(trx, subject)) ?? (await findByEmail(trx, email));
    if (account) {
      if (!PORTAL_ROLES[portal].includes(account.role)) return fail('wrong_portal', portal);
      // An account linked to another campus identity is not taken over by a second one with its email.
      if (account.campus_subject && account.campus_subject !== subject) return fail('failed', portal);
      if (!account.campus_subject) await linkCampusAccount(ctx, trx, account, subject, providerName);
    } else {
      if (portal !== 'user') return fail('invitation', portal);
      const role = campusRole(claims, email, c);
      if (!role) return fail('no_role', portal);
      const accepted = c.approveDomains.includes(domainOf(email));
      account = await createCampusAccount(ctx, trx, { fullName: name, email, role, subject, accepted, providerName });
      if (!accepted) return fail('created', portal);
    }
    return { ok: true, account, portal, remember: row.remember === 1 };
  });
  if (!found.ok) return found;
  const { account } = found;
  if (account.status === 'pending') return fail('pending', portal);
  if (account.status === 'rejected') return fail('rejected', portal);
  if (account.deactivated_at) return fail('deactivated', portal);
  return found;
}
