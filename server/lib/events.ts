/**
 * The office's events for webhooks (docs/decisions/webhooks.md), said where the change is written: by the activity
 * service for the entries that carry an event, by the stock card's writer, by a unit's history and by the jobs
 * that find what became due. Each is written to the outbox in the caller's transaction, so it is sent only if the
 * change commits.
 *
 * The writer is the webhooks module's, which sits above every module that says an event; those that say one often
 * hold nothing but the transaction (the stock card, a unit's history), so the app hands the writer over here once,
 * as it hands /metrics its job figures, rather than through each caller's arguments.
 */
import type { EventSubject, WebhookEvent } from '../../core/webhooks/events';
import type { Db } from '../db/database';

export interface OfficeEvent {
  type: WebhookEvent;
  about: EventSubject;
  /** For an event told once per endpoint whenever it is said again (an overdue loan, a crossed reorder level). */
  once?: string;
}

export type EventWriter = (trx: Db, events: readonly OfficeEvent[]) => Promise<void>;

let writer: EventWriter | null = null;

/** Where events go from now on (server/app.ts: the webhooks module's outbox). */
export const setEventWriter = (write: EventWriter) => void (writer = write);

/** Writes the event to the outbox in the caller's transaction (nothing when no app has set a writer). */
export async function sayEvent(trx: Db, event: OfficeEvent): Promise<void> {
  if (writer) await writer(trx, [event]);
}

/** Many events at once (a bulk change): the endpoints are read once for all of them. */
export async function sayEvents(trx: Db, events: readonly OfficeEvent[]): Promise<void> {
  if (writer && events.length) await writer(trx, events);
}
