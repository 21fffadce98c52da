import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/demo';
import { todayIn } from '../core/time';
import { freshPostgres } from './freshDatabase';

/**
 * A migrated database, with or without the demo data, made once per test run and copied for each test app:
 * migrating and seeding (hashing the demo passwords, drawing the demo photos) cost a test app 1-3 s on SQLite and
 * 3-7 s on PostgreSQL; a copy costs a fraction of that. SQLite copies the data folder (database file and uploads),
 * PostgreSQL creates each test database from the template database, and copies the uploads folder likewise.
 */
export interface AppTemplate {
  dataDir: string;
  /** The PostgreSQL template database's name, when the tests run on PostgreSQL. */
  database: string | null;
  /**
   * The campus day the demo data was seeded on (null for the bare template): its dates are relative to that day,
   * so after the campus's midnight a test app seeds its own rather than read loans a day older than it expects.
   */
  seededOn: { day: string; timeZone: string } | null;
}
export type AppTemplates = { seeded: AppTemplate; bare: AppTemplate };

/** Settings a test app may change that the migrated and seeded database does not depend on. */
export const TEMPLATE_SAFE_ENV = new Set([
  'API_TOKEN_RATE_LIMIT',
  'SMTP_URL',
  'NODE_ENV',
  'COOKIE_SECURE',
  'APP_URL',
  'ASSISTANT_BASE_URL',
  'ASSISTANT_API_KEY',
  'ASSISTANT_TIMEOUT_MS',
  'TRUST_PROXY',
  'METRICS',
]);

async function makeTemplate(serverUrl: string | null, seed: boolean): Promise<{ template: AppTemplate; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-template-'));
  const pgDb = serverUrl ? await freshPostgres(serverUrl, 'gso_template') : null;
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, logger: false });
  const timeZone = config.campusTimeZone;
  const seededOn = seed ? { day: todayIn(timeZone), timeZone } : null;
  if (seed) await seedDemo(app.ctx);
  await app.close();
  const database = pgDb ? new URL(pgDb.url).pathname.slice(1) : null;
  return {
    template: { dataDir, database, seededOn },
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    },
  };
}

export async function makeAppTemplates(serverUrl: string | null): Promise<{ templates: AppTemplates; drop: () => Promise<void> }> {
  const seeded = await makeTemplate(serverUrl, true);
  const bare = await makeTemplate(serverUrl, false);
  return {
    templates: { seeded: seeded.template, bare: bare.template },
    drop: async () => {
      await seeded.drop();
      await bare.drop();
    },
  };
}
