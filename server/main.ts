import cluster from 'node:cluster';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config';
import { buildApp } from './app';
import { seedDemo } from './seed/demo';

loadDotEnv();
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
})();

if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
else await runServer(config, cluster.isPrimary);

/** One app process: answers on the port until SIGTERM or SIGINT, then finishes what is in flight and closes. */
async function runServer(config: Config, alone: boolean) {
  const app = await buildApp({ config });
  if (alone && config.demo) await seedDemo(app.ctx);
  await app.listen({ port: config.port, host: config.host });
  if (alone) console.log(banner(config));
  // Every process checks; each job's period is claimed in the database, so one of them runs it.
  const stopJobs = app.ctx.jobs.start();

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopJobs();
    // Fastify stops accepting, lets in-flight requests finish, then closes the database (onClose hooks) once a
    // scheduled job already under way has ended too.
    setTimeout(() => {
      app.log.error('requests or a scheduled job still running 10 s after the stop signal; exiting anyway');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Several app processes on one port (node:cluster hands each new connection to the next worker). The primary
 * migrates and seeds once, starts the workers, replaces one that dies, and on SIGTERM stops them all gracefully.
 */
async function runPrimary(config: Config) {
  const setup = await buildApp({ config, logger: false });
  if (config.demo) await seedDemo(setup.ctx);
  await setup.close();

  let stopping = false;
  for (let i = 0; i < config.workers; i++) cluster.fork();
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.workers) console.log(banner(config));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function banner(config: Config): string {
  const url = `http://localhost:${config.port}`;
  return `
  Campus GSO is running at ${url}${config.workers > 1 ? ` (${config.workers} worker processes)` : ''}
  Database: ${config.databaseUrl ? 'PostgreSQL' : config.sqlitePath}   Mode: ${config.dev ? 'development' : 'production'}
${
  config.dev
    ? `
  DEVELOPMENT MODE IS NOT FOR A REAL INSTALLATION: verification codes are shown to this machine and
  administrators can read every mail at /api/dev/outbox. Set NODE_ENV=production for real use.
`
    : ''
}${
    config.demo
      ? `
  Demo logins (password after the slash):
    Admin      ${url}/admin-login       admin@campus.test (or admin) / admin123, staff@campus.test / staff123
    Personnel  ${url}/personnel-login   electrician@campus.test, plumber@campus.test, carpenter@campus.test / personnel123
    Users      ${url}/login             faculty@campus.test / faculty123, student@campus.test / student123
    Verify     ${url}/login             newstudent@campus.test / student123 (first sign-in verifies the email)
    Pending    ${url}/login             pending@campus.test / student123 (awaiting approval)
`
      : ''
  }`;
}
