/** Reads of the calendar feeds (docs/decisions/calendar-feeds.md). */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';

/** Only the SHA-256 of a token is kept: a copy of the database gives no working address. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const feedOf = (db: Db, accountId: number) =>
  db.selectFrom('calendar_feeds').select(['created_at']).where('account_id', '=', accountId).executeTakeFirst();

/** The account whose feed a token opens: none for an unknown or revoked token. */
export const feedAccountId = async (db: Db, token: string) =>
  (await db.selectFrom('calendar_feeds').select('account_id').where('token_hash', '=', tokenHash(token)).executeTakeFirst())?.account_id ??
  null;
