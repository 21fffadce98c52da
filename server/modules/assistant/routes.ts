import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assistantEndpoints as ep } from '../../../core/assistant/endpoints';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import * as service from './service';

const route = routesOf('assistant');

export async function assistantRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.chat), handler: async (req) => service.chat(ctx, req.account, req.ip, req.body.message) });

  r.route({ ...route(ep.paraphrase), handler: async (req) => service.paraphrase(ctx, requireAccount(req), req.body) });

  r.route({ ...route(ep.workReport), handler: async (req) => service.workReport(ctx, requireAccount(req), req.body) });
}
