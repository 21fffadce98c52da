/**
 * The `Link` header of a portal's page (docs/performance.md): who is signed in, fetched beside the code, and the
 * portal's chunks, preloaded beside the app's entry rather than once the router has asked for them. The chunks are
 * read from the build's manifest: the one named after the portal (vite.config.ts, scripts/portalChunks.ts) and
 * everything it imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PORTAL_HOME, type Portal } from '../../core/roles';

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

const WHO = '</api/auth/me>; rel=preload; as=fetch; crossorigin=anonymous';

export function portalPreloads(clientDir: string): (pathname: string) => string | undefined {
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
    return [...files];
  };
  const headers = new Map(
    (Object.entries(PORTAL_HOME) as [Portal, string][]).map(([portal, home]) => [
      home,
      [WHO, ...chunksOf(portal).map((f) => `</${f}>; rel=modulepreload`)].join(', '),
    ]),
  );
  return (pathname) => {
    for (const [home, header] of headers) if (pathname === home || pathname.startsWith(`${home}/`)) return header;
    return undefined;
  };
}
