// The server the browser journeys run against: a fresh database (SQLite in a temp dir, or a new
// PostgreSQL database when DATABASE_URL is set) with the demo data, in development mode.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/demo';
import { startCampusProvider } from '../tests/campusProvider';
import { freshPostgres } from '../tests/freshDatabase';
import { openEveryDay } from '../tests/helpers';
import { makeJourneyData } from './journeyData';
import { setTestClock } from '../tests/testClock';

// TEST_NOW: the server, its demo data and the journeys' data as if it were then (tests/testClock.ts).
setTestClock();

// E2E_CAMPUS=1: a second server whose sign-in pages offer campus sign-in through a local OpenID Connect provider
// (docs/decisions/campus-sign-in.md), so that the other journeys' pages stay as they are.
const port = Number(process.env.E2E_PORT ?? '3901');
const campus = process.env.E2E_CAMPUS === '1' ? await startCampusJourneyProvider(port) : null;
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
  PORT: String(port),
  ...campus,
});
const app = await buildApp({ config });
await seedDemo(app.ctx);
await openEveryDay(app.ctx);
await makeJourneyData(app.ctx);
await app.listen({ port: config.port, host: '127.0.0.1' });
// The webhooks' sender runs as in production (docs/decisions/webhooks.md); the dated jobs run when a journey asks.
const stopJobs = app.ctx.jobs.start({ sharedOnly: true });

const stop = async () => {
  stopJobs();
  await app.close();
  await pgDb?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

/** The campus journey's provider and its people (e2e/campus-sign-in.spec.ts), on the app's port + 100. */
async function startCampusJourneyProvider(appPort: number) {
  const appUrl = `http://127.0.0.1:${appPort}`;
  const provider = await startCampusProvider({
    redirectUri: `${appUrl}/api/auth/campus/callback`,
    port: appPort + 100,
    people: {
      tomas: { email: 'tomas.lim@students.campus.test', email_verified: true, name: 'Tomas Lim' },
      mara: { email: 'mara.santos@students.campus.test', email_verified: true, name: 'Mara Santos' },
      faculty: { email: 'faculty@campus.test', email_verified: true, name: 'Demo Faculty' },
      outsider: { email: 'outsider@gmail.test', email_verified: true, name: 'Out Sider' },
      unverified: { email: 'nora@students.campus.test', email_verified: false, name: 'Nora Unverified' },
    },
  });
  return {
    APP_URL: appUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Campus University account',
    OIDC_ALLOWED_DOMAINS: 'campus.test,students.campus.test',
    OIDC_STUDENT_EMAILS: 'students.campus.test',
    OIDC_APPROVE_DOMAINS: 'students.campus.test',
  };
}
