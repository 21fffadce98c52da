// Builds what is missing or older than its sources, so `npm start` always runs current code: the browser app
// (dist/client) and the compiled server (dist/server, scripts/build-server.mjs). With `server`, only the latter
// (the operators' scripts: create-admin, backup, restore).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const newest = (dir) => {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
const mtime = (f) => fs.statSync(f).mtimeMs;
const stale = (out, sources) => !fs.existsSync(out) || mtime(out) < sources;

const client = 'dist/client/index.html';
const server = 'dist/server/main.js';
const clientSources = () =>
  Math.max(
    newest('client'),
    newest('core'),
    ...[
      'vite.config.ts',
      'package.json',
      'scripts/prerender-landing.tsx',
      'scripts/prerender-portals.tsx',
      'scripts/prerenderPage.ts',
      'scripts/compress-assets.mjs',
      'scripts/portalChunks.ts',
    ].map(mtime),
  );
const serverSources = () =>
  Math.max(
    newest('server'),
    newest('core'),
    ...['package.json', 'scripts/build-server.mjs', 'scripts/create-admin.ts', 'scripts/backup.ts'].map(mtime),
  );

// An installation with production dependencies only (npm ci --omit=dev) cannot build: it runs what was built.
const serverOnly = process.argv[2] === 'server';
const canBuild = fs.existsSync('node_modules/vite') && fs.existsSync('node_modules/esbuild');
if (!canBuild) {
  if ((!serverOnly && !fs.existsSync(client)) || !fs.existsSync(server)) {
    console.error('The app is not built. Run `npm run build` where the development dependencies are installed, then copy dist/.');
    process.exit(1);
  }
} else if (!serverOnly && stale(client, clientSources())) {
  console.log('Building the app...');
  execSync('npm run build --silent', { stdio: 'inherit' });
} else if (stale(server, serverSources())) {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}
