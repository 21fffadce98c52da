import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { locationEndpoints as ep } from '../../../core/locations/endpoints';
import { MSG } from '../../../core/messages';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { labelSheetPdf, shortAddress } from '../../lib/labelSheet';
import { letterheadOf } from '../../lib/letterhead';
import { attachment, sendPdf } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { exportLocationsCsv, importLocationsCsv, previewLocationsCsv } from './csv';
import { findRoom, findRoomByCode, listBuildings, listRooms, roomsMatching } from './queries';
import { createBuilding, deleteBuilding, updateBuilding } from './buildings';
import { confirmRoom, createRoom, deleteRoom, updateRoom } from './rooms';

const route = routesOf('locations');

/** Buildings and rooms (docs/decisions/locations.md). */
export async function locationRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.buildings), handler: async () => ({ items: await listBuildings(ctx.db) }) });

  r.route({
    ...route(ep.addBuilding),
    handler: async (req, reply) =>
      reply.status(201).send({ message: MSG.buildingAdded, building: await createBuilding(ctx, requireAccount(req), req.body) }),
  });

  r.route({
    ...route(ep.updateBuilding),
    handler: async (req) => ({
      message: MSG.buildingUpdated,
      building: await updateBuilding(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.removeBuilding),
    handler: async (req) => {
      await deleteBuilding(ctx, requireAccount(req), req.params.id);
      return { message: MSG.buildingDeleted };
    },
  });

  r.route({ ...route(ep.rooms), handler: async (req) => listRooms(ctx, req.query) });

  r.route({
    ...route(ep.roomLabels),
    handler: async (req, reply) => {
      const { layout, ...filters } = req.query;
      const rooms = await roomsMatching(ctx, filters);
      if (!rooms.length) throw badRequest(MSG.roomLabelsNone);
      const { office } = await letterheadOf(ctx);
      const labels = rooms.map((room) => ({
        code: room.code,
        name: `${room.name}, ${room.buildingName}`,
        url: shortAddress(ctx.config.appUrl, 'r', room.code),
      }));
      const pdf = await labelSheetPdf(labels, layout, office, 'Room labels');
      return sendPdf(reply, `room_labels_${todayIn(ctx.config.campusTimeZone)}.pdf`, pdf);
    },
  });

  r.route({
    ...route(ep.room),
    handler: async (req) => {
      const room = await findRoom(ctx.db, req.params.id);
      if (!room) throw notFound(MSG.roomNotFound);
      return room;
    },
  });

  r.route({
    ...route(ep.roomByCode),
    handler: async (req) => {
      const room = await findRoomByCode(ctx.db, req.params.code);
      if (!room) throw notFound(MSG.roomCodeNotFound(req.params.code.trim().toUpperCase()));
      return room;
    },
  });

  r.route({
    ...route(ep.addRoom),
    handler: async (req, reply) =>
      reply.status(201).send({ message: MSG.roomAdded, room: await createRoom(ctx, requireAccount(req), req.body) }),
  });

  r.route({
    ...route(ep.updateRoom),
    handler: async (req) => ({
      message: MSG.roomUpdated,
      room: await updateRoom(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.confirmRoom),
    handler: async (req) => ({
      message: MSG.roomConfirmed,
      room: await confirmRoom(ctx, requireAccount(req), req.params.id),
    }),
  });

  r.route({
    ...route(ep.removeRoom),
    handler: async (req) => {
      await deleteRoom(ctx, requireAccount(req), req.params.id);
      return { message: MSG.roomDeleted };
    },
  });

  r.route({
    ...route(ep.exportCsv),
    handler: async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`locations_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await exportLocationsCsv(ctx, req.query)),
  });

  r.route({ ...route(ep.importPreview), handler: async (req) => previewLocationsCsv(ctx, req.body.csv) });

  r.route({ ...route(ep.importCsv), handler: async (req) => importLocationsCsv(ctx, requireAccount(req), req.body.csv) });
}
