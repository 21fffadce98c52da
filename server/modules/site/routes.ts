import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { z } from 'zod';
import { FILE_KIND_MIME, sniffFileKind } from '../../../core/validation';
import { notFound } from '../../errors';
import { STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';

export async function siteRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = ctx;

  r.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['site'], summary: 'Answers once the database is reachable' },
  }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  r.get('/api/site/status', {
    config: { access: 'public' },
    schema: { tags: ['site'], summary: 'Whether the site is open or under maintenance, and the office contact details' },
  }, async () => {
    const s = await settings.getAll(['office_name', 'office_address', 'office_phone', 'office_email', 'office_hours']);
    return {
      available: !(await settings.maintenanceOn()),
      maintenanceForced: ctx.config.maintenanceOverride !== null,
      timeZone: ctx.config.campusTimeZone,
      campusMapUrl: ctx.config.campusMapFile ? '/api/site/campus-map' : '/campus-map.svg',
      office: { name: s.office_name, address: s.office_address, phone: s.office_phone, email: s.office_email, hours: s.office_hours },
    };
  });

  r.put('/api/site/maintenance', {
    config: { access: STAFF_ROLES },
    schema: { tags: ['site'], summary: 'Switch maintenance mode', body: z.object({ enabled: z.boolean() }) },
  }, async (req) => {
    const admin = requireAccount(req);
    await settings.set('maintenance_mode', req.body.enabled ? '1' : '0');
    await ctx.activity.record({
      actorId: admin.id, subjectId: null, actionType: 'maintenance_mode',
      description: `${admin.full_name} turned maintenance mode ${req.body.enabled ? 'on' : 'off'}`,
    });
    return { available: !(await settings.maintenanceOn()), enabled: req.body.enabled, maintenanceForced: ctx.config.maintenanceOverride !== null };
  });

  r.get('/api/site/stats', {
    config: { access: 'public' },
    schema: { tags: ['site'], summary: 'Live figures for the landing page (DECISIONS 17)' },
  }, async () => {
    const hours = ctx.dialect === 'postgres'
      ? sql<number>`avg(extract(epoch from (decided_at::timestamptz - created_at::timestamptz))) / 3600`
      : sql<number>`avg((julianday(decided_at) - julianday(created_at)) * 24)`;
    const [handled, response, available, people] = await Promise.all([
      db.selectFrom('borrow_requests').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['approved', 'rejected', 'returned', 'completed']).executeTakeFirstOrThrow(),
      db.selectFrom('borrow_requests').select(hours.as('h')).where('decided_at', 'is not', null).executeTakeFirstOrThrow(),
      db.selectFrom('items').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
        .where('item_status', '=', 'available').executeTakeFirstOrThrow(),
      db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', 'in', ['student', 'faculty']).where('status', '=', 'accepted').executeTakeFirstOrThrow(),
    ]);
    const h = response.h === null ? null : Number(response.h);
    return {
      requestsHandled: Number(handled.n),
      itemsAvailable: Number(available.n),
      peopleServed: Number(people.n),
      averageResponseHours: h === null ? null : Math.round(h * 10) / 10,
    };
  });

  r.get('/api/site/campus-map', {
    config: { access: 'public' },
    schema: { tags: ['site'], summary: 'The campus map image set by CAMPUS_MAP_FILE (404 when the shipped map is used)' },
  }, async (_req, reply) => {
    const file = ctx.config.campusMapFile ? await fs.readFile(ctx.config.campusMapFile).catch(() => null) : null;
    const kind = file ? sniffFileKind(file) : null;
    if (!file || !kind) throw notFound('No campus map file is configured.');
    return reply.header('content-type', FILE_KIND_MIME[kind]).header('cache-control', 'public, max-age=3600').send(file);
  });

  if (ctx.config.dev) {
    r.get('/api/dev/outbox', {
      config: { access: 'public' },
      schema: { tags: ['development'], summary: 'Development only: mail written while no SMTP server is configured', querystring: z.object({ to: z.string().optional() }) },
    }, async (req) => {
      let q = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(50);
      if (req.query.to) q = q.where('to_address', '=', req.query.to.toLowerCase());
      return { items: await q.execute() };
    });
  }

  r.post('/api/site/log-not-found', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags: ['site'], summary: 'The 404 page reports the unknown path it was shown for', body: z.object({ path: z.string().max(2000) }) },
  }, async (req, reply) => {
    req.log.warn({ path: req.body.path }, 'page not found');
    return reply.status(204).send();
  });
}
