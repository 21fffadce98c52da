/**
 * The `Link` header of a portal's page (docs/performance.md): who is signed in and the data the screen shows first,
 * fetched beside the code, and the portal's chunks, preloaded beside the app's entry rather than once the router has
 * asked for them. The chunks are read from the build's manifest: the one named after the portal (vite.config.ts,
 * scripts/portalChunks.ts) and everything it imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_CHART_PERIOD } from '../../core/dashboard/chartSummaries';
import { PORTAL_HOME, type Portal } from '../../core/roles';

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

const fetched = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`;
const WHO = fetched('/api/auth/me');

/**
 * What the busiest screens ask for first at their plain address (no query), exactly as they ask for it:
 * e2e/portal-loading.spec.ts checks that each is the request the screen makes, so the preload is used.
 */
const SCREEN_DATA: Record<string, string[]> = {
  // A dashboard's chart, whose summary in words is the largest thing on a phone's first screen.
  '/users': ['/api/dashboard/user', `/api/dashboard/charts/user?period=${FIRST_CHART_PERIOD}`, '/api/activity?page=1&pageSize=5'],
  '/users/borrow-item': ['/api/items?category=all&page=1&pageSize=24'],
  '/personnel': ['/api/designations', `/api/dashboard/charts/personnel?period=${FIRST_CHART_PERIOD}`, '/api/activity?page=1&pageSize=5'],
  '/personnel/maintenance-repairs': ['/api/repairs/assigned?status=all&page=1&pageSize=20'],
  '/admin': ['/api/dashboard/admin', `/api/dashboard/charts/office?period=${FIRST_CHART_PERIOD}`, '/api/activity?page=1&pageSize=5'],
  '/admin/requests': ['/api/borrow-requests?status=all&page=1&pageSize=20'],
  '/admin/inventory': ['/api/items?category=all&page=1&pageSize=20'],
};

/** A portal page's preloads, and its portal's chunks (the portal shell asks for them itself, after its first paint). */
export interface PortalPreloads {
  /**
   * The `Link` header. `withData`: the screen's first data too. `codeAfterPaint`: the page asks for its code once it
   * has painted (the portal shell, server/lib/portalShell.ts), so the header leaves the chunks out.
   */
  header(pathname: string, options: { withData: boolean; codeAfterPaint: boolean }): string | undefined;
  /** The addresses of the chunks of the portal `pathname` belongs to (none for other pages). */
  chunks(pathname: string): string[];
}

export function portalPreloads(clientDir: string): PortalPreloads {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const chunksOf = (portal: Portal) => {
    const start = Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === portal);
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file) || !chunk.file.endsWith('.js')) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    if (start) visit(start);
    return [...files].map((f) => `/${f}`);
  };
  const portals = (Object.entries(PORTAL_HOME) as [Portal, string][]).map(([portal, home]) => ({ home, chunks: chunksOf(portal) }));
  const portalOf = (pathname: string) => portals.find(({ home }) => pathname === home || pathname.startsWith(`${home}/`));
  return {
    header: (pathname, { withData, codeAfterPaint }) => {
      const portal = portalOf(pathname);
      if (!portal) return undefined;
      const code = codeAfterPaint ? [] : portal.chunks.map((chunk) => `<${chunk}>; rel=modulepreload`);
      const data = withData ? (SCREEN_DATA[pathname] ?? []) : [];
      return [WHO, ...code, ...data.map(fetched)].join(', ');
    },
    chunks: (pathname) => portalOf(pathname)?.chunks ?? [],
  };
}
