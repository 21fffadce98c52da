// Renders the landing page to HTML at build time, so the first paint of "/" needs no JavaScript
// (Lighthouse). The browser app then mounts over it with the same layout. Other paths get app.html,
// the plain shell. Run after `vite build` (see ensure-build.mjs and the build script).
import fs from 'node:fs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from '../client/app/providers';
import { Landing } from '../client/portals/public/Landing';

const dir = 'dist/client';
const shell = fs.readFileSync(`${dir}/index.html`, 'utf8');
const html = renderToString(
  <Providers>
    <StaticRouter location="/">
      <Landing />
    </StaticRouter>
  </Providers>,
);
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/client/index.html has no empty #root to fill');
fs.writeFileSync(`${dir}/app.html`, shell);
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
