import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3901);

// Journeys run two at a time against one server. Most make their own data and can run beside anything.
// Those that assert the stock of a demo item run one at a time (another journey's approval would move it),
// and those that switch something site-wide (maintenance mode) run last and alone.
const sharedStock = /(borrowing-lifecycle|office-borrow|office-requests|activity-links)\.spec\.ts$/;
const siteWide = /(^|[\\/])maintenance\.spec\.ts$/; // not preventive-maintenance.spec.ts
const browser = {
  browserName: 'chromium' as const,
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  projects: [
    { name: 'journeys', use: browser, testIgnore: [sharedStock, siteWide] },
    { name: 'stock', use: browser, testMatch: sharedStock, workers: 1 },
    { name: 'site-wide', use: browser, testMatch: siteWide, dependencies: ['journeys', 'stock'] },
  ],
  webServer: {
    command: 'npx tsx e2e/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
