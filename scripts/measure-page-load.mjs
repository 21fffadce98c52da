// What a person on a phone waits for on the signed-in pages (docs/performance.md): in Chromium with DevTools'
// network emulation and a 4x CPU slowdown, the time from navigation start until the screen's heading, drawn by the
// app, is shown, and until its first rows are. node scripts/measure-page-load.mjs BASE [BASE ...] (each a running
// app with the demo data): for each run, network and page, the builds are measured one after the other (A, B, A,
// B ...; the first one alternating), so a busy machine weighs on them alike. Signs in through the API, unthrottled,
// as each portal's demo account; each load has a fresh cache. RUNS (default 5), PAGES (a comma list) narrow it.
/* global window, document, innerHeight, requestAnimationFrame, performance -- run in the page */
import { chromium } from '@playwright/test';

const bases = process.argv.slice(2).map((b) => b.replace(/\/$/, ''));
if (!bases.length) throw new Error('usage: node scripts/measure-page-load.mjs BASE [BASE ...]');
const runs = Number(process.env.RUNS ?? 5);
const NETWORKS = [
  { name: '1.6 Mbps, 150 ms', latency: 150, bps: 1.6e6 },
  { name: '9 Mbps, 60 ms', latency: 60, bps: 9e6 },
];
const ACCOUNTS = {
  user: { email: 'student@campus.test', password: 'student123' },
  personnel: { email: 'electrician@campus.test', password: 'personnel123' },
  admin: { email: 'admin@campus.test', password: 'admin123' },
};
// Each page: its portal, its heading, and what stands for its first rows once its data is in (the first element
// matching `rows` whose text matches `text`).
const ALL = [
  { path: '/users', portal: 'user', heading: 'User Dashboard', rows: '.gso-stat-value', text: '\\d' },
  { path: '/users/borrow-item', portal: 'user', heading: 'Borrow Items', rows: 'h3', text: '.' },
  { path: '/personnel', portal: 'personnel', heading: 'Personnel Dashboard', rows: 'p', text: 'assigned to you' },
  { path: '/personnel/maintenance-repairs', portal: 'personnel', heading: 'Maintenance & Repairs', rows: '*', text: '^RPR-\\d+$' },
  { path: '/admin', portal: 'admin', heading: 'Dashboard', rows: '.gso-stat-value', text: '\\d' },
  { path: '/admin/requests', portal: 'admin', heading: 'Service Requests', rows: '*', text: '^REQ-\\d+$' },
  { path: '/admin/inventory', portal: 'admin', heading: 'Inventory', rows: '.gso-stat-value', text: '\\d' },
];
const only = process.env.PAGES?.split(',');
const pages = ALL.filter((p) => !only || only.includes(p.path));

/**
 * Runs in the page before its own scripts: notes when the app's heading (an h1 with the heading's words, put in
 * the page by a script, not by the parser: a page drawn before the app is not the app) is first the topmost thing
 * at its place, and when the first of its rows is.
 */
function watch({ heading, rows, text }) {
  const seen = { heading: 0, rows: 0 };
  window.__seen = seen;
  // What the parser made, noted once it is done (before any module script runs). A mutation observer cannot tell:
  // the parser's last records may be delivered after the document stops loading.
  const parsed = new WeakSet();
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') for (const el of document.querySelectorAll('*')) parsed.add(el);
  });
  const added = (el) => document.readyState !== 'loading' && !parsed.has(el);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.top >= innerHeight) return false;
    const top = document.elementFromPoint(r.left + Math.min(r.width, 20) / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top));
  };
  const row = new RegExp(text);
  const rowsOf = () => [...document.querySelectorAll(`main ${rows}`)].filter((r) => !r.children.length && row.test(r.textContent.trim()));
  const look = (t) => {
    if (!seen.heading) {
      const h = [...document.querySelectorAll('main h1')].find((h) => h.textContent.trim() === heading && added(h));
      if (h && shown(h)) seen.heading = t;
    }
    if (!seen.rows && rowsOf().some((r) => added(r) && shown(r))) seen.rows = t;
    if (!seen.heading || !seen.rows) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

async function session(base, portal) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ACCOUNTS[portal], portal }),
  });
  if (!res.ok) throw new Error(`signing in at ${base} as ${portal} answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const [name, ...value] = c.split(';')[0].split('=');
    return { name, value: value.join('='), url: base };
  });
}

const launch = () => chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
let browser = await launch();
const cookies = new Map();
for (const base of bases) for (const portal of Object.keys(ACCOUNTS)) cookies.set(`${base} ${portal}`, await session(base, portal));

async function measure(base, page, network) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies(cookies.get(`${base} ${page.portal}`));
  const tab = await context.newPage();
  await tab.addInitScript(watch, page);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latency,
    downloadThroughput: network.bps / 8,
    uploadThroughput: network.bps / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await tab.goto(base + page.path, { waitUntil: 'commit' });
    await tab.waitForFunction(() => window.__seen?.heading && window.__seen.rows, null, { timeout: 60_000, polling: 100 });
    return await tab.evaluate(() => ({
      ...window.__seen,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
  } finally {
    await context.close();
  }
}

const results = new Map();
for (let run = 0; run < runs; run++) {
  for (const network of NETWORKS) {
    for (const page of pages) {
      const order = run % 2 ? [...bases].reverse() : bases;
      for (const base of order) {
        const key = `${network.name}|${page.path}|${base}`;
        const got = await measure(base, page, network).catch((err) => ({ error: String(err).split('\n')[0] }));
        if (got.error) console.error(`${key}: ${got.error}`);
        else
          console.error(`${key}: paint ${got.paint.toFixed(0)} ms, heading ${got.heading.toFixed(0)} ms, rows ${got.rows.toFixed(0)} ms`);
        if (!browser.isConnected()) browser = await launch();
        else (results.get(key) ?? results.set(key, []).get(key)).push(got);
      }
    }
  }
  console.error(`run ${run + 1} of ${runs} done`);
}
await browser.close();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const secs = (ms) => (ms / 1000).toFixed(2);
for (const network of NETWORKS) {
  console.log(`\n${network.name}, CPU 4x: median over ${runs} runs (first paint / heading / first rows, s)`);
  console.log(`| Page | ${bases.map((b) => `${b} paint | heading | rows`).join(' | ')} |`);
  for (const page of pages) {
    const cells = bases.map((base) => {
      const r = results.get(`${network.name}|${page.path}|${base}`) ?? [];
      return ['paint', 'heading', 'rows'].map((k) => secs(median(r.map((x) => x[k])))).join(' | ');
    });
    console.log(`| \`${page.path}\` | ${cells.join(' | ')} |`);
  }
}
