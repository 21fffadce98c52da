// Renders the landing page and the sign-in pages to HTML at build time, so their first paint needs no
// JavaScript (Lighthouse). Their own small entries (client/landing.tsx, client/signin.tsx) then hydrate them.
// Other paths get app.html, the app's shell. Run after `vite build` (see ensure-build.mjs and the build script).
import fs from 'node:fs';
import { renderToString } from 'react-dom/server';
import { LandingRoot } from '../client/app/LandingRoot';
import { SIGN_IN_PAGES, SignInRoot } from '../client/app/SignInRoot';
import { dir, graphOf, prerendered } from './prerenderPage';

// The light entries' pages are readable before their scripts arrive, so the scripts are not preloaded to compete
// with them for the network.
const light = (html: string) => html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
fs.writeFileSync(`${dir}/index.html`, light(await prerendered('index.html', renderToString(<LandingRoot />))));
const appShell = fs.readFileSync(`${dir}/app.html`, 'utf8');
fs.mkdirSync(`${dir}/pages`, { recursive: true });
for (const [path, { title }] of Object.entries(SIGN_IN_PAGES)) {
  fs.writeFileSync(`${dir}/pages${path}.html`, light(await prerendered('signin.html', renderToString(<SignInRoot path={path} />), title)));
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
