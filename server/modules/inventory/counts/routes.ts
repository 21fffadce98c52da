/** The yearly count's routes (docs/decisions/counts.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COUNT_MSG, readScanText } from '../../../../core/inventory/counts';
import { countEndpoints as ep } from '../../../../core/inventory/countEndpoints';
import type { Ctx } from '../../../context';
import { notFound } from '../../../errors';
import { letterheadOf } from '../../../lib/letterhead';
import { attachment, sendPdf } from '../../../lib/pdfDocument';
import { requireAccount } from '../../../plugins/auth';
import { routesOf } from '../../../plugins/endpoint';
import { findRoomByCode } from '../../locations';
import { countItems, countUnits, notSeen, unknownTags } from './lists';
import { buildingProgress, countDto, listCounts, roomProgress } from './reads';
import { closeCount, confirmLosses, moveFoundUnit } from './reconcile';
import { countReportCsv, countReportPdf } from './report';
import { scan, scanBatch } from './scans';
import { countOf, roomInCount } from './shared';
import { startCount } from './start';
import { roomFigures } from './tallies';

const route = routesOf('inventory');
const fileName = (ref: string) => `count_${ref.replace(/[^A-Za-z0-9]+/g, '_')}`;

export async function countRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.startCount),
    handler: async (req, reply) => {
      const id = await startCount(ctx, requireAccount(req), req.body);
      const count = await countDto(ctx.db, id);
      return reply.code(201).send({ message: COUNT_MSG.started(count.reference), count });
    },
  });
  r.route({ ...route(ep.counts), handler: async (req) => listCounts(ctx.db, req.query) });
  r.route({ ...route(ep.count), handler: async (req) => countDto(ctx.db, req.params.id) });
  r.route({ ...route(ep.buildingProgress), handler: async (req) => buildingProgress(ctx.db, req.params.id) });
  r.route({ ...route(ep.roomProgress), handler: async (req) => roomProgress(ctx.db, req.params.id, req.query) });

  r.route({
    ...route(ep.openRoom),
    handler: async (req) => {
      const count = await countOf(ctx.db, req.params.id);
      let roomId = req.query.roomId;
      if (roomId === undefined) {
        const found = await findRoomByCode(ctx.db, readScanText(req.query.code!).code);
        if (!found) throw notFound(COUNT_MSG.roomNotFound);
        roomId = found.id;
      }
      const room = await roomInCount(ctx.db, count, roomId);
      return {
        room: { id: room.id, code: room.code, name: room.name, buildingName: room.buildingName },
        figures: await roomFigures(ctx.db, count.id, room.id),
      };
    },
  });

  r.route({ ...route(ep.scan), handler: async (req) => scan(ctx, requireAccount(req), req.params.id, req.body) });
  r.route({ ...route(ep.scanBatch), handler: async (req) => scanBatch(ctx, requireAccount(req), req.params.id, req.body.scans) });
  r.route({ ...route(ep.countUnits), handler: async (req) => countUnits(ctx.db, req.params.id, req.query) });
  r.route({ ...route(ep.unknownTags), handler: async (req) => unknownTags(ctx.db, req.params.id, req.query) });
  r.route({ ...route(ep.countItems), handler: async (req) => countItems(ctx.db, req.params.id, req.query) });

  r.route({
    ...route(ep.moveUnit),
    handler: async (req) => {
      const message = await moveFoundUnit(ctx, requireAccount(req), req.params.id, req.params.unitId);
      return { message, count: await countDto(ctx.db, req.params.id) };
    },
  });
  r.route({
    ...route(ep.closeCount),
    handler: async (req) => {
      await closeCount(ctx, requireAccount(req), req.params.id);
      const count = await countDto(ctx.db, req.params.id);
      return { message: COUNT_MSG.closedDone(count.reference), count };
    },
  });
  r.route({ ...route(ep.confirmLosses), handler: async (req) => confirmLosses(ctx, requireAccount(req), req.params.id, req.body) });

  r.route({
    ...route(ep.countReportPdf),
    handler: async (req, reply) => {
      const { reference, pdf } = await countReportPdf(ctx.db, req.params.id, await letterheadOf(ctx));
      return sendPdf(reply, `${fileName(reference)}.pdf`, pdf);
    },
  });
  r.route({
    ...route(ep.countReportCsv),
    handler: async (req, reply) => {
      const { reference, csv } = await countReportCsv(ctx.db, req.params.id, ctx.config.campusTimeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${fileName(reference)}.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
  r.route({ ...route(ep.notSeen), handler: async (req) => notSeen(ctx.db, req.query) });
}
