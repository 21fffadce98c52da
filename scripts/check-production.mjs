// npm run test:production: the production install works from the built output alone. Copies the tracked
// files and dist/ into a fresh folder, installs production dependencies only (npm ci --omit=dev: no TypeScript
// loader, no bundler), starts the compiled server with NODE_ENV=production and checks that the pages, their assets
// and a sign-in work, that SIGTERM stops it cleanly, and that the compiled create-admin script makes an account. Run by .ci/run once (it installs packages, so it is slower than the other tests).
import { execFileSync, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Stops what the check started (the server runs in its own process group), on failure as on success. */
const cleanups = [];
const fail = (message) => {
  console.error(`test:production FAILED: ${message}`);
  for (const cleanup of cleanups) cleanup();
  process.exit(1);
};
execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-production-'));
const app = path.join(dir, 'app');
try {
  console.log(`== copying the tracked files and dist/ to ${app}`);
  for (const file of execFileSync('git', ['ls-files', '-z']).toString().split('\0').filter(Boolean)) {
    if (!fs.existsSync(file)) continue;
    fs.mkdirSync(path.join(app, path.dirname(file)), { recursive: true });
    fs.copyFileSync(file, path.join(app, file));
  }
  fs.cpSync('dist', path.join(app, 'dist'), { recursive: true });

  console.log('== npm ci --omit=dev');
  execSync('npm ci --omit=dev --prefer-offline --no-audit --no-fund', { cwd: app, stdio: 'inherit' });
  for (const dev of ['vite', 'tsx', 'esbuild', 'typescript'])
    if (fs.existsSync(path.join(app, 'node_modules', dev))) fail(`a development dependency was installed: ${dev}`);

  const port = await new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  console.log(`== NODE_ENV=production npm start on ${base}`);
  let output = '';
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  };
  const server = spawn('npm', ['start'], {
    cwd: app,
    detached: true,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {}
  });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline) fail(`the server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const landing = await fetch(`${base}/`);
  const html = await landing.text();
  if (landing.status !== 200 || !html.includes('Campus General Services Office')) fail('/ does not show the landing page');
  if (!/src="\/assets\/[^"]+\.js"/.test(html)) fail('/ names no script');
  const login = await fetch(`${base}/login`);
  const signInPage = await login.text();
  if (login.status !== 200 || !signInPage.includes('<div id="root">')) fail('/login does not serve the sign-in page');
  if (!/src="\/assets\/signin-[^"]+\.js"/.test(signInPage)) fail('/login names no sign-in script');
  const register = await fetch(`${base}/register`);
  const shell = await register.text();
  if (register.status !== 200 || !shell.includes('<div id="root">')) fail('/register does not serve the app');
  // The modulepreloaded chunks are the app's large shared code (files under 1 KB are not compressed).
  const script = shell.match(/rel="modulepreload" crossorigin href="(\/assets\/mantine-[^"]+\.js)"/)?.[1];
  if (!script) fail('/register preloads no shared script');
  const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
  if (asset.status !== 200 || asset.headers.get('content-encoding') !== 'br') fail(`${script} is not served pre-compressed`);
  const signIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@campus.test', password: 'admin123', portal: 'admin' }),
  });
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('gso_session='));
  if (signIn.status !== 200 || !cookie?.includes('Secure')) fail(`sign-in answered ${signIn.status}, cookie ${cookie}`);
  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie: cookie.split(';')[0] } });
  if (me.status !== 200) fail('the session is not honoured');
  if ((await fetch(`${base}/api/dev/outbox`, { headers: { cookie: cookie.split(';')[0] } })).status !== 404)
    fail('the development outbox is open in production');

  process.kill(-server.pid, 'SIGTERM');
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
  if (code !== 0 && code !== 'SIGTERM') fail(`SIGTERM ended the server with ${code}:\n${output}`);
  if (!/node .*dist\/server\/main\.js/.test(output)) fail(`npm start did not run the compiled server:\n${output}`);

  console.log('== npm run create-admin (compiled)');
  const made = execFileSync(
    'npm',
    ['run', 'create-admin', '--', '--email', 'it@campus.test', '--name', 'IT Office', '--password', 'secret123'],
    {
      cwd: app,
      env,
    },
  ).toString();
  if (!made.includes('it@campus.test')) fail(`create-admin did not make the account:\n${made}`);
  console.log('test:production passed: compiled server, production dependencies only, pages, assets, sign-in, clean stop, create-admin.');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
