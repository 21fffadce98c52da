// Renders the signed-in portal pages to HTML at build time (docs/performance.md): each portal's frame and, for each
// screen that declares its heading (core/site/pageHeads.ts), that heading, through the app's own components
// (client/app/DrawnPortalPage.tsx), with the stylesheets inline. Each page names its code as the app's shell does,
// the portal's chunks too, and preloads who is signed in and the screen's first data, so all of it is fetched with
// the page. The server serves dist/client/signed-in/<path>.html at a screen's plain address and
// dist/client/signed-in/frame/<portal>.html at the portal's other addresses, to a browser with a session.
// Run after `vite build` (the build script).
import fs from 'node:fs';
import { renderToString } from 'react-dom/server';
import { PORTAL_HOME, type Portal } from '../core/roles';
import { PAGE_HEADS } from '../core/site/pageHeads';
import { DrawnPortalPage, FIRST_DATA } from '../client/app/DrawnPortalPage';
import type { PortalFrame } from '../client/ui/portalFrame';
import { ADMIN_PORTAL } from '../client/portals/admin/nav';
import { PERSONNEL_PORTAL } from '../client/portals/personnel/nav';
import { USER_PORTAL } from '../client/portals/user/nav';
import { dir, graphOf, manifest, prerendered } from './prerenderPage';

const FRAMES: Record<Portal, PortalFrame> = { user: USER_PORTAL, personnel: PERSONNEL_PORTAL, admin: ADMIN_PORTAL };

const loadedWithApp = graphOf('app.html');
/** The portal's chunk (named after it: vite.config.ts, scripts/portalChunks.ts) and what it loads beside the app's own. */
function portalChunks(portal: Portal) {
  const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === portal);
  if (!key) throw new Error(`no chunk is named ${portal} in the build manifest`);
  return [...graphOf(key)].filter((f) => f.endsWith('.js') && !loadedWithApp.has(f));
}

async function write(file: string, portal: Portal, path: string, title?: string) {
  const fetched = ['/api/auth/me', ...(FIRST_DATA[path] ?? [])].map(
    (url) => `<link rel="preload" href="${url.replace(/&/g, '&amp;')}" as="fetch" crossorigin="anonymous" />\n`,
  );
  const chunks = portalChunks(portal).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">\n`);
  const html = (await prerendered('app.html', renderToString(<DrawnPortalPage frame={FRAMES[portal]} path={path} />), title))
    .replace('<script type="module"', () => `${fetched.join('')}<script type="module"`)
    .replace('<script type="module"', () => `${chunks.join('')}<script type="module"`);
  fs.mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
  fs.writeFileSync(file, html);
}

const portalOf = (path: string) =>
  (Object.keys(PORTAL_HOME) as Portal[]).find((p) => path === PORTAL_HOME[p] || path.startsWith(`${PORTAL_HOME[p]}/`))!;
for (const [path, { title }] of Object.entries(PAGE_HEADS)) await write(`${dir}/signed-in${path}.html`, portalOf(path), path, title);
// Nothing of the nav is current there: a portal's other pages show the frame alone until the app draws the screen.
for (const portal of Object.keys(FRAMES) as Portal[])
  await write(`${dir}/signed-in/frame/${portal}.html`, portal, `${PORTAL_HOME[portal]}/-`);
