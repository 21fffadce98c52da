/** Webhooks (migration 073, the webhooks module; docs/decisions/webhooks.md). */
import type { Generated, Selectable } from 'kysely';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** JSON: ["*"] for every event, else the event types asked for. */
  events: string;
  /** whsec_ and 32 random bytes in base64: kept as it is, since signing needs it. */
  secret: string;
  /** After a rotation, the old secret also signs until previous_until. */
  previous_secret: string | null;
  previous_until: string | null;
  status: 'active' | 'paused';
  /** Why it is paused: by an administrator, or by the server after a day of failures. */
  paused_reason: 'admin' | 'failing' | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The outbox: one row per endpoint per event, its message id (msg_...) the same on every attempt. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  msg_id: string;
  event_type: string;
  /** The JSON body sent, written with the event. */
  payload: string;
  /** For events told once (an overdue loan, a stock crossing): unique per endpoint; null for the others. */
  dedupe_key: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  give_up_at: string;
  /** A worker's claim: until then no other process sends it; the token guards the claim's result. */
  lease_until: string | null;
  lease_token: string | null;
  last_attempt_at: string | null;
  response_code: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  created_at: string;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
