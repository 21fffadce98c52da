import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import type { Ctx } from '../../context';
import { PROBLEM_MSG } from '../../../core/borrowing/problems';
import { MSG } from '../../../core/messages';
import { requireAccount } from '../../plugins/auth';
import { cancelRequest } from './cancel';
import { assertReturnable, submitReturn } from './handBack';
import { today } from './moves';
import { assertReportable, readProblem, reportProblem } from './problems';
import { findRequest, myRequests } from './queries';
import { readProof } from './returnBodies';
import { route } from './routeKit';

/** The borrower's own requests: the list, a cancellation, a hand-back with its photo, a problem reported. */
export function borrowerRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.mine),
    handler: async (req) => myRequests(ctx, requireAccount(req).id, req.query),
  });

  r.route({
    ...route(ep.cancel),
    handler: async (req) => ({
      message: MSG.requestCancelled,
      request: await cancelRequest(ctx, requireAccount(req), req.params.id),
    }),
  });

  r.route({
    ...route(ep.returnItems),
    handler: async (req) => {
      const me = requireAccount(req);
      await assertReturnable(ctx, me, req.params.id); // not yours or not out on loan: answered before the upload is read
      const { file, selection } = await readProof(req);
      const request = await submitReturn(ctx, me, req.params.id, file, selection);
      return { message: request.status === 'returned' ? MSG.returnSubmitted : MSG.partReturnSubmitted, request };
    },
  });

  r.route({
    // docs/decisions/loan-problems.md: a borrower's write with a photo, limited like the other uploads' endpoints.
    ...route(ep.reportProblem, { rateLimit: { max: 30, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      const me = requireAccount(req);
      await assertReportable(ctx, me, req.params.id); // not yours or not out on loan: answered before the upload is read
      const { fields, file } = await readProblem(req);
      await reportProblem(ctx, me, req.params.id, fields, file);
      const request = await findRequest(ctx.db, req.params.id, today(ctx));
      return reply.status(201).send({ message: PROBLEM_MSG.reported, request: request! });
    },
  });
}
