/**
 * How the app's lazily loaded code is grouped into chunks (docs/performance.md): by the set of portals
 * that reach a module. A portal's screens, the features they share with other portals and the library parts they
 * use come as a few chunks ("admin", "admin-personnel", "admin-personnel-user", each with its "vendor-" twin)
 * instead of one file per screen and per shared piece, so a phone makes a few requests, not eighty. A portal still
 * never loads another portal's screens, what a screen loads only when needed (the assistant, the QR
 * decoder) stays apart, and the public pages' own code stays as the entries load it.
 *
 * A module's portals always include those of every module importing it, so these chunks import only chunks of the
 * same or more portals: the groups cannot import each other in a circle.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** What the chunking pass tells about a module (rolldown's ModuleInfo, the fields used here). */
interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
type GetModuleInfo = (id: string) => ModuleInfo | null;

const PORTAL_DIR = /client[\\/]portals[\\/](user|personnel|admin|public)[\\/]/;
const PUBLIC_SCREEN = /client[\\/]portals[\\/]public[\\/]/;
const SHARED_WITH_PUBLIC = /^(?!.*node_modules)|node_modules[\\/]@tabler[\\/]/;
const ROUTER_LIBRARY = /node_modules[\\/](react-router|react-router-dom)[\\/]/;
const ROUTER = `client${path.sep}app${path.sep}router.tsx`;

/** "admin-personnel", "all" for every signed-in portal, and a short mark of the lazily loaded pieces among them. */
function chunkName(reach: string[]): string {
  const portals = reach.filter((r) => !r.startsWith('lazy.'));
  const lazy = reach.filter((r) => r.startsWith('lazy.'));
  const signedIn = portals.filter((p) => p !== 'public');
  const name = [signedIn.length === 3 ? 'all' : signedIn.join('-'), portals.includes('public') ? 'public' : ''].filter(Boolean);
  if (lazy.length) name.push(`lazy${createHash('sha1').update(lazy.join()).digest('hex').slice(0, 4)}`);
  return name.join('-');
}

/**
 * The chunk names of one chunking pass. `initial(id)` is told each module the page loads at once (rolldown's
 * `$initial` tag: statically imported by an entry, as far as the entry uses it); `name(id)` names the rest.
 */
export function portalChunks(getModuleInfo: GetModuleInfo) {
  const initial = new Set<string>();
  const portals = new Map<string, Set<string>>();

  /** The portals whose screens reach the module, through static or dynamic imports. */
  function portalsOf(id: string, seen = new Set<string>()): Set<string> {
    const known = portals.get(id);
    if (known) return known;
    const own = PORTAL_DIR.exec(id)?.[1];
    if (own) return new Set([own]);
    const result = new Set<string>();
    if (seen.has(id)) return result;
    seen.add(id);
    const info = getModuleInfo(id);
    // Through a module the page loads at once too: a library's index is imported by the entries and the portals.
    for (const importer of info?.importers ?? []) portalsOf(importer, seen).forEach((p) => result.add(p));
    for (const importer of info?.dynamicImporters ?? []) {
      // A screen the router loads itself (a unit's page, a printable page) serves every signed-in portal;
      // what a screen loads only when it is needed (the assistant, the QR decoder) stays apart.
      if (importer.endsWith(ROUTER)) ['user', 'personnel', 'admin'].forEach((p) => result.add(p));
      else result.add(`lazy.${path.basename(id).replace(/\.[^.]*$/, '')}`);
    }
    if (seen.size === 1) portals.set(id, result);
    return result;
  }

  return {
    initial: (id: string) => {
      initial.add(id);
      return null;
    },
    name: (id: string): string | null => {
      // A public page's screen stays a chunk of its own: the pre-rendered pages preload it by name.
      if (PUBLIC_SCREEN.test(id)) return null;
      const reach = [...portalsOf(id)].sort();
      if (!reach.length) return null;
      // The small pieces the public pages load at once and the portals use too (the brand, an alert, icons): one
      // chunk rather than a file each. Libraries the public pages load stay as they are (no router among them).
      // The router, loaded at once by the app's entry and used by the public screens the landing page's maintenance
      // dialog shares code with, is a chunk of its own: left in the entry's chunk, importing it there would start the
      // whole app on the landing page (a second dialog).
      if (initial.has(id)) return SHARED_WITH_PUBLIC.test(id) ? 'common' : ROUTER_LIBRARY.test(id) ? 'vendor-router' : null;
      const name = chunkName(reach);
      return /[\\/]node_modules[\\/]/.test(id) ? `vendor-${name}` : name;
    },
  };
}
