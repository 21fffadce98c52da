/** The webhooks' contract (docs/decisions/webhooks.md). */
import { z } from 'zod';
import { count, idParam, isoTime, line, pageNumber, pageOf, prose, text } from '../common/schemas';
import { WEBHOOK_EVENTS } from './events';
import { ALLOWED_HOSTS_MAX, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from './rules';

/** Add or edit a webhook. The form rule (core webhookForm) answers each wrong field; this only bounds the body. */
export const webhookBody = z.object({
  url: line().max(WEBHOOK_URL_MAX * 2),
  description: prose().max(WEBHOOK_DESCRIPTION_MAX * 4),
  allEvents: z.boolean(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).max(WEBHOOK_EVENTS.length * 2),
});
export type WebhookBody = z.input<typeof webhookBody>;

const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    allEvents: z.boolean(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** Paused by an administrator, or by the server after a day of failed deliveries (pausedReason "failing"). */
    status: z.enum(['active', 'paused']),
    pausedReason: z.enum(['admin', 'failing']).nullable(),
    /** Since when every delivery has failed; null while the last one succeeded. */
    failingSince: isoTime.nullable(),
    createdBy: z.string(),
    createdAt: isoTime,
    /** The last delivery tried, and how it went. */
    lastDeliveryAt: isoTime.nullable(),
    lastStatus: z.enum(['pending', 'delivered', 'failed']).nullable(),
    /** Deliveries waiting to be sent or tried again. */
    pending: count,
  })
  .meta({ id: 'Webhook' });
export type WebhookDto = z.infer<typeof webhookSchema>;

export const webhookList = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookList>;

/** A webhook made, or its secret rotated: the secret (whsec_...) is answered this once. */
export const webhookWithSecret = z.object({ webhook: webhookSchema, secret: z.string(), message: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookResult = z.object({ webhook: webhookSchema, message: z.string() });

export const deliveryParams = z.object({ id: idParam, deliveryId: idParam });

export const deliveryQuery = z.object({
  page: pageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const deliverySchema = z
  .object({
    id: z.number().int(),
    /** The message id (webhook-id): the same on every attempt and on Resend, for the receiver to drop repeats. */
    messageId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: count,
    /** The receiver's HTTP status on the last attempt; null when it did not answer (refused, timed out). */
    responseCode: z.number().int().nullable(),
    /** The start of the receiver's answer, or why there was none. */
    responseExcerpt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: isoTime,
    lastAttemptAt: isoTime.nullable(),
    /** When it is tried next (pending only). */
    nextAttemptAt: isoTime.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryDto = z.infer<typeof deliverySchema>;

export const deliveryLog = pageOf(deliverySchema);
export type DeliveryLog = z.infer<typeof deliveryLog>;

export const deliveryResult = z.object({ delivery: deliverySchema, message: z.string() });

/** The allowed on-campus hosts (Settings): names or addresses, one per line. */
export const allowedHostsBody = z.object({ hosts: text().max(ALLOWED_HOSTS_MAX * 300) });
export const allowedHosts = z.object({ hosts: z.array(z.string()) });
export type AllowedHosts = z.infer<typeof allowedHosts>;
