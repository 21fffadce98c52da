// Renders the landing page and the sign-in pages to HTML at build time, so their first paint needs no
// JavaScript (Lighthouse). Their own small entries (client/landing.tsx, client/signin.tsx) then hydrate them.
// Other paths get app.html, the app's shell. Run after `vite build` (see ensure-build.mjs and the build script).
import fs from 'node:fs';
import { renderToString } from 'react-dom/server';
import { LandingRoot } from '../client/app/LandingRoot';
import { SIGN_IN_PAGES, SignInRoot } from '../client/app/SignInRoot';

const dir = 'dist/client';

/**
 * A light entry's shell filled with its page's markup. The stylesheet comes inline (one round trip less before
 * the first paint), and the page is readable before its scripts arrive, so they are not preloaded to compete
 * with it for the network.
 */
function prerendered(shellFile: string, markup: string, title?: string) {
  const shell = fs.readFileSync(`${dir}/${shellFile}`, 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error(`${dir}/${shellFile} has no empty #root to fill`);
  const cssLinks = [...shell.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g)];
  if (!cssLinks.length) throw new Error(`${dir}/${shellFile} has no stylesheet link`);
  const css = cssLinks.map(([, href]) => fs.readFileSync(`${dir}${href}`, 'utf8')).join('\n');
  return shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(cssLinks[0][0], () => `<style>${css}</style>`)
    .replace(/\s*<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/g, '')
    .replace('<title>Campus GSO</title>', () => (title ? `<title>${title} | Campus GSO</title>` : '<title>Campus GSO</title>'))
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

fs.writeFileSync(`${dir}/index.html`, prerendered('index.html', renderToString(<LandingRoot />)));
const appShell = fs.readFileSync(`${dir}/app.html`, 'utf8');
fs.mkdirSync(`${dir}/pages`, { recursive: true });
for (const [path, { title }] of Object.entries(SIGN_IN_PAGES)) {
  fs.writeFileSync(`${dir}/pages${path}.html`, prerendered('signin.html', renderToString(<SignInRoot path={path} />), title));
}

// The public pages are entered directly (a link in an email, a bookmark), so each gets its own copy of the
// shell that fetches its screen's chunks beside the app's code instead of after it: one round trip less
// before the first paint. The server serves dist/client/pages/<path>.html.
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
for (const [page, source] of Object.entries(PUBLIC_SCREENS)) {
  const preloads = [...graphOf(source)]
    .filter((f) => !loadedWithApp.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  fs.writeFileSync(
    `${dir}/pages/${page}.html`,
    appShell.replace('</head>', () => `${preloads.join('\n')}\n</head>`),
  );
}
