import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { designationEndpoints as ep } from '../../../core/designations/endpoints';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { designationList } from './queries';
import { addDesignation, deleteDesignation, updateDesignation } from './service';

const route = routesOf('designations');

export async function designationRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.list), handler: async () => designationList(ctx.db) });

  r.route({
    ...route(ep.add),
    handler: async (req, reply) => {
      const designation = await addDesignation(ctx, requireAccount(req), req.body.personnelId, req.body.designation);
      return reply.status(201).send({ message: MSG.designationAdded, designation });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => ({
      message: MSG.designationUpdated,
      designation: await updateDesignation(ctx, requireAccount(req), req.params.id, req.body.designation),
    }),
  });

  r.route({
    ...route(ep.remove),
    handler: async (req) => {
      await deleteDesignation(ctx, requireAccount(req), req.params.id);
      return { message: MSG.designationDeleted };
    },
  });
}
