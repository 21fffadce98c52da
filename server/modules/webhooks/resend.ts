/**
 * From the delivery log (docs/decisions/webhooks.md): Send test event (a webhook.test message through the outbox,
 * sent even while the webhook is paused, to try the receiver) and Resend (the same message id sent again now, and
 * retried for a day if it fails).
 */
import { RETRY_FOR_MS, WEBHOOK_MSG } from '../../../core/webhooks/rules';
import type { WebhookDeliveryDto } from '../../../core/webhooks/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { noteWork, queueTest } from './outbox';
import { findDelivery, toDeliveryDto } from './queries';

export async function sendTest(ctx: Ctx, actor: Account, id: number): Promise<WebhookDeliveryDto> {
  const deliveryId = await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst();
    if (!endpoint) throw notFound(WEBHOOK_MSG.notFound);
    return queueTest(trx, id, actor.full_name);
  });
  return toDeliveryDto((await findDelivery(ctx.db, id, deliveryId))!);
}

export async function resend(ctx: Ctx, id: number, deliveryId: number): Promise<WebhookDeliveryDto> {
  const endpoint = await ctx.db.selectFrom('webhook_endpoints').select('status').where('id', '=', id).executeTakeFirst();
  if (!endpoint) throw notFound(WEBHOOK_MSG.notFound);
  if (!(await findDelivery(ctx.db, id, deliveryId))) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  if (endpoint.status === 'paused') throw conflict(WEBHOOK_MSG.resumeFirst, 'webhook_paused');
  const now = new Date();
  // Not while an attempt holds it: that attempt's outcome is about to be recorded.
  const done = await ctx.db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: now.toISOString(),
      give_up_at: new Date(now.getTime() + RETRY_FOR_MS).toISOString(),
    })
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', id)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw conflict(WEBHOOK_MSG.inFlight, 'delivery_in_flight');
  noteWork();
  return toDeliveryDto((await findDelivery(ctx.db, id, deliveryId))!);
}
