// Lighthouse (mobile) on each portal's home and busiest list, signed in: node scripts/lighthouse-portals.mjs BASE
// (the app running with the demo data, e.g. http://127.0.0.1:3000). Signs in as the demo admin, personnel member
// and student through the API and hands Lighthouse the session cookie. The CPU slowdown is calibrated to the
// machine's benchmark index (4 x index / 1750, between 1x and 4x), as Lighthouse's throttling documentation advises,
// so a slower machine does not stand for a slower phone. Lighthouse is not a dependency of the app: it runs through
// npx (LIGHTHOUSE=path/to/lighthouse to use an installed one). Chromium: CHROME_PATH or /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
// Further arguments measure only those paths (say, /admin/inventory), each RUNS times (default once).
const only = process.argv.slice(3);
const runs = Number(process.env.RUNS ?? 1);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const lighthouse = process.env.LIGHTHOUSE ? [process.env.LIGHTHOUSE] : ['npx', '-y', 'lighthouse@12'];

const PAGES = [
  { portal: 'user', email: 'student@campus.test', password: 'student123', paths: ['/users', '/users/borrow-item'] },
  {
    portal: 'personnel',
    email: 'electrician@campus.test',
    password: 'personnel123',
    paths: ['/personnel', '/personnel/maintenance-repairs'],
  },
  { portal: 'admin', email: 'admin@campus.test', password: 'admin123', paths: ['/admin', '/admin/requests', '/admin/inventory'] },
];

async function sessionCookie({ portal, email, password }) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ email, password, portal }),
  });
  if (!res.ok) throw new Error(`signing in as ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Lighthouse once; a run that fails to record its trace (it happens: NO_NAVSTART) is run again, up to three times. */
function run(url, extra, attempt = 1) {
  try {
    return runOnce(url, extra);
  } catch (err) {
    if (attempt >= 3) throw err;
    return run(url, extra, attempt + 1);
  }
}

function runOnce(url, extra) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gso-lh-')), 'report.json');
  const [cmd, ...pre] = lighthouse;
  execFileSync(
    cmd,
    [...pre, url, '--quiet', '--output=json', `--output-path=${out}`, `--chrome-path=${chrome}`, `--chrome-flags=${flags}`, ...extra],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

const probe = run(`${base}/`, ['--only-categories=performance']);
const index = probe.environment.benchmarkIndex;
const slowdown = Math.min(4, Math.max(1, (4 * index) / 1750)).toFixed(2);
console.log(`benchmark index ${Math.round(index)} -> CPU slowdown ${slowdown}x`);

for (const who of PAGES) {
  const cookie = await sessionCookie(who);
  for (const p of who.paths.filter((p) => !only.length || only.includes(p))) {
    for (let i = 0; i < runs; i++) {
      const r = run(`${base}${p}`, [
        `--throttling.cpuSlowdownMultiplier=${slowdown}`,
        '--only-categories=performance',
        `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      ]);
      const a = r.audits;
      const scripts = (a['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script').length;
      console.log(
        `${p.padEnd(32)} performance ${Math.round(r.categories.performance.score * 100)}  FCP ${a['first-contentful-paint'].displayValue}  SI ${a['speed-index'].displayValue}  LCP ${a['largest-contentful-paint'].displayValue}  TBT ${a['total-blocking-time'].displayValue}  CLS ${a['cumulative-layout-shift'].displayValue}  scripts ${scripts}  bytes ${Math.round(a['total-byte-weight'].numericValue / 1024)} KB`,
      );
    }
  }
}
