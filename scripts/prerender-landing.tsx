// Renders the landing page to HTML at build time, so the first paint of "/" needs no JavaScript
// (Lighthouse). Its own small entry (client/landing.tsx) then hydrates it. Other paths get app.html,
// the app's shell. Run after `vite build` (see ensure-build.mjs and the build script).
import fs from 'node:fs';
import { renderToString } from 'react-dom/server';
import { LandingRoot } from '../client/app/LandingRoot';

const dir = 'dist/client';
const shell = fs.readFileSync(`${dir}/index.html`, 'utf8');
const html = renderToString(<LandingRoot />);
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/client/index.html has no empty #root to fill');
const appShell = fs.readFileSync(`${dir}/app.html`, 'utf8');
// The landing page also carries its stylesheet inline: one round trip less before the first paint.
const cssLink = shell.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
if (!cssLink) throw new Error('dist/client/index.html has no stylesheet link');
const css = fs.readFileSync(`${dir}${cssLink[1]}`, 'utf8');
fs.writeFileSync(
  `${dir}/index.html`,
  shell
    // The page is readable before its scripts arrive, so they need not compete with it for the network.
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(cssLink[0], () => `<style>${css}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`),
);

// The public pages are entered directly (a link in an email, a bookmark), so each gets its own copy of the
// shell that fetches its screen's chunks beside the app's code instead of after it: one round trip less
// before the first paint. (The sign-in screens are part of the app's entry; see router.tsx.) The server serves dist/client/pages/<path>.html.
const PUBLIC_SCREENS: Record<string, string> = {
  register: 'portals/public/Register.tsx',
  'verify-email': 'portals/public/VerifyUserEmail.tsx',
  'verify-personnel-email': 'portals/public/VerifyPersonnelEmail.tsx',
  maintenance: 'portals/public/Maintenance.tsx',
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(`${dir}/.vite/manifest.json`, 'utf8'));
/** The chunk files a module loads, itself included. */
const graphOf = (key: string, into = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: is it still an entry or a lazy route?`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const k of chunk.imports ?? []) graphOf(k, into);
  return into;
};
const loadedWithApp = graphOf('app.html');
fs.mkdirSync(`${dir}/pages`, { recursive: true });
for (const [page, source] of Object.entries(PUBLIC_SCREENS)) {
  const preloads = [...graphOf(source)]
    .filter((f) => !loadedWithApp.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  fs.writeFileSync(
    `${dir}/pages/${page}.html`,
    appShell.replace('</head>', () => `${preloads.join('\n')}\n</head>`),
  );
}
