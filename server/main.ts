import { ConfigError, loadConfig, loadDotEnv } from './config';
import { buildApp } from './app';
import { seedDemo } from './db/seed';

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
const app = await buildApp({ config });
if (config.demo) await seedDemo(app.ctx);
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
console.log(`
  Campus GSO is running at ${url}
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
}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
