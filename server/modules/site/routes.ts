import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fs from 'node:fs/promises';
import { fileResponse, noContent } from '../../../core/common/schemas';
import { FILE_KIND_MIME, sniffFileKind } from '../../../core/files';
import { ADMIN_ONLY } from '../../../core/roles';
import {
  health,
  campusMapResult,
  maintenanceBody,
  maintenanceResult,
  officeBody,
  officeResult,
  notFoundReport,
  outbox as outboxSchema,
  outboxQuery,
  readiness as readinessSchema,
  siteStats,
  siteStatus as siteStatusSchema,
} from '../../../core/site/schemas';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { databaseReachable, landingFigures, outbox, readiness, siteStatus } from './queries';
import { setCampusMap, setMaintenance, setOfficeDetails } from './service';
import { MSG } from '../../../core/messages';
import { badRequest } from '../../errors';
import { eachPart, readUpload, type ReadFile } from '../../lib/uploads';

const TAGS = ['site'];

export async function siteRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Answers once the database is reachable', response: { 200: health, 503: health } },
    },
    async (_req, reply) =>
      (await databaseReachable(ctx.db)) ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' }),
  );

  r.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Ready for traffic: the database answers, its migrations are current and the file store answers',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_req, reply) => {
      const state = await readiness(ctx.db, ctx.files);
      return state.status === 'ready' ? state : reply.status(503).send(state);
    },
  );

  r.get(
    '/api/site/status',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Whether the site is open or under maintenance, and the office contact details',
        response: { 200: siteStatusSchema },
      },
    },
    async () => siteStatus(ctx),
  );

  r.put(
    '/api/site/maintenance',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags: TAGS, summary: 'Switch maintenance mode', body: maintenanceBody, response: { 200: maintenanceResult } },
    },
    async (req) => {
      await setMaintenance(ctx, requireAccount(req), req.body.enabled);
      return {
        available: !(await ctx.settings.maintenanceOn()),
        enabled: req.body.enabled,
        maintenanceForced: ctx.config.maintenanceOverride !== null,
      };
    },
  );

  r.get(
    '/api/site/stats',
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Live figures for the landing page (docs/decisions/real-figures.md)', response: { 200: siteStats } },
    },
    async () => landingFigures(ctx),
  );

  r.put(
    '/api/site/office',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: TAGS,
        summary: "The office's contact details shown on the landing page: { name, address, phone, email, hours }, all required",
        body: officeBody,
        response: { 200: officeResult },
      },
    },
    async (req) => {
      await setOfficeDetails(ctx, requireAccount(req), req.body);
      return { message: MSG.officeSaved, office: (await siteStatus(ctx)).office };
    },
  );

  r.post(
    '/api/site/campus-map',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: TAGS,
        summary: 'Upload the campus map: multipart with the image in field "map" (JPEG, PNG or GIF, at most 5 MB), checked and re-encoded',
        consumes: ['multipart/form-data'],
        response: { 200: campusMapResult },
      },
    },
    async (req) => {
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
  );

  r.delete(
    '/api/site/campus-map',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: TAGS,
        summary: 'Remove the uploaded campus map (the configured or shipped one shows again)',
        response: { 200: campusMapResult },
      },
    },
    async (req) => {
      await setCampusMap(ctx, requireAccount(req), 'remove');
      return { message: MSG.campusMapRemoved, campusMapUrl: (await siteStatus(ctx)).campusMapUrl };
    },
  );

  r.get(
    '/api/site/campus-map',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'The campus map image an administrator uploaded, else the one set by CAMPUS_MAP_FILE (404 when the shipped map is used)',
        response: { 200: fileResponse('The campus map', [FILE_KIND_MIME.png, FILE_KIND_MIME.jpeg, FILE_KIND_MIME.gif]) },
      },
    },
    async (_req, reply) => {
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
  );

  if (ctx.config.dev) {
    r.get(
      '/api/dev/outbox',
      {
        // The codes in it would sign anyone in: administrators only, even in development.
        config: { access: ADMIN_ONLY },
        schema: {
          tags: ['development'],
          summary: 'Development only: mail written while no SMTP server is configured',
          querystring: outboxQuery,
          response: { 200: outboxSchema },
        },
      },
      async (req) => outbox(ctx.db, req.query.to),
    );
  }

  r.post(
    '/api/site/log-not-found',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'The 404 page reports the unknown path it was shown for',
        body: notFoundReport,
        response: { 204: noContent },
      },
    },
    async (req, reply) => {
      // Whatever a visitor sends is logged short and without control characters.
      req.log.warn({ path: req.body.path.slice(0, 200).replace(/[^\x20-\x7e]/g, '?') }, 'page not found');
      return reply.status(204).send(null);
    },
  );
}
