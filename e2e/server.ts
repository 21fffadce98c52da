// The server the browser journeys run against: a fresh database (SQLite in a temp dir, or a new
// PostgreSQL database when DATABASE_URL is set) with the demo data, in development mode.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/demo';
import { freshPostgres } from '../tests/freshDatabase';
import { openEveryDay } from '../tests/helpers';
import { makeJourneyData } from './journeyData';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-e2e-'));
const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, 'gso_e2e') : null;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dir,
  DATABASE_URL: pgDb?.url ?? '',
  SMTP_URL: '',
  // The journeys use the built-in assistant (no language model).
  ASSISTANT_BASE_URL: '',
  ASSISTANT_API_KEY: '',
  MAINTENANCE_MODE: '',
  LOG_LEVEL: 'warn',
  PORT: process.env.E2E_PORT ?? '3901',
});
const app = await buildApp({ config });
await seedDemo(app.ctx);
await openEveryDay(app.ctx);
await makeJourneyData(app.ctx);
await app.listen({ port: config.port, host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await pgDb?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
