import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/demo';
import { todayIn, WEEKDAYS } from '../core/time';
import type { JobType, Role } from '../core/roles';
import { hashPassword } from '../server/lib/passwords';
import { inject } from 'vitest';
import { freshPostgres } from './freshDatabase';
import { TEMPLATE_SAFE_ENV, type AppTemplate } from './appTemplates';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A fresh app on a fresh database: SQLite in a temp dir, or, when TEST_DATABASE_URL (or DATABASE_URL)
 * points at PostgreSQL, a new database created on that server for this one app.
 */
export async function makeApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Keep the demo's office calendar rather than open every day. */ demoCalendar?: boolean;
    /** Takes the server's log lines (at level info) instead of silencing them. */
    log?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const { template, seeded } = templateFor(opts);
  if (template) fs.cpSync(template.dataDir, dir, { recursive: true });
  const pgDb = serverUrl ? await freshPostgres(serverUrl, 'gso_test', template?.database) : null;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dir,
    DATABASE_URL: pgDb?.url ?? '',
    // TEST_LOG=1 prints the server's errors (a 500's cause) while the tests run.
    LOG_LEVEL: opts.log ? 'info' : process.env.TEST_LOG ? 'error' : 'silent',
    ...opts.env,
  });
  const app = await buildApp({ config, logger: opts.log ? { stream: opts.log } : !!process.env.TEST_LOG });
  if (opts.seed !== false && !seeded) await seedDemo(app.ctx);
  if (!opts.demoCalendar) await openEveryDay(app.ctx);
  const close = app.close.bind(app);
  (app as any).close = async () => {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
    await pgDb?.drop();
  };
  return app;
}

/**
 * The run's template for a test app (tests/appTemplates.ts), or null when its settings could change what the
 * migrations or the demo data write (another database, file store or campus map), or no template was made.
 * `seeded` says whether the template holds the demo data: once the campus day has turned since it was seeded, the
 * bare template is copied and the app seeds its own, so the demo's loans are as many days overdue as it says.
 */
function templateFor(opts: { seed?: boolean; env?: Record<string, string> }): { template: AppTemplate | null; seeded: boolean } {
  const templates = inject('appTemplates');
  if (!templates || Object.keys(opts.env ?? {}).some((key) => !TEMPLATE_SAFE_ENV.has(key))) return { template: null, seeded: false };
  if (opts.seed === false) return { template: templates.bare, seeded: false };
  const on = templates.seeded.seededOn;
  const sameDay = on !== null && todayIn(on.timeZone) === on.day;
  return sameDay ? { template: templates.seeded, seeded: true } : { template: templates.bare, seeded: false };
}

/**
 * The office open every day with no closures (docs/decisions/office-calendar.md), so that tests and journeys may
 * borrow on any date whatever the day they run; the calendar's own tests and journey set the days they need.
 */
export async function openEveryDay(ctx: TestApp['ctx']): Promise<void> {
  const day = { open: '07:00', close: '19:00' };
  await ctx.settings.set('office_week', JSON.stringify(Object.fromEntries(WEEKDAYS.map((d) => [d, day]))));
  await ctx.db.deleteFrom('office_closures').execute();
}

/** Signs in through the API and returns the session cookie header. */
export async function login(app: TestApp, email: string, password: string, portal: 'user' | 'personnel' | 'admin'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, portal } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'gso_session');
  return `gso_session=${cookie!.value}`;
}

/** The password of every account addAccount makes. */
export const ADDED_PASSWORD = 'secret1';
let accountsAdded = 0;

/**
 * An accepted, verified account of the role, put straight into the database (personnel as janitors unless a trade
 * is given). Answers its id, email and full name; it signs in with ADDED_PASSWORD.
 */
export async function addAccount(app: TestApp, role: Role, jobType: JobType | null = role === 'personnel' ? 'janitor' : null) {
  const n = ++accountsAdded;
  const [email, fullName] = [`added${n}@campus.test`, `Added Person ${n}`];
  const { id } = await app.ctx.db
    .insertInto('accounts')
    .values({
      full_name: fullName,
      email,
      username: null,
      contact_number: '09170000000',
      role,
      status: 'accepted',
      email_verified: 1,
      job_type: jobType,
      password_hash: await hashPassword(ADDED_PASSWORD),
      id_file: null,
      id_file_mime: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, fullName };
}

export const DEMO = {
  admin: ['admin@campus.test', 'admin123', 'admin'],
  staff: ['staff@campus.test', 'staff123', 'admin'],
  personnel: ['electrician@campus.test', 'personnel123', 'personnel'],
  faculty: ['faculty@campus.test', 'faculty123', 'user'],
  student: ['student@campus.test', 'student123', 'user'],
} as const;

export const loginAs = (app: TestApp, who: keyof typeof DEMO) => {
  const [email, password, portal] = DEMO[who];
  return login(app, email, password, portal);
};

/** A registration's form fields that pass every check (docs/product.md, docs/decisions/form-checks.md), with the given ones changed. */
export const REGISTRATION_FIELDS = {
  full_name: 'Rosa Dizon',
  email: 'rosa@campus.test',
  contact_number: '09170000000',
  password: 'rosa123',
  confirm_password: 'rosa123',
  role: 'student',
} as const;
export const registrationFields = (over: Record<string, string> = {}): Record<string, string> => ({ ...REGISTRATION_FIELDS, ...over });

/** Builds a multipart body by hand for app.inject. */
export function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; data: Buffer }> = {}) {
  const boundary = `----gso${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real image of each kind, made by sharp (so it decodes, as every uploaded image must). */
export const image = (format: 'png' | 'jpeg' | 'gif', width = 8, height = 6) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** An image's decoded pixels and size: the same picture whatever the encoding's bytes. */
export async function pixelsOf(data: Buffer) {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, pixels: pixels.toString('base64') };
}

/** Small real files, recognised by their bytes. */
export const FILES = {
  png: await image('png'),
  /** One blank page: PDF.js finds its objects without a cross-reference table. */
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 240 150]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  gif: await image('gif'),
  jpeg: await image('jpeg'),
  text: Buffer.from('just some text, not an image'),
};

/** Waits until the check passes (for work the server does after answering, such as sending mail). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
