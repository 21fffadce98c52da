/** Each person's push subscriptions, one per device (docs/decisions/push.md): saved, listed, removed. */
import { MSG } from '../../../core/messages';
import { pushKindsFor, type PushKind } from '../../../core/push/kinds';
import type { PushSubscriptionBody, PushSubscriptionDto } from '../../../core/push/schemas';
import type { Db } from '../../db/database';
import type { Account, PushSubscriptionsTable } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { AccountHold } from '../../ports';

type Row = Pick<PushSubscriptionsTable, 'endpoint' | 'kinds' | 'created_at' | 'last_success_at'> & { id: number };

export const kindsOf = (stored: string): PushKind[] => (stored ? (stored.split(',') as PushKind[]) : []);

const toDto = (r: Row): PushSubscriptionDto => ({
  id: r.id,
  endpoint: r.endpoint,
  kinds: kindsOf(r.kinds),
  createdAt: r.created_at,
  lastSuccessAt: r.last_success_at,
});

const columns = ['id', 'endpoint', 'kinds', 'created_at', 'last_success_at'] as const;

export async function subscriptionsOf(db: Db, me: Account): Promise<PushSubscriptionDto[]> {
  const rows = await db.selectFrom('push_subscriptions').select(columns).where('account_id', '=', me.id).orderBy('id').execute();
  return rows.map(toDto);
}

/**
 * This device's subscription with the kinds chosen, made or changed in one statement (an upsert on the endpoint):
 * a device another person had turned on is now the signed-in person's, with their kinds only.
 */
export async function saveSubscription(db: Db, me: Account, body: PushSubscriptionBody): Promise<PushSubscriptionDto> {
  const allowed = pushKindsFor(me.role);
  const refused = body.kinds.find((k) => !allowed.includes(k));
  if (refused) throw badRequest(MSG.pushKindNotYours(refused));
  const kinds = allowed.filter((k) => body.kinds.includes(k)).join(',');
  const values = { account_id: me.id, p256dh: body.keys.p256dh, auth: body.keys.auth, kinds };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: body.endpoint, created_at: new Date().toISOString(), last_success_at: null })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toDto(row);
}

/** One of my own subscriptions off; another person's, or one already gone, is not found. */
export async function removeSubscription(db: Db, me: Account, id: number): Promise<void> {
  const res = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('account_id', '=', me.id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(MSG.pushSubscriptionNotFound);
}

/** The devices of these people, for sending. */
export const devicesOf = (db: Db, accountIds: number[]) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'account_id', 'endpoint', 'p256dh', 'auth', 'kinds'])
    .where('account_id', 'in', accountIds)
    .execute();

/** The push service answered that the subscription is gone (404 or 410): it is deleted, if it is still that one. */
export async function forgetDevice(db: Db, id: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).where('endpoint', '=', endpoint).execute();
}

export async function markDelivered(db: Db, id: number): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_success_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Deactivating or deleting an account turns its devices' notifications off: nothing more reaches them. */
export const pushHold: AccountHold = {
  holding: async () => null,
  release: async (_activity, trx, account) => {
    await trx.deleteFrom('push_subscriptions').where('account_id', '=', account.id).execute();
  },
};
