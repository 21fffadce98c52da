import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { DATED_JOURNEYS } from './tests/datedTests';
import { testClockOffset } from './tests/testClock';

const port = Number(process.env.E2E_PORT ?? 3901);
// TEST_NOW: the whole run as if it were then; read once here, so the servers and the workers share one offset.
testClockOffset();

// Journeys run three at a time against one server. Most make their own data and can run beside anything.
// Those that assert the stock of a demo item run one at a time (another journey's approval would move it),
// and those that switch something site-wide (maintenance mode) run last and alone.
const sharedStock = /(borrowing-lifecycle|office-borrow|office-requests|activity-links)\.spec\.ts$/;
const siteWide = /(^|[\\/])maintenance\.spec\.ts$/; // not preventive-maintenance.spec.ts
// GSO_TEST_SCOPE=database (the second, PostgreSQL run of .ci/run) repeats only the journeys where the database
// itself is at stake: stock moved in transactions, one database shared by two app machines, units lent by tag, rooms
// kept, imported and followed, returns in parts verified with damage and loss, bookings by date, maintenance plans'
// jobs, the calendar feed, the charts and saved reports, campus sign-in's accounts, requests charged to departments
// and counted per department, the stock from delivery to issue, custody issued, acknowledged and transferred, the
// yearly count's scans from two phones and from the offline queue, and maintenance checklists filled offline; and the
// journeys that count dates (tests/datedTests.ts), whose days, weeks and months each database reckons in its own SQL
// (that stage runs as if it were a Saturday). Every rule is also checked on PostgreSQL by the API tests; the other
// journeys run once, on SQLite.
const databaseJourneys = [
  'borrowing-lifecycle',
  'office-requests',
  'two-machines',
  'units',
  'locations',
  'rooms',
  'partial-returns',
  'availability',
  'maintenance-plans',
  'calendar-feed',
  'dashboard-charts',
  'reports',
  'campus-sign-in',
  'departments',
  'stock-journey',
  'custody',
  'counts',
  'technician-offline',
  'checklist-offline',
  'webhooks',
  'phone-app',
];
const scopeJourneys = [...new Set([...databaseJourneys, ...DATED_JOURNEYS])];
const scoped = process.env.GSO_TEST_SCOPE === 'database' ? [new RegExp(`^(?!.*[\\\\/](${scopeJourneys.join('|')})\\.spec\\.ts$)`)] : [];
// Debian's headless shell (package chromium-headless-shell) when it is installed: the same engine as
// /usr/bin/chromium without the browser's own window and tab strip, so each page costs much less CPU.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const browser = {
  browserName: 'chromium' as const,
};

/** A server for the journeys (e2e/server.ts) on `at`, with its own database and data folder. */
const journeyServer = (at: number, env: Record<string, string>) => ({
  command: 'npx tsx e2e/server.ts',
  url: `http://127.0.0.1:${at}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: { E2E_PORT: String(at), ...env },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // Stopped as a server is (e2e/server.ts drops its PostgreSQL database and data folder), not killed outright.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Three at a time on two cores: a journey spends much of its time waiting on the server and on its page, and the
  // whole suite took 11.5 min with three against 15.7 with two, with no journey failing for time.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Three journeys, their browsers and the server share two cores: a long journey may take a minute and more.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A click on something that never appears fails at that step, not at the journey's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // Recording a trace doubled each journey's time on two cores; the retry of a failed journey records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a person who asked for less motion: dialogs and menus open without their transitions (the theme's
    // respectReducedMotion), so a journey neither waits on them nor spends the cores drawing their frames.
    reducedMotion: 'reduce',
    // The service worker (docs/decisions/pwa.md) installs the whole app's code into each new context: the journeys
    // run without it, as a first visit does; e2e/phone-app.spec.ts, which is about it, and the journeys that reload
    // offline (counts, technician-offline) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // The one-at-a-time journeys are listed first so that they start at once beside the others, not after them with
  // the second worker idle.
  projects: [
    { name: 'stock', use: browser, testMatch: sharedStock, testIgnore: scoped, workers: 1 },
    { name: 'journeys', use: browser, testIgnore: [sharedStock, siteWide, ...scoped] },
    { name: 'site-wide', use: browser, testMatch: siteWide, testIgnore: scoped, dependencies: ['journeys', 'stock'] },
  ],
  webServer: [
    journeyServer(port, {}),
    // Campus sign-in's journey: its own server, with a local OpenID Connect provider (e2e/server.ts). A run that
    // leaves that journey out (E2E_CAMPUS_SERVER=0: the date-dependent runs, scripts/test-on-date.ts) does not
    // start it, as its seeding would take a core from the main server's while the journeys wait on it.
    ...(process.env.E2E_CAMPUS_SERVER === '0' ? [] : [journeyServer(port + 1000, { E2E_CAMPUS: '1' })]),
  ],
});
