import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../../core/common/endpoint';
import { MSG } from '../../core/messages';
import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { HttpError } from '../errors';
import { readTogether } from '../lib/readTogether';

export const SESSION_COOKIE = 'gso_session';
const REMEMBER_MS = 30 * 24 * 3600_000;
/** A browser-session cookie still gets a server-side end, in case the browser is never closed. */
const BROWSER_SESSION_MS = 24 * 3600_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from its endpoint): 'public', or the roles allowed. Shown in OpenAPI as x-roles. */
    access?: Access;
  }
  interface FastifyRequest {
    account: Account | null;
    sessionId: string | null;
  }
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function requireAccount(req: FastifyRequest): Account {
  if (!req.account) throw new HttpError(401, 'unauthenticated', MSG.signInRequired);
  return req.account;
}

/** The API, and the metrics page (which may be for administrators only), know who is calling. */
const guarded = (url: string) => url.startsWith('/api/') || url === '/metrics' || url.startsWith('/metrics?');

export function registerAuth(app: FastifyInstance, db: Db, cookieSecure: boolean) {
  app.decorateRequest('account', null);
  app.decorateRequest('sessionId', null);

  // Every API route must say who may call it; the guard and the OpenAPI x-roles come from that one place.
  app.addHook('onRoute', (route) => {
    if (!guarded(route.url) || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    route.schema = { ...(route.schema ?? {}), 'x-roles': access === 'public' ? ['public'] : [...access] } as any;
    if (access === 'public') return;
    const guard = async (req: FastifyRequest) => {
      const account = requireAccount(req);
      if (access.includes(account.role)) return;
      // Staff asking for what only administrators do are told so, not just refused.
      const adminOnly = account.role === 'staff' && access.includes('admin');
      throw new HttpError(403, 'forbidden', adminOnly ? MSG.administratorsOnly : MSG.notAllowed);
    };
    // onRequest, so that a caller without the right is refused before the body is even read.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, guard];
  });

  /** The accounts sessions sign in, for every request that asks at the same moment (lib/readTogether.ts). */
  const sessionAccounts = readTogether(async (ids: string[]) => {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .selectAll('accounts')
      .select('sessions.id as session_id')
      .where('sessions.id', 'in', ids)
      .where('sessions.expires_at', '>', new Date().toISOString())
      .execute();
    return new Map(rows.map(({ session_id, ...account }) => [session_id, account]));
  });
  /** The account a session token signs in, while the session lasts and the account may sign in. */
  const accountOf = async (id: string) => {
    const row = await sessionAccounts(id);
    // Its own copy: requests read together must not share one account object.
    return row && row.status === 'accepted' && !row.deactivated_at ? { ...row } : undefined;
  };

  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token || !guarded(req.url)) return;
    const id = hashToken(token);
    const account = await accountOf(id);
    if (account) {
      req.account = account;
      req.sessionId = id;
    }
  });

  return {
    /** Who a page's session cookie signs in, or undefined (no session, or one that ended). */
    async pageAccount(req: FastifyRequest) {
      const token = req.cookies[SESSION_COOKIE];
      return token ? accountOf(hashToken(token)) : undefined;
    },
    /** A fresh session id on every sign-in (the old one, if any, is ended). */
    async startSession(req: FastifyRequest, reply: FastifyReply, accountId: number, remember: boolean) {
      if (req.sessionId) await db.deleteFrom('sessions').where('id', '=', req.sessionId).execute();
      const token = crypto.randomBytes(32).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          id: hashToken(token),
          account_id: accountId,
          persistent: remember ? 1 : 0,
          expires_at: new Date(now + (remember ? REMEMBER_MS : BROWSER_SESSION_MS)).toISOString(),
          created_at: new Date(now).toISOString(),
        })
        .execute();
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
        ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
      });
    },
    /** Every session of the account but the given one (a password changed here ends it everywhere else). */
    async endOtherSessions(accountId: number, keep: string | null, trx: Db = db) {
      let q = trx.deleteFrom('sessions').where('account_id', '=', accountId);
      if (keep) q = q.where('id', '!=', keep);
      await q.execute();
    },
    async endSession(req: FastifyRequest, reply: FastifyReply) {
      if (req.sessionId) await db.deleteFrom('sessions').where('id', '=', req.sessionId).execute();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  };
}

export type SessionService = ReturnType<typeof registerAuth>;

/** Deletes the sessions that have expired (they are refused already; this keeps the table to live ones). */
export async function endExpiredSessions(db: Db, now: Date = new Date()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}
