/** Recurring preventive maintenance plans (docs/decisions/maintenance-plans.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintenanceEndpoints as ep } from '../../../core/maintenance/endpoints';
import { MSG } from '../../../core/messages';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { JOB_TYPES } from '../../../core/roles';
import { formatCalendarDate } from '../../../core/time';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { designationList } from '../designations';
import { unitsWithHomeRooms } from '../inventory';
import { allPlaces } from '../locations';
import { findPlan, listPlans, planCompliance, plansScheduledFor } from './queries';
import * as service from './service';

const route = routesOf('maintenance');
const dueText = (due: string | undefined) => (due ? formatCalendarDate(due) : null);

export async function maintenanceRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.list), handler: async (req) => listPlans(ctx, req.query) });

  r.route({ ...route(ep.compliance), handler: async () => planCompliance(ctx) });

  r.route({ ...route(ep.mine), handler: async (req) => ({ items: await plansScheduledFor(ctx, requireAccount(req).id) }) });

  r.route({
    ...route(ep.choices),
    handler: async () => {
      const [{ buildings, rooms }, units, { personnel }] = await Promise.all([
        allPlaces(ctx.db),
        unitsWithHomeRooms(ctx.db),
        designationList(ctx.db),
      ]);
      const buildingName = new Map(buildings.map((b) => [b.id, b.name]));
      return {
        rooms: rooms
          .filter((room) => !room.suggested)
          .map((room) => ({ id: room.id, label: `${room.code} ${room.name} (${buildingName.get(room.building_id) ?? ''})` }))
          .sort((a, b) => a.label.localeCompare(b.label)),
        units: units.map((u) => ({ id: u.id, label: `${u.tag} ${u.itemName} (${u.homeRoom!.code})` })),
        personnel: personnel.map((p) => ({
          id: p.userId,
          name: p.fullName,
          trade: p.jobType ? jobTypeLabel(p.jobType) : '',
          designation: p.designations.map((d) => d.designation).join(', '),
        })),
        trades: JOB_TYPES.map((value) => ({ value, label: jobTypeLabel(value) })),
      };
    },
  });

  r.route({
    ...route(ep.one),
    handler: async (req) => {
      const plan = await findPlan(ctx, ctx.db, req.params.id);
      if (!plan) throw notFound(MSG.planNotFound);
      return plan;
    },
  });

  r.route({
    ...route(ep.create),
    handler: async (req, reply) => {
      const plan = await service.createPlan(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.planCreated(plan.code, dueText(plan.nextJob?.due)), plan });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => {
      const plan = await service.updatePlan(ctx, requireAccount(req), req.params.id, req.body);
      return { message: MSG.planUpdated(plan.code), plan };
    },
  });

  r.route({
    ...route(ep.end),
    handler: async (req) => {
      const plan = await service.endPlan(ctx, req.params.id);
      return { message: MSG.planEndedDone(plan.code), plan };
    },
  });

  r.route({
    ...route(ep.complete),
    handler: async (req) => {
      const done = await service.completeJob(ctx, requireAccount(req), req.params.id, req.body);
      return { message: MSG.planJobDone(done.repairReportIds.length, dueText(done.plan.nextJob?.due)), ...done };
    },
  });
}
