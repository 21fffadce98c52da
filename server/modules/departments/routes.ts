import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { departmentEndpoints as ep } from '../../../core/departments/endpoints';
import { DEPT } from '../../../core/departments/words';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { departmentChoices, departmentList } from './queries';
import { addDepartment, archiveDepartment, updateDepartment } from './service';

const route = routesOf('departments');

export async function departmentRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.list), handler: async () => departmentList(ctx.db) });
  r.route({ ...route(ep.choices), handler: async (req) => departmentChoices(ctx.db, req.query.keep) });

  r.route({
    ...route(ep.add),
    handler: async (req, reply) => {
      const department = await addDepartment(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: DEPT.added, department });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => ({
      message: DEPT.updated,
      department: await updateDepartment(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.archive),
    handler: async (req) => ({
      message: req.body.archived ? DEPT.archived : DEPT.restored,
      department: await archiveDepartment(ctx, requireAccount(req), req.params.id, req.body.archived),
    }),
  });
}
