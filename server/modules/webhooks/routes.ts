/** Webhooks (docs/decisions/webhooks.md): administrators register endpoints, read their delivery logs, resend. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventLabel } from '../../../core/webhooks/events';
import { webhookEndpoints as ep } from '../../../core/webhooks/endpoints';
import { WEBHOOK_MSG } from '../../../core/webhooks/rules';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { allowedHostsOf, setAllowedHosts } from './allowedHosts';
import { deliveryLog, findWebhook, listWebhooks } from './queries';
import { createWebhook, removeWebhook, rotateSecret, setPaused, updateWebhook } from './registry';
import { resend, sendTest } from './resend';

const route = routesOf('webhooks');

const SECRET_ONCE = 'Copy the signing secret now: it is shown this once.';

export async function webhookRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.list), handler: async () => ({ items: await listWebhooks(ctx.db) }) });

  r.route({
    ...route(ep.create),
    handler: async (req, reply) => {
      const made = await createWebhook(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ ...made, message: `The webhook ${made.webhook.url} is added. ${SECRET_ONCE}` });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => {
      const webhook = await updateWebhook(ctx, requireAccount(req), req.params.id, req.body);
      return { webhook, message: `The webhook ${webhook.url} is saved.` };
    },
  });

  r.route({
    ...route(ep.pause),
    handler: async (req) => {
      const webhook = await setPaused(ctx, requireAccount(req), req.params.id, true);
      return { webhook, message: `The webhook ${webhook.url} is paused: its events wait until it is resumed.` };
    },
  });

  r.route({
    ...route(ep.resume),
    handler: async (req) => {
      const webhook = await setPaused(ctx, requireAccount(req), req.params.id, false);
      return { webhook, message: `The webhook ${webhook.url} is active again.` };
    },
  });

  r.route({
    ...route(ep.rotateSecret),
    handler: async (req) => {
      const made = await rotateSecret(ctx, requireAccount(req), req.params.id);
      return {
        ...made,
        message: `The webhook ${made.webhook.url} has a new signing secret; for a day deliveries are signed with the old one too. ${SECRET_ONCE}`,
      };
    },
  });

  r.route({
    ...route(ep.remove),
    handler: async (req) => ({ message: await removeWebhook(ctx, requireAccount(req), req.params.id) }),
  });

  r.route({
    ...route(ep.sendTest),
    handler: async (req, reply) => {
      const delivery = await sendTest(ctx, requireAccount(req), req.params.id);
      return reply.status(201).send({ delivery, message: 'A test event is on its way: its delivery shows in the log.' });
    },
  });

  r.route({
    ...route(ep.deliveries),
    handler: async (req) => {
      if (!(await findWebhook(ctx.db, req.params.id))) throw notFound(WEBHOOK_MSG.notFound);
      return deliveryLog(ctx.db, req.params.id, req.query.page, req.query.pageSize);
    },
  });

  r.route({
    ...route(ep.resend),
    handler: async (req) => {
      const delivery = await resend(ctx, req.params.id, req.params.deliveryId);
      return { delivery, message: `${eventLabel(delivery.eventType)} (${delivery.messageId}) will be sent again now.` };
    },
  });

  r.route({ ...route(ep.allowedHosts), handler: async () => ({ hosts: await allowedHostsOf(ctx) }) });

  r.route({
    ...route(ep.setAllowedHosts),
    handler: async (req) => ({ hosts: await setAllowedHosts(ctx, requireAccount(req), req.body.hosts) }),
  });
}
