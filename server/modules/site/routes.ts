import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fs from 'node:fs/promises';
import { FILE_KIND_MIME, sniffFileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { jobWords } from '../../../core/site/jobs';
import { siteEndpoints as ep } from '../../../core/site/endpoints';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { eachPart, readUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { databaseReachable, landingFigures, officeCalendar, outbox, readiness, siteStatus } from './queries';
import {
  addClosure,
  damageTrades,
  removeClosure,
  setCampusMap,
  setDamageTrades,
  setSupplyRequesters,
  supplyRequesters,
  setMaintenance,
  setOfficeDetails,
  setOfficeWeek,
} from './service';

const route = routesOf('site');
const devRoute = routesOf('development');

export async function siteRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.health),
    handler: async (_req, reply) =>
      (await databaseReachable(ctx.db)) ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' }),
  });

  r.route({
    ...route(ep.ready),
    handler: async (_req, reply) => {
      const state = await readiness(ctx.db, ctx.files);
      return state.status === 'ready' ? state : reply.status(503).send(state);
    },
  });

  r.route({ ...route(ep.status), handler: async () => siteStatus(ctx) });

  r.route({
    ...route(ep.maintenance),
    handler: async (req) => {
      await setMaintenance(ctx, requireAccount(req), req.body.enabled);
      return {
        available: !(await ctx.settings.maintenanceOn()),
        enabled: req.body.enabled,
        maintenanceForced: ctx.config.maintenanceOverride !== null,
      };
    },
  });

  r.route({ ...route(ep.stats), handler: async () => landingFigures(ctx) });

  r.route({
    ...route(ep.jobs),
    handler: async () => ({ jobs: (await ctx.jobs.status()).map((job) => ({ ...job, ...jobWords(job.name) })) }),
  });

  r.route({
    ...route(ep.office),
    handler: async (req) => {
      await setOfficeDetails(ctx, requireAccount(req), req.body);
      return { message: MSG.officeSaved, office: (await siteStatus(ctx)).office };
    },
  });

  r.route({ ...route(ep.supplyRequesters), handler: async () => ({ requesters: await supplyRequesters(ctx) }) });

  r.route({
    ...route(ep.setSupplyRequesters),
    handler: async (req) => ({ requesters: await setSupplyRequesters(ctx, requireAccount(req), req.body.requesters) }),
  });

  r.route({ ...route(ep.damageTrades), handler: async () => ({ trades: await damageTrades(ctx) }) });

  r.route({
    ...route(ep.setDamageTrades),
    handler: async (req) => ({ trades: await setDamageTrades(ctx, requireAccount(req), req.body.trades) }),
  });

  r.route({ ...route(ep.calendar), handler: async () => officeCalendar(ctx) });

  r.route({
    ...route(ep.setWeekHours),
    handler: async (req) => {
      await setOfficeWeek(ctx, requireAccount(req), req.body);
      return { message: MSG.officeHoursSaved, calendar: await officeCalendar(ctx) };
    },
  });

  r.route({
    ...route(ep.addClosure),
    handler: async (req, reply) => {
      const closure = await addClosure(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.closureAdded(closure.name), closure });
    },
  });

  r.route({
    ...route(ep.removeClosure),
    handler: async (req) => {
      const closure = await removeClosure(ctx, requireAccount(req), req.params.id);
      return { message: MSG.closureRemoved(closure.name), closure };
    },
  });

  r.route({
    ...route(ep.uploadCampusMap),
    handler: async (req) => {
      if (!req.isMultipart()) throw badRequest(MSG.campusMapRequired);
      let file: ReadFile | null = null;
      await eachPart(req, async (part) => {
        if (part.type !== 'file') return;
        if (part.fieldname === 'map' && !file) file = await readUpload(part, MSG.itemPhotoTooLarge);
        else await part.toBuffer().catch(() => undefined);
      });
      await setCampusMap(ctx, requireAccount(req), file);
      return { message: MSG.campusMapSaved, campusMapUrl: (await siteStatus(ctx)).campusMapUrl };
    },
  });

  r.route({
    ...route(ep.removeCampusMap),
    handler: async (req) => {
      await setCampusMap(ctx, requireAccount(req), 'remove');
      return { message: MSG.campusMapRemoved, campusMapUrl: (await siteStatus(ctx)).campusMapUrl };
    },
  });

  r.route({
    ...route(ep.campusMap),
    handler: async (_req, reply) => {
      const uploaded = await ctx.settings.get('campus_map_path');
      const file = uploaded
        ? ((await ctx.files.read(uploaded))?.buffer ?? null)
        : ctx.config.campusMapFile
          ? await fs.readFile(ctx.config.campusMapFile).catch(() => null)
          : null;
      const kind = file ? sniffFileKind(file) : null;
      if (!file || !kind) throw notFound('No campus map file is configured.');
      return reply.header('content-type', FILE_KIND_MIME[kind]).header('cache-control', 'public, max-age=3600').send(file);
    },
  });

  if (ctx.config.dev) {
    r.route({ ...devRoute(ep.outbox), handler: async (req) => outbox(ctx.db, req.query.to) });
    r.route({
      ...devRoute(ep.runJob),
      handler: async (req) => {
        const job = ctx.jobs.jobs().find((j) => j.name === req.params.name);
        if (!job) throw notFound(`No scheduled job is called ${req.params.name}.`);
        await job.run(new Date(), 'development');
        return { ran: job.name };
      },
    });
  }

  r.route({
    ...route(ep.logNotFound, { rateLimit: { max: 10, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      // Whatever a visitor sends is logged short and without control characters.
      req.log.warn({ path: req.body.path.slice(0, 200).replace(/[^\x20-\x7e]/g, '?') }, 'page not found');
      return reply.status(204).send(null);
    },
  });
}
