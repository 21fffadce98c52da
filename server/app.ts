import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '../core/messages';
import { ADMIN_ONLY, PORTAL_HOME, STAFF_ROLES } from '../core/roles';
import { MAX_UPLOAD_BYTES } from '../core/files';
import type { Config } from './config';
import type { Ctx } from './context';
import { createDb, type Db, type Dialect } from './db/database';
import { appRoot } from './lib/appRoot';
import { requestForLog } from './lib/logRedaction';
import { registry, requestDuration, serverErrors, setJobFigures } from './lib/metrics';
import { createScheduler, type Scheduler } from './lib/scheduler';
import { scheduledJobs } from './jobs';
import { migrateToLatest } from './db/migrate';
import { createMailer } from './lib/mail';
import { openFileStore } from './lib/openFileStore';
import { registerApiTokens } from './plugins/apiTokens';
import { registerAuth, SESSION_COOKIE } from './plugins/auth';
import { registerContract, serializerCompiler } from './plugins/contract';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { databaseRateLimitStore } from './plugins/rateLimitStore';
import { registerSameOriginCheck } from './plugins/sameOrigin';
import { registerIdempotency } from './plugins/idempotency';
import { accountRoutes } from './modules/accounts';
import { activityRoutes, createActivity } from './modules/activity';
import { assistantRoutes } from './modules/assistant';
import { authRoutes, tokenRoutes } from './modules/auth';
import { borrowingHold, borrowingItemHold, borrowingRoutes, returnConditionsRepairEnd } from './modules/borrowing';
import { calendarFeedHold, calendarRoutes } from './modules/calendar';
import { custodians, custodyHold, custodyItemHold, custodyRoutes } from './modules/custody';
import { dashboardRoutes } from './modules/dashboard';
import { departmentRoutes } from './modules/departments';
import { designationRoutes } from './modules/designations';
import { formRoutes } from './modules/forms';
import { inventoryRoutes } from './modules/inventory';
import { locationRoutes } from './modules/locations';
import { maintenanceRoutes } from './modules/maintenance';
import { createPush, pushHold, pushRoutes } from './modules/push';
import { repairRoutes, repairsHold, repairsRoomHold } from './modules/repairs';
import { reportRoutes } from './modules/reports';
import { scheduleRoutes } from './modules/schedule';
import { createSettings, siteRoutes } from './modules/site';
import { outboxWriter, wakeSender, webhookRoutes } from './modules/webhooks';
import { setEventWriter } from './lib/events';

const CLIENT_DIR = path.join(appRoot(), 'dist/client');

/** The HTML files under `dir`, relative to it (none when it is missing). */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.html'))
        .map((f) => f.split(path.sep).join('/'))
    : [];

/** Helmet's headers that only mean something on a document, not on a script or a stylesheet. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
];

/** API paths that stay open while the site is under maintenance (docs/decisions/maintenance-mode.md). */
const OPEN_IN_MAINTENANCE = [
  '/api/health',
  '/api/ready',
  '/api/site/',
  '/api/auth/logout',
  // The campus sign-in's answer applies the gate itself, as a page (modules/auth/routes.ts).
  '/api/auth/campus/callback',
  '/api/auth/me',
  '/api/openapi.json',
  '/api/docs',
  '/api/dev/',
];

export interface BuildOptions {
  config: Config;
  db?: { db: Db; dialect: Dialect };
  /** Whether to log; a stream takes the lines instead of standard output (the tests read them). */
  logger?: boolean | { stream: { write(line: string): void } };
}

export async function buildApp({ config, db: given, logger = true }: BuildOptions): Promise<FastifyInstance & { ctx: Ctx }> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: { req: requestForLog },
          ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
        }
      : false,
    // Unique across worker processes; each log line of a request carries it, and the answer names it (x-request-id).
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Only named proxies may say who the client is (X-Forwarded-For); otherwise the socket's address counts.
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requestDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc(labels);
  });
  registerErrorHandling(app);
  registerContract(app);
  registerSameOriginCheck(app);

  const { db, dialect } = given ?? createDb(config, (err) => app.log.warn({ err }, 'database connection dropped'));
  await migrateToLatest(db);
  let scheduler: Scheduler | undefined;
  app.addHook('onClose', async () => {
    // A scheduled job already running when the app was told to stop (main.ts stops the checks) ends first.
    await scheduler?.finished();
    if (!given) await db.destroy();
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // The service worker and the web app manifest (docs/decisions/pwa.md), from this site only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.cookieSecure,
  });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  // Files over the limit arrive truncated and each route answers 413 with its own message (see readUpload).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Campus GSO API',
        version: '1.0.0',
        description:
          'Every operation lists who may call it in x-roles, and what an API token needs to call it in x-token-scope (area:read or area:write; none: tokens are refused). See docs/api.md.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The browser session, after signing in.' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'gso_<id>_<secret>',
            description:
              'An API token an administrator made (API Tokens): it acts as that administrator, narrowed by its scopes. Revoked or expired: 401; outside its scopes: 403; over its rate limit: 429 with Retry-After.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const settings = createSettings(db, config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log });
  const sessions = registerAuth(app, db, config.cookieSecure);
  registerApiTokens(app, db, { rateLimit: config.apiTokenRateLimit });
  registerIdempotency(app, db);
  const push = createPush(db, config, app.log);
  app.addHook('onClose', () => push.settled());
  const ctx: Ctx = {
    config,
    db,
    dialect,
    log: app.log,
    mailer,
    settings,
    sessions,
    files: await openFileStore(config.files),
    activity: createActivity(db, mailer, push),
    push,
    // Asked in this order before an account is deleted or deactivated: items out first, then open repairs.
    accountHolds: [borrowingHold, custodyHold, repairsHold, calendarFeedHold, pushHold],
    itemHolds: [borrowingItemHold, custodyItemHold],
    roomHolds: [repairsRoomHold],
    repairEnds: [returnConditionsRepairEnd],
    custodians,
    // Started by main.ts only: an app built for a test runs its jobs when the test asks.
    jobs: (scheduler = createScheduler(db, () => scheduledJobs(ctx), app.log)),
  };
  setJobFigures(async () => (await ctx.jobs.status()).map(({ name, lastSuccessAt, failures }) => ({ name, lastSuccessAt, failures })));
  // The office's events go to the webhooks' outbox, in the transaction of each change (server/lib/events.ts).
  setEventWriter(outboxWriter(ctx));
  const wake = wakeSender(ctx);
  app.addHook('onResponse', async () => wake());

  app.addHook('preValidation', async (req, reply) => {
    if (!req.url.startsWith('/api/') || OPEN_IN_MAINTENANCE.some((p) => req.url.startsWith(p))) return;
    // An integration's token waits out maintenance like everyone else; the office's own sessions go on.
    if (req.account && !req.apiToken && STAFF_ROLES.includes(req.account.role)) return;
    const adminLogin = req.url.startsWith('/api/auth/login') && (req.body as { portal?: string } | undefined)?.portal === 'admin';
    if (adminLogin || !(await settings.maintenanceOn())) return;
    return reply.status(503).send({ error: { code: 'maintenance', message: MSG.maintenanceApi } });
  });

  for (const routes of [
    siteRoutes,
    authRoutes,
    tokenRoutes,
    accountRoutes,
    activityRoutes,
    dashboardRoutes,
    inventoryRoutes,
    locationRoutes,
    borrowingRoutes,
    repairRoutes,
    scheduleRoutes,
    designationRoutes,
    departmentRoutes,
    assistantRoutes,
    formRoutes,
    maintenanceRoutes,
    calendarRoutes,
    reportRoutes,
    custodyRoutes,
    pushRoutes,
    webhookRoutes,
  ]) {
    await app.register(async (scope) => routes(scope, ctx));
  }
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  if (config.metrics !== 'off') {
    app.get(
      '/metrics',
      { config: { access: config.metrics === 'public' ? 'public' : ADMIN_ONLY }, schema: { hide: true } },
      async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()),
    );
  }

  const hasClient = fs.existsSync(path.join(CLIENT_DIR, 'index.html'));
  const hasAppShell = fs.existsSync(path.join(CLIENT_DIR, 'app.html'));
  // Public pages with their own shell that preloads their screen (scripts/prerender-landing.tsx).
  const pageShells = new Set(
    fs.existsSync(path.join(CLIENT_DIR, 'pages')) ? fs.readdirSync(path.join(CLIENT_DIR, 'pages')).filter((f) => f.endsWith('.html')) : [],
  );
  // A signed-in portal page arrives drawn, its code and first data named in it (scripts/prerender-portals.tsx): a
  // screen's own page at its plain address, the portal's frame at its other addresses.
  const drawn = new Set(hasClient ? filesUnder(path.join(CLIENT_DIR, 'signed-in')).map((f) => `signed-in/${f}`) : []);
  const signedInPage = (url: string) => {
    const [pathname, query] = url.split('?');
    if (query === undefined && drawn.has(`signed-in${pathname}.html`)) return `signed-in${pathname}.html`;
    const portal = Object.entries(PORTAL_HOME).find(([, home]) => pathname === home || pathname.startsWith(`${home}/`))?.[0];
    return portal && drawn.has(`signed-in/frame/${portal}.html`) ? `signed-in/frame/${portal}.html` : undefined;
  };
  if (hasClient) {
    // Scripts and styles are not documents: the document-only security headers (a kilobyte per answer, and a
    // page loads dozens of chunks) stay on pages and API answers. nosniff and the resource policy stay.
    app.addHook('onSend', async (req, reply) => {
      if (!req.url.startsWith('/assets/')) return;
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    });
    await app.register(fastifyStatic, {
      root: CLIENT_DIR,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      preCompressed: true,
      setHeaders: (res, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || (req.method !== 'GET' && req.method !== 'HEAD') || !hasClient) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: req.url.startsWith('/api/') ? 'No such API endpoint.' : 'Not found.' } });
    }
    // The browser app owns every other path, its 404 page included. "/" comes pre-rendered (index.html).
    const pathname = req.url.split('?')[0];
    const own = `${pathname.slice(1)}.html`;
    const page = pathname === '/' || !hasAppShell ? 'index.html' : pageShells.has(own) ? `pages/${own}` : 'app.html';
    reply.header('cache-control', 'no-cache');
    return reply.sendFile((!!req.cookies[SESSION_COOKIE] && page === 'app.html' && signedInPage(req.url)) || page);
  });

  await app.ready();
  return Object.assign(app as FastifyInstance, { ctx });
}
