import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import type { Ctx } from '../../context';
import { MSG } from '../../../core/messages';
import { requireAccount } from '../../plugins/auth';
import { assertVerifiable } from './checkIn';
import { completeRequest } from './complete';
import { counterReturn } from './counterReturn';
import { refuseReturn, refuseReturnBatch } from './notReturned';
import { readCounterReturn, readFindings } from './returnBodies';
import { assertBatchOpen } from './returnBatches';
import { route } from './routeKit';
import { verifyReturnBatch } from './verifyReturn';

/** The office checks returns in: the whole request, one return, Not Yet Returned, a return at the counter. */
export function checkInRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.complete),
    handler: async (req) => {
      await assertVerifiable(ctx, req.params.id); // gone or not awaiting verification: answered before photos are read
      const found = await readFindings(req);
      return { message: MSG.requestCompleted, request: await completeRequest(ctx, requireAccount(req), req.params.id, found) };
    },
  });

  r.route({
    ...route(ep.notReturned),
    handler: async (req) => ({
      message: MSG.returnNotAccepted,
      request: await refuseReturn(ctx, requireAccount(req), req.params.id),
    }),
  });

  r.route({
    ...route(ep.verifyReturn),
    handler: async (req) => {
      await assertBatchOpen(ctx.db, req.params.id, req.params.batchId); // answered before photos are read
      const found = await readFindings(req);
      const request = await verifyReturnBatch(ctx, requireAccount(req), req.params.id, req.params.batchId, found);
      return { message: request.status === 'completed' ? MSG.requestCompleted : MSG.returnVerified, request };
    },
  });

  r.route({
    ...route(ep.refuseReturn),
    handler: async (req) => ({
      message: MSG.returnNotAccepted,
      request: await refuseReturnBatch(ctx, requireAccount(req), req.params.id, req.params.batchId),
    }),
  });

  r.route({
    ...route(ep.counterReturn),
    handler: async (req) => {
      const input = await readCounterReturn(req);
      const request = await counterReturn(ctx, requireAccount(req), req.params.id, input);
      return { message: request.status === 'completed' ? MSG.itemsMarkedReturned : MSG.counterReturnRecorded, request };
    },
  });
}
