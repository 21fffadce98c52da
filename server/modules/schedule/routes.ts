import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../core/messages';
import { scheduleEndpoints as ep } from '../../../core/schedule/endpoints';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { daySchedule, schedulePersonnel, weekSchedule } from './queries';
import * as service from './service';

const route = routesOf('schedule');

export async function scheduleRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.week), handler: async (req) => weekSchedule(ctx, requireAccount(req), req.query.week) });

  r.route({ ...route(ep.day), handler: async (req) => daySchedule(ctx, requireAccount(req), req.query) });

  r.route({ ...route(ep.personnel), handler: async () => schedulePersonnel(ctx.db) });

  r.route({
    ...route(ep.add),
    handler: async (req, reply) => {
      const entry = await service.addEntry(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.scheduleAdded, entry });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => ({
      message: MSG.scheduleUpdated,
      entry: await service.updateEntry(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.remove),
    handler: async (req, reply) => {
      await service.deleteEntry(ctx, requireAccount(req), req.params.id);
      return reply.status(204).send(null);
    },
  });
}
