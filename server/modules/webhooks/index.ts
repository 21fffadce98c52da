/**
 * The webhooks module's face (docs/decisions/webhooks.md): its routes, the outbox's writer the app hands to
 * server/lib/events.ts, and its jobs for server/jobs.ts. Everything else in this folder is the module's own.
 */
export { webhookRoutes } from './routes';
export { outboxWriter } from './outbox';
export { DELIVERY_JOB, deliveryJob, pruneDeliveries, wakeSender } from './job';
