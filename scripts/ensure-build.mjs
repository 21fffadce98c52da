// Builds the browser app when dist/client is missing or older than its sources, so `npm start` always serves current code.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = 'dist/client/index.html';
const newest = (dir) => {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
const sources = Math.max(
  newest('client'),
  newest('core'),
  ...['vite.config.ts', 'package.json', 'scripts/prerender-landing.tsx', 'scripts/compress-assets.mjs', 'scripts/portalChunks.ts'].map(
    (f) => fs.statSync(f).mtimeMs,
  ),
);
// An installation with production dependencies only (npm ci --omit=dev) cannot build: it serves what was built.
const canBuild = fs.existsSync('node_modules/vite');
if (!canBuild) {
  if (!fs.existsSync(out)) {
    console.error('The browser app is not built. Run `npm run build` where the development dependencies are installed, then copy dist/.');
    process.exit(1);
  }
} else if (!fs.existsSync(out) || fs.statSync(out).mtimeMs < sources) {
  console.log('Building the browser app...');
  execSync('npm run build --silent', { stdio: 'inherit' });
}
