/** Private calendar feeds (docs/decisions/calendar-feeds.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarEndpoints as ep } from '../../../core/calendar/endpoints';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { findAccount } from '../accounts';
import { calendarOf } from './feed';
import { feedAccountId, feedOf } from './queries';
import { newFeed, removeFeed } from './service';

const route = routesOf('calendar');

export async function calendarRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.status),
    handler: async (req) => {
      const feed = await feedOf(ctx.db, requireAccount(req).id);
      return { enabled: !!feed, createdAt: feed?.created_at ?? null };
    },
  });

  r.route({
    ...route(ep.create),
    handler: async (req, reply) => {
      const { url, path, createdAt } = await newFeed(ctx, requireAccount(req));
      return reply.status(201).send({ message: MSG.feedCreated, url, path, createdAt });
    },
  });

  r.route({
    ...route(ep.remove),
    handler: async (req) => {
      await removeFeed(ctx, requireAccount(req));
      return { message: MSG.feedRemoved };
    },
  });

  // Public, with the token as its key: the same answer, 404, for a token never made and one revoked.
  r.route({
    ...route(ep.feed, { rateLimit: { max: 30, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      const id = await feedAccountId(ctx.db, req.params.token);
      const person = id === null ? undefined : await findAccount(ctx.db, id);
      if (!person || person.status !== 'accepted' || person.deactivated_at) throw notFound(MSG.feedNotFound);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="campus-gso.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(await calendarOf(ctx, person));
    },
  });
}
