/** Web Push on each person's devices (docs/decisions/push.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../core/messages';
import { pushKindsFor } from '../../../core/push/kinds';
import { pushEndpoints as ep } from '../../../core/push/endpoints';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { vapidKeys } from './keys';
import { removeSubscription, saveSubscription, subscriptionsOf } from './subscriptions';

const route = routesOf('push');

export async function pushRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.key),
    handler: async (req) => ({
      publicKey: (await vapidKeys(ctx.db, ctx.config)).publicKey,
      kinds: pushKindsFor(requireAccount(req).role),
    }),
  });

  r.route({ ...route(ep.list), handler: async (req) => ({ items: await subscriptionsOf(ctx.db, requireAccount(req)) }) });

  r.route({ ...route(ep.save), handler: async (req) => saveSubscription(ctx.db, requireAccount(req), req.body) });

  r.route({
    ...route(ep.remove),
    handler: async (req) => {
      await removeSubscription(ctx.db, requireAccount(req), req.params.id);
      return { message: MSG.pushTurnedOff };
    },
  });
}
