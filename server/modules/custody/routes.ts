import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { custodyEndpoints as ep } from '../../../core/custody/endpoints';
import { CUSTODIAN_ROLES, CUSTODY_MSG, slipCode } from '../../../core/custody/rules';
import { UNIT_MSG } from '../../../core/inventory/units';
import { OFFICE_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { sendPdf } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { activePeopleOf } from '../accounts';
import { findUnit } from '../inventory';
import { holdingsOf, namedOnSlip, slipWithUnits, unitCustodyOf } from './queries';
import { acknowledge, issueToCustodian, returnToOffice, transferCustody, withdrawTransfer } from './service';
import { slipPdf } from './slips';

const route = routesOf('custody');

export async function custodyRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.custodians),
    handler: async () => (await activePeopleOf(ctx.db, CUSTODIAN_ROLES)).map((p) => ({ id: p.id, name: p.full_name, role: p.role })),
  });

  r.route({
    ...route(ep.issue),
    handler: async (req, reply) => {
      const slip = await issueToCustodian(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: CUSTODY_MSG.issued(slip.count, slip.code), slip });
    },
  });

  r.route({
    ...route(ep.transfer),
    handler: async (req, reply) => {
      const slip = await transferCustody(ctx, requireAccount(req), req.body);
      const message = slip.confirmed ? CUSTODY_MSG.transferredRoom(slip.count, slip.code) : CUSTODY_MSG.transferred(slip.count, slip.code);
      return reply.status(201).send({ message, slip });
    },
  });

  r.route({
    ...route(ep.unit),
    handler: async (req) => {
      const unit = await findUnit(ctx.db, req.params.id);
      if (!unit) throw notFound(UNIT_MSG.unitNotFound);
      return unitCustodyOf(ctx.db, unit.id);
    },
  });

  r.route({ ...route(ep.acknowledge), handler: async (req) => acknowledge(ctx, requireAccount(req), req.params.id) });

  r.route({
    ...route(ep.withdraw),
    handler: async (req) => ({ message: CUSTODY_MSG.withdrawn, custody: await withdrawTransfer(ctx, requireAccount(req), req.params.id) }),
  });

  r.route({
    ...route(ep.return),
    handler: async (req) => ({ message: CUSTODY_MSG.returned, custody: await returnToOffice(ctx, requireAccount(req), req.params.id) }),
  });

  r.route({ ...route(ep.mine), handler: async (req) => holdingsOf(ctx.db, requireAccount(req).id) });

  r.route({
    ...route(ep.slip),
    handler: async (req, reply) => {
      const me = requireAccount(req);
      const found = await slipWithUnits(ctx.db, req.params.id);
      // Someone else's slip answers as no slip at all.
      if (!found || (!OFFICE_ROLES.includes(me.role) && !(await namedOnSlip(ctx.db, found.slip.id, me.id))))
        throw notFound(CUSTODY_MSG.slipNotFound);
      return sendPdf(reply, `${slipCode(found.slip.kind, found.slip.id)}.pdf`, await slipPdf(ctx, found));
    },
  });
}
