/** The webhooks and their delivery logs as the API shows them (never a secret). */
import { sql } from 'kysely';
import { MSG } from '../../../core/messages';
import { readEvents } from '../../../core/webhooks/rules';
import type { DeliveryLog, WebhookDeliveryDto, WebhookDto } from '../../../core/webhooks/schemas';
import type { Db } from '../../db/database';
import type { WebhookDelivery } from '../../db/schema';

function endpointRows(db: Db) {
  return db
    .selectFrom('webhook_endpoints as w')
    .leftJoin('accounts as a', 'a.id', 'w.created_by')
    .select([
      'w.id',
      'w.url',
      'w.description',
      'w.events',
      'w.status',
      'w.paused_reason',
      'w.failing_since',
      'w.created_at',
      'a.full_name as maker',
      (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('d.endpoint_id', '=', 'w.id')
          .where('d.status', '=', 'pending')
          .as('pending'),
      (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select('d.last_attempt_at')
          .whereRef('d.endpoint_id', '=', 'w.id')
          .where('d.last_attempt_at', 'is not', null)
          .orderBy('d.last_attempt_at', 'desc')
          .limit(1)
          .as('last_at'),
      (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select('d.status')
          .whereRef('d.endpoint_id', '=', 'w.id')
          .where('d.last_attempt_at', 'is not', null)
          .orderBy('d.last_attempt_at', 'desc')
          .limit(1)
          .as('last_status'),
    ]);
}

type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpointRows>['execute']>>[number];

const toDto = (r: EndpointRow): WebhookDto => ({
  id: r.id,
  url: r.url,
  description: r.description,
  ...readEvents(r.events),
  status: r.status,
  pausedReason: r.status === 'paused' ? r.paused_reason : null,
  failingSince: r.failing_since,
  createdBy: r.maker ?? MSG.deletedUser,
  createdAt: r.created_at,
  lastDeliveryAt: r.last_at ?? null,
  lastStatus: (r.last_status as WebhookDto['lastStatus']) ?? null,
  pending: Number(r.pending ?? 0),
});

export async function listWebhooks(db: Db): Promise<WebhookDto[]> {
  return (await endpointRows(db).orderBy('w.id').execute()).map(toDto);
}

export async function findWebhook(db: Db, id: number): Promise<WebhookDto | null> {
  const row = await endpointRows(db).where('w.id', '=', id).executeTakeFirst();
  return row ? toDto(row) : null;
}

export const toDeliveryDto = (d: WebhookDelivery): WebhookDeliveryDto => ({
  id: d.id,
  messageId: d.msg_id,
  eventType: d.event_type,
  status: d.status,
  attempts: d.attempts,
  responseCode: d.response_code,
  responseExcerpt: d.response_excerpt,
  durationMs: d.duration_ms,
  createdAt: d.created_at,
  lastAttemptAt: d.last_attempt_at,
  nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
});

/** An endpoint's deliveries, newest first, paged by the database. */
export async function deliveryLog(db: Db, endpointId: number, page: number, pageSize: number): Promise<DeliveryLog> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select(sql<number>`count(*)`.as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst(),
  ]);
  return { items: rows.map(toDeliveryDto), total: Number(total?.n ?? 0) };
}

export const findDelivery = (db: Db, endpointId: number, id: number) =>
  db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).where('id', '=', id).executeTakeFirst();
