// The tests that depend on the date, run as if it were a chosen moment (docs/decisions/test-clock.md):
//   npm run test:on-date -- 2026-12-05T10:00:00+08:00
// TEST_NOW moves the clock of the API tests, the journeys' server, their pages and their own code (tests/testClock.ts).
// .ci/run runs them once more on a closure day; its PostgreSQL stage runs as if it were a Saturday.
import { spawnSync } from 'node:child_process';
import { DATED_API_TESTS, DATED_JOURNEYS } from '../tests/datedTests';

const at = process.argv[2];
if (!at || Number.isNaN(Date.parse(at))) {
  console.error('Usage: npm run test:on-date -- <instant>, e.g. 2026-12-05T10:00:00+08:00 (a Saturday on the campus)');
  process.exit(2);
}
// A fresh offset for this moment, whatever an outer run set.
// None of the dated journeys is campus sign-in's, so its second server is not started (playwright.config.ts).
const env: NodeJS.ProcessEnv = { ...process.env, TEST_NOW: at, E2E_CAMPUS_SERVER: '0' };
delete env.TEST_CLOCK_OFFSET;
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

console.log(`\n== the date-dependent tests as if it were ${at}`);
const api = run('npx', ['vitest', 'run', ...DATED_API_TESTS.map((name) => `tests/api/${name}.test.ts`)]);
const journeys = run('npm', ['run', '--silent', 'test:e2e', '--', ...DATED_JOURNEYS.map((name) => `e2e/${name}.spec.ts`)]);
process.exit(api || journeys);
