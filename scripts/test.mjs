// npm test: format, type check and lint (side by side), unit and API tests, browser journeys, each stage timed.
// GSO_TEST_SCOPE=database runs only what depends on the database (the API tests and the journeys that write in
// transactions, race or count dates), for a second run on another database: .ci/run runs everything on SQLite, then
// this scope on PostgreSQL (docs/deployment.md, Checking a release).
import { spawn, spawnSync } from 'node:child_process';

const databaseOnly = process.env.GSO_TEST_SCOPE === 'database';

/** Runs the checks at once (each is one process that mostly waits on one core), printing each one's output whole when it ends. */
async function sideBySide(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (status) => {
            const took = Math.round((Date.now() - started) / 1000);
            console.log(`-- ${name} (${took} s)${status === 0 ? '' : `: failed (exit ${status})`}`);
            if (output.trim()) console.log(output.trimEnd());
            resolve(status ?? 1);
          });
        }),
    ),
  );
  return results.find((status) => status !== 0) ?? 0;
}

const stages = [
  ...(databaseOnly
    ? []
    : [
        [
          'format, type check and lint',
          () =>
            sideBySide([
              ['format', 'npm', ['run', '--silent', 'format:check']],
              ['type check', 'npm', ['run', '--silent', 'typecheck']],
              ['lint', 'npm', ['run', '--silent', 'lint']],
            ]),
        ],
      ]),
  ['unit and API tests', () => spawnSync('npx', ['vitest', 'run', ...(databaseOnly ? ['tests/api'] : [])], { stdio: 'inherit' }).status],
  ['browser journeys', () => spawnSync('npm', ['run', '--silent', 'test:e2e'], { stdio: 'inherit' }).status],
];

const times = [];
for (const [name, run] of stages) {
  const start = Date.now();
  console.log(`\n== npm test: ${name}${databaseOnly ? ' (database scope)' : ''}`);
  const status = await run();
  times.push(`${name} ${Math.round((Date.now() - start) / 1000)} s`);
  if (status !== 0) {
    console.error(`\n== npm test: ${name} failed (${times.join(', ')})`);
    process.exit(status ?? 1);
  }
}
console.log(`\n== npm test passed: ${times.join(', ')}`);
