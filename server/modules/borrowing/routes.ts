import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context';
import { bookingRoutes } from './bookingRoutes';
import { borrowerRoutes } from './borrowerRoutes';
import { checkInRoutes } from './checkInRoutes';
import { decisionRoutes } from './decisionRoutes';
import { recordRoutes } from './recordRoutes';
import { requestViewRoutes } from './requestViewRoutes';

/** The module's operations, area by area, in the order the API documents them. */
export async function borrowingRoutes(app: FastifyInstance, ctx: Ctx) {
  for (const area of [bookingRoutes, borrowerRoutes, requestViewRoutes, decisionRoutes, checkInRoutes, recordRoutes]) area(app, ctx);
}
