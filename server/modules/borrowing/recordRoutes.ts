import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import type { Ctx } from '../../context';
import { UNIT_MSG } from '../../../core/inventory/units';
import { MSG } from '../../../core/messages';
import { notFound } from '../../errors';
import { sendWritten } from '../../lib/writtenList';
import { requireAccount } from '../../plugins/auth';
import { markLoanReturned } from './markReturned';
import { today } from './moves';
import { borrowRecords, findRecord, unitPageOf, unreturnedItems } from './queries';
import { readFindings } from './returnBodies';
import { route } from './routeKit';

/** The loans: borrow records and marking one returned, the items not yet back, and a tracked unit's page. */
export function recordRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- borrow records: the loan side of approved requests (docs/decisions/borrow-lifecycle.md) ----

  r.route({
    ...route(ep.records),
    handler: async (req, reply) => sendWritten(reply, await borrowRecords(ctx, req.query)),
  });

  r.route({
    ...route(ep.markReturned),
    handler: async (req) => {
      const found = await readFindings(req);
      const request = await markLoanReturned(ctx, requireAccount(req), req.params.id, found);
      return { message: MSG.itemsMarkedReturned, record: (await findRecord(ctx.db, request.id, today(ctx)))! };
    },
  });

  r.route({
    ...route(ep.unreturned),
    handler: async (req) => unreturnedItems(ctx, req.query),
  });

  // ---- a tracked unit's page: the inventory's unit and changes, with its loans from here ----

  r.route({
    ...route(ep.unitPage),
    handler: async (req) => {
      const page = await unitPageOf(ctx, req.params.tag);
      if (!page) throw notFound(UNIT_MSG.unitNotFound);
      return page;
    },
  });
}
