/** Turning a person's calendar feed on, anew, or off (docs/decisions/calendar-feeds.md). */
import { randomBytes } from 'node:crypto';
import { feedPath } from '../../../core/calendar/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import type { AccountHold } from '../../ports';
import { tokenHash } from './queries';

/**
 * A new secret address for the person, replacing any old one (which stops working at once). The token is shown
 * this once; only its hash is kept.
 */
export async function newFeed(ctx: Ctx, me: Account): Promise<{ token: string; path: string; url: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where('account_id', '=', me.id).execute();
    await trx
      .insertInto('calendar_feeds')
      .values({ account_id: me.id, token_hash: tokenHash(token), created_at: createdAt })
      .execute();
  });
  const path = feedPath(token);
  return { token, path, url: new URL(path, ctx.config.appUrl).toString(), createdAt };
}

/** The feed off: its address answers 404 from now on. */
export async function removeFeed(ctx: Ctx, me: Account): Promise<void> {
  await ctx.db.deleteFrom('calendar_feeds').where('account_id', '=', me.id).execute();
}

/**
 * Deactivating (or deleting) an account ends its feed: the address stops working for good, and reactivating the
 * account does not bring it back, so an address shared or leaked while the person was away stays dead; they make
 * a new one from Settings.
 */
export const calendarFeedHold: AccountHold = {
  holding: async () => null,
  release: async (_activity, trx, account) => {
    await trx.deleteFrom('calendar_feeds').where('account_id', '=', account.id).execute();
  },
};
