// npm test: format, type check, lint, unit and API tests, browser journeys, each stage timed.
// GSO_TEST_SCOPE=database runs only what depends on the database (the API tests and the journeys that write in
// transactions or race), for a second run on another database: .ci/run runs everything on SQLite, then this scope
// on PostgreSQL (docs/deployment.md, Checking a release).
import { spawnSync } from 'node:child_process';

const databaseOnly = process.env.GSO_TEST_SCOPE === 'database';
const stages = [
  ...(databaseOnly
    ? []
    : [
        ['format', 'npm', ['run', '--silent', 'format:check']],
        ['type check', 'npm', ['run', '--silent', 'typecheck']],
        ['lint', 'npm', ['run', '--silent', 'lint']],
      ]),
  ['unit and API tests', 'npx', ['vitest', 'run', ...(databaseOnly ? ['tests/api'] : [])]],
  ['browser journeys', 'npm', ['run', '--silent', 'test:e2e']],
];

const times = [];
for (const [name, command, args] of stages) {
  const start = Date.now();
  console.log(`\n== npm test: ${name}${databaseOnly ? ' (database scope)' : ''}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  times.push(`${name} ${Math.round((Date.now() - start) / 1000)} s`);
  if (status !== 0) {
    console.error(`\n== npm test: ${name} failed (${times.join(', ')})`);
    process.exit(status ?? 1);
  }
}
console.log(`\n== npm test passed: ${times.join(', ')}`);
