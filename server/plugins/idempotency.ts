/**
 * Idempotency-Key on writes (docs/decisions/idempotency.md): a change sent again with the same key by the same
 * account is answered as the first time and not applied again, as when a phone resends what it kept while offline
 * or an integration retries after a timeout. The key is claimed in the database (one row per account and key), so
 * two processes receiving the same resend at once apply it once.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { HttpError } from '../errors';

export const IDEMPOTENCY_MSG = {
  badKey: 'The Idempotency-Key header must be 8 to 100 visible characters (letters, digits and punctuation, no spaces).',
  otherRequest: 'This Idempotency-Key was used for another change. Send each change with a key of its own.',
  inProgress: 'This change is still being applied. Try again in a moment.',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]{8,100}$/;
/** How long a key is answered from its first request. */
export const KEPT_MS = 24 * 3600_000;
/** A claim whose request never answered (its process stopped) may be claimed again after this long. */
const STALE_CLAIM_MS = 5 * 60_000;
/** Answers kept to replay; a larger one (a write answering a whole list) is replayed as its status alone. */
const MAX_KEPT_BODY = 256 * 1024;
/** Answers that say nothing of the change itself: not kept, so a resend is tried afresh. */
const NOT_KEPT = new Set([401, 408, 429]);

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { accountId: number; key: string } | null;
  }
}

export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.decorateRequest('idempotency', null);

  // preHandler: after the route's access check and the body's validation, so a refused request claims nothing.
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    if (key === undefined || !WRITES.has(req.method) || !req.url.startsWith('/api/') || !req.account) return;
    if (typeof key !== 'string' || !KEY.test(key)) throw new HttpError(400, 'invalid_input', IDEMPOTENCY_MSG.badKey);
    const accountId = req.account.id;
    const target = `${req.method} ${req.url}`;
    if (await claim(db, accountId, key, target)) {
      req.idempotency = { accountId, key };
      return;
    }
    const first = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (first && first.target !== target) throw new HttpError(422, 'invalid_input', IDEMPOTENCY_MSG.otherRequest);
    if (!first || first.status_code === null) {
      if (first && (await reclaimStale(db, accountId, key, first.created_at))) {
        req.idempotency = { accountId, key };
        return;
      }
      reply.header('retry-after', '1');
      throw new HttpError(409, 'conflict', IDEMPOTENCY_MSG.inProgress);
    }
    reply.header('idempotent-replayed', 'true');
    if (first.content_type) reply.type(first.content_type);
    return reply.code(first.status_code).send(first.body ?? undefined);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claimed = req.idempotency;
    if (!claimed) return payload;
    req.idempotency = null;
    const status = reply.statusCode;
    // A failure of the server's or a refusal that says nothing of the change: the key is free for the resend.
    if (status >= 500 || NOT_KEPT.has(status)) {
      await db.deleteFrom('idempotency_keys').where('account_id', '=', claimed.accountId).where('key', '=', claimed.key).execute();
      return payload;
    }
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = reply.getHeader('content-type');
    await db
      .updateTable('idempotency_keys')
      .set({
        status_code: status,
        content_type: typeof contentType === 'string' ? contentType : null,
        body: text !== null && text.length <= MAX_KEPT_BODY ? text : null,
      })
      .where('account_id', '=', claimed.accountId)
      .where('key', '=', claimed.key)
      .execute();
    return payload;
  });
}

async function claim(db: Db, accountId: number, key: string, target: string): Promise<boolean> {
  const res = await db
    .insertInto('idempotency_keys')
    .values({ account_id: accountId, key, target, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A claim left unanswered for minutes (the process that took it stopped): taken over by one resend. */
async function reclaimStale(db: Db, accountId: number, key: string, claimedAt: string): Promise<boolean> {
  if (Date.now() - Date.parse(claimedAt) < STALE_CLAIM_MS) return false;
  const res = await db
    .updateTable('idempotency_keys')
    .set({ created_at: new Date().toISOString() })
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .where('created_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Housekeeping: keys older than a day are forgotten. */
export async function pruneIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - KEPT_MS).toISOString())
    .execute();
}
