/**
 * The outbox (docs/decisions/webhooks.md): an event becomes one delivery row per endpoint that asked for it, in the
 * transaction of the change, all with one message id (msg_...) that every attempt and Resend keep. An event told
 * once (`once`) is written at most once per endpoint, however often it is said. Paused endpoints collect their
 * events too, sent when resumed.
 */
import { TEST_EVENT, type SentEvent } from '../../../core/webhooks/events';
import type { WebhookPayload } from '../../../core/webhooks/payloads';
import { RETRY_FOR_MS } from '../../../core/webhooks/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { EventWriter, OfficeEvent } from '../../lib/events';
import { recordData } from './payloads';
import { newMessageId } from './signing';

/** Whether an endpoint's kept events (JSON: ["*"] or the types) take this event. */
export const wants = (kept: string, type: string) => {
  const list = JSON.parse(kept) as string[];
  return list.includes('*') || list.includes(type);
};

let sentSinceWake = false;
/** Something was queued for the sender (an event, a test, a resend). */
export const noteWork = () => void (sentSinceWake = true);
/** Whether work was queued since the last call (the app wakes the sender after a request that queued some). */
export function takeWake(): boolean {
  const was = sentSinceWake;
  sentSinceWake = false;
  return was;
}

interface Queued {
  endpointIds: number[];
  type: SentEvent;
  data: Record<string, unknown>;
  once?: string;
}

/** Writes one message's rows; answers the message id. */
async function queue(trx: Db, q: Queued, now = new Date()): Promise<string> {
  const msgId = newMessageId();
  const at = now.toISOString();
  const payload: WebhookPayload = { type: q.type, timestamp: at, data: q.data };
  const body = JSON.stringify(payload);
  await trx
    .insertInto('webhook_deliveries')
    .values(
      q.endpointIds.map((endpoint_id) => ({
        endpoint_id,
        msg_id: msgId,
        event_type: q.type,
        payload: body,
        dedupe_key: q.once ?? null,
        status: 'pending' as const,
        next_attempt_at: at,
        give_up_at: new Date(now.getTime() + RETRY_FOR_MS).toISOString(),
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'dedupe_key']).doNothing())
    .execute();
  noteWork();
  return msgId;
}

/** The app's event writer (server/lib/events.ts): nothing is read or written for events no endpoint wants. */
export function outboxWriter(ctx: Ctx): EventWriter {
  return async (trx: Db, events: readonly OfficeEvent[]) => {
    const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events']).orderBy('id').execute();
    if (!endpoints.length) return;
    for (const event of events) {
      let wanting = endpoints.filter((e) => wants(e.events, event.type)).map((e) => e.id);
      const once = event.once && `${event.type}:${event.once}`;
      if (once && wanting.length) {
        // Told already: no payload is read again for it (the unique index would keep it once anyway).
        const told = await trx
          .selectFrom('webhook_deliveries')
          .select('endpoint_id')
          .where('dedupe_key', '=', once)
          .where('endpoint_id', 'in', wanting)
          .execute();
        wanting = wanting.filter((id) => !told.some((t) => t.endpoint_id === id));
      }
      if (!wanting.length) continue;
      const data = await recordData(ctx, trx, event.about);
      if (data) await queue(trx, { endpointIds: wanting, type: event.type, data, once });
    }
  };
}

/** Send test event: a webhook.test message to this endpoint alone; answers its delivery's id. */
export async function queueTest(trx: Db, endpointId: number, actor: string): Promise<number> {
  const msgId = await queue(trx, {
    endpointIds: [endpointId],
    type: TEST_EVENT,
    data: { webhookId: endpointId, message: `A test event sent by ${actor} from Campus GSO.` },
  });
  const row = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('msg_id', '=', msgId)
    .executeTakeFirstOrThrow();
  return row.id;
}
