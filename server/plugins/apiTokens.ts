/**
 * API tokens (docs/decisions/api-tokens.md): `Authorization: Bearer gso_...` on /api/ runs the request as the
 * administrator who made the token, narrowed by its scopes. This file keeps the api_tokens table.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { scopeNeeded } from '../../core/tokens/areas';
import { scopeAllows, SCOPE_LEVELS, tokenActorName, TOKEN_MSG, TOKEN_PREFIX, TOKEN_SHAPE, type TokenScopes } from '../../core/tokens/rules';
import type { ApiTokenDto } from '../../core/tokens/schemas';
import type { Db } from '../db/database';
import { HttpError } from '../errors';
import { setCallerToken, withCallerPlace } from '../lib/apiCaller';
import { hit } from '../lib/counters';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request was made with (its account is the token's administrator), or null. */
    apiToken: { id: number; name: string; scopes: TokenScopes } | null;
  }
}

const WINDOW_MS = 60_000;
/** Last use is written at most this often per token, so a busy integration does not write on every read. */
const LAST_USED_EVERY_MS = 60_000;

const level = z.enum(SCOPE_LEVELS);
const storedScopes = z.object({ borrowing: level, repairs: level, inventory: level, locations: level, people: level });
const readScopes = (json: string): TokenScopes => storedScopes.parse(JSON.parse(json));

const sha256 = (secret: string) => crypto.createHash('sha256').update(secret).digest();
const unauthenticated = (message: string) => new HttpError(401, 'unauthenticated', message);
const guarded = (url: string) => url.startsWith('/api/') || url === '/metrics' || url.startsWith('/metrics?');

/** A new token's secret: the prefix, its row's id, and 32 random bytes. */
const newSecret = (id: number) => `${TOKEN_PREFIX}${id}_${crypto.randomBytes(32).toString('base64url')}`;

export function registerApiTokens(app: FastifyInstance, db: Db, opts: { rateLimit: number }) {
  app.decorateRequest('apiToken', null);

  app.addHook('onRequest', (_req, _reply, done) => withCallerPlace(done));

  app.addHook('onRequest', async (req, reply) => {
    const header = req.headers.authorization;
    if (header === undefined || !guarded(req.url)) return;
    // A bearer request carries no cookie session: whatever the cookie said, the token alone decides.
    req.account = null;
    req.sessionId = null;
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) throw unauthenticated(header.trim() === '' ? TOKEN_MSG.missing : TOKEN_MSG.malformed);
    const parts = TOKEN_SHAPE.exec(match[1]);
    if (!parts) throw unauthenticated(TOKEN_MSG.malformed);
    const id = Number(parts[1]);
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw unauthenticated(TOKEN_MSG.unknown);
    const row = await db
      .selectFrom('api_tokens as t')
      .leftJoin('accounts as a', 'a.id', 't.created_by')
      .selectAll('a')
      .select(['t.id as token_id', 't.name as token_name', 't.secret_hash', 't.scopes', 't.expires_at', 't.revoked_at', 't.last_used_at'])
      .where('t.id', '=', id)
      .executeTakeFirst();
    const given = sha256(match[1]);
    const kept = row ? Buffer.from(row.secret_hash, 'hex') : crypto.randomBytes(32);
    // Compared in constant time, and compared even for an unknown id, so timing tells nothing of the secret.
    const same = kept.length === given.length && crypto.timingSafeEqual(kept, given);
    if (!row || !same) throw unauthenticated(TOKEN_MSG.unknown);
    if (row.revoked_at) throw unauthenticated(TOKEN_MSG.revoked);
    const now = new Date();
    if (row.expires_at <= now.toISOString()) throw unauthenticated(TOKEN_MSG.expired);
    if (row.id === null || row.role !== 'admin' || row.status !== 'accepted' || row.deactivated_at)
      throw unauthenticated(TOKEN_MSG.ownerGone);

    const count = await hit(db, `token:${row.token_id}`, WINDOW_MS, now.getTime());
    if (count.hits > opts.rateLimit) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((count.resetAt - now.getTime()) / 1000))));
      throw new HttpError(429, 'too_many_requests', TOKEN_MSG.rateLimited(opts.rateLimit));
    }
    if (!row.last_used_at || Date.parse(row.last_used_at) <= now.getTime() - LAST_USED_EVERY_MS) {
      await db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.token_id).execute();
    }

    const { token_id, token_name, secret_hash: _h, scopes, expires_at: _e, revoked_at: _r, last_used_at: _l, ...account } = row;
    // The administrator's account, named as the token: the words of the entries its writes make say who acted.
    req.account = { ...account, id: row.id, full_name: tokenActorName(token_name) } as NonNullable<FastifyRequest['account']>;
    req.apiToken = { id: token_id, name: token_name, scopes: readScopes(scopes) };
    setCallerToken({ id: token_id, name: token_name });
  });

  // Every route says what a token needs to call it; one in no area refuses tokens. OpenAPI shows it as x-token-scope.
  app.addHook('onRoute', (route) => {
    if (!guarded(route.url) || route.url.startsWith('/api/docs')) return;
    const needed = scopeNeeded(route.config?.endpoint);
    route.schema = {
      ...(route.schema ?? {}),
      'x-token-scope': needed ? `${needed.area}:${needed.needs}` : 'none',
      ...(route.config?.access && route.config.access !== 'public'
        ? { security: [{ session: [] }, ...(needed ? [{ apiToken: [] }] : [])] }
        : {}),
    } as any;
    const guard = async (req: FastifyRequest) => {
      const token = req.apiToken;
      if (!token) return;
      if (!needed) throw new HttpError(403, 'forbidden', TOKEN_MSG.notHere);
      if (!scopeAllows(token.scopes, needed.area, needed.needs))
        throw new HttpError(403, 'forbidden', TOKEN_MSG.notAllowed(needed.area, needed.needs, token.scopes[needed.area]));
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}

// ---- the tokens as the administrators' screen manages them ----

const statusOf = (t: { expires_at: string; revoked_at: string | null }, now: string): ApiTokenDto['status'] =>
  t.revoked_at ? 'revoked' : t.expires_at <= now ? 'expired' : 'active';

const tokenRows = (db: Db) =>
  db
    .selectFrom('api_tokens as t')
    .leftJoin('accounts as a', 'a.id', 't.created_by')
    .select([
      't.id',
      't.name',
      't.scopes',
      't.created_at',
      't.expires_on',
      't.expires_at',
      't.last_used_at',
      't.revoked_at',
      'a.full_name',
    ]);
type TokenRow = Awaited<ReturnType<ReturnType<typeof tokenRows>['execute']>>[number];

const toDto = (t: TokenRow, deletedUser: string, now = new Date().toISOString()): ApiTokenDto => ({
  id: t.id,
  name: t.name,
  scopes: readScopes(t.scopes),
  createdBy: t.full_name ?? deletedUser,
  createdAt: t.created_at,
  expiresOn: t.expires_on,
  lastUsedAt: t.last_used_at,
  revokedAt: t.revoked_at,
  status: statusOf(t, now),
});

export async function listApiTokens(db: Db, deletedUser: string): Promise<ApiTokenDto[]> {
  const rows = await tokenRows(db).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
  const now = new Date().toISOString();
  return rows.map((t) => toDto(t, deletedUser, now));
}

export async function findApiToken(db: Db, id: number, deletedUser: string): Promise<ApiTokenDto | undefined> {
  const row = await tokenRows(db).where('t.id', '=', id).executeTakeFirst();
  return row && toDto(row, deletedUser);
}

/** Makes a token in the caller's transaction and answers its id and secret (only its hash is kept). */
export async function insertApiToken(
  trx: Db,
  t: { name: string; scopes: TokenScopes; createdBy: number; expiresOn: string; expiresAt: string },
): Promise<{ id: number; secret: string }> {
  const { id } = await trx
    .insertInto('api_tokens')
    .values({
      name: t.name,
      // Replaced below once the id, part of the secret, is known.
      secret_hash: '',
      scopes: JSON.stringify(t.scopes),
      created_by: t.createdBy,
      created_at: new Date().toISOString(),
      expires_on: t.expiresOn,
      expires_at: t.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const secret = newSecret(id);
  await trx
    .updateTable('api_tokens')
    .set({ secret_hash: sha256(secret).toString('hex') })
    .where('id', '=', id)
    .execute();
  return { id, secret };
}

/** Revokes a token still standing (one guarded update); false when it was revoked already or does not exist. */
export async function revokeApiToken(trx: Db, id: number, by: number): Promise<boolean> {
  const res = await trx
    .updateTable('api_tokens')
    .set({ revoked_at: new Date().toISOString(), revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
