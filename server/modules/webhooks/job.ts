/** The webhooks' work for the one scheduler (server/jobs.ts): the sender, and its share of the housekeeping. */
import type { Ctx } from '../../context';
import { everySeconds, type ScheduledJob } from '../../lib/scheduler';
import { deliverDue, deliveriesDue } from './deliver';
import { takeWake } from './outbox';

export const DELIVERY_JOB = 'webhook_deliveries';
/** How often each process looks for due deliveries, besides being woken after a request that queued some. */
const EVERY_SECONDS = 5;
/** The log keeps a delivery this long after it was delivered or given up. */
const KEPT_DAYS = 30;
/** A paused webhook collects its events for up to a week; older ones are given up. */
const PAUSED_KEEP_DAYS = 7;

export const deliveryJob = (ctx: Ctx): ScheduledJob =>
  everySeconds(
    DELIVERY_JOB,
    EVERY_SECONDS,
    (now) => deliveriesDue(ctx, now),
    (now) => deliverDue(ctx, now),
  );

export async function pruneDeliveries(ctx: Ctx, now: Date = new Date()): Promise<void> {
  const day = 86_400_000;
  await ctx.db
    .deleteFrom('webhook_deliveries')
    .where('status', '<>', 'pending')
    .where('created_at', '<', new Date(now.getTime() - KEPT_DAYS * day).toISOString())
    .execute();
  await ctx.db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('status', '=', 'pending')
    .where('created_at', '<', new Date(now.getTime() - PAUSED_KEEP_DAYS * day).toISOString())
    .execute();
}

/**
 * After each answer: a request that queued deliveries has committed by the time it is answered, so the sender is
 * woken at once (in a process whose scheduler runs) rather than at its next look.
 */
export const wakeSender = (ctx: Ctx) => () => {
  if (takeWake()) ctx.jobs.wake(DELIVERY_JOB);
};
