// The tests that depend on the date, run as if it were a chosen moment (docs/decisions/test-clock.md):
//   npm run test:on-date -- 2026-12-05T10:00:00+08:00
// TEST_NOW moves the clock of the API tests, the journeys' server, their pages and their own code (tests/testClock.ts).
// .ci/run runs them once more on a Saturday and on a closure day. A test that counts days, weeks, working hours or
// closures belongs on these lists.
import { spawnSync } from 'node:child_process';

/** The API tests whose rules count campus days, the week, working time or the office calendar. */
const DATED_API_TESTS = [
  'admin-reports',
  'availability',
  'borrow-office',
  'borrow-requests',
  'calendar-feeds',
  'dashboard-charts',
  'maintenance-plans',
  'office-calendar',
  'partial-returns',
  'reminders',
  'repair-deadlines',
  'repair-escalation',
  'reports',
  'schedule',
].map((name) => `tests/api/${name}.test.ts`);

/**
 * The journeys that choose or show dates: dates needed and returns, deadlines in working time, the week, closures,
 * the charts' months, the scheduled reports. Those whose only dates are loans placed so many days back
 * (e2e/journeyData.ts) are day-proof by construction and run once, which keeps these stages short.
 */
const DATED_JOURNEYS = [
  'availability',
  'borrow-form',
  'calendar-feed',
  'campus-time',
  'dashboard-charts',
  'maintenance-plans',
  'office-calendar',
  'office-figures',
  'repair-deadlines',
  'reports',
  'schedule',
].map((name) => `e2e/${name}.spec.ts`);

const at = process.argv[2];
if (!at || Number.isNaN(Date.parse(at))) {
  console.error('Usage: npm run test:on-date -- <instant>, e.g. 2026-12-05T10:00:00+08:00 (a Saturday on the campus)');
  process.exit(2);
}
// A fresh offset for this moment, whatever an outer run set.
// None of the dated journeys is campus sign-in's, so its second server is not started (playwright.config.ts).
const env = { ...process.env, TEST_NOW: at, E2E_CAMPUS_SERVER: '0' };
delete env.TEST_CLOCK_OFFSET;
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

console.log(`\n== the date-dependent tests as if it were ${at}`);
const api = run('npx', ['vitest', 'run', ...DATED_API_TESTS]);
const journeys = run('npm', ['run', '--silent', 'test:e2e', '--', ...DATED_JOURNEYS]);
process.exit(api || journeys);
