/**
 * The layout's arrows: which part of the code may import which (docs/ARCHITECTURE.md, Layers and their arrows).
 * One rules file: ESLint's layout/import-boundaries rule (eslint.config.js) asks `importProblem` about every import,
 * and tests/unit/import-cycles.test.ts checks the code against it, with no loop between modules nor between features.
 * Paths are relative to the repository root, with forward slashes.
 */

/** The layer a file belongs to, or null for files outside the layers (tests, scripts, e2e, configuration). */
export function layerOf(file) {
  if (file.startsWith('core/')) return 'core';
  const client = /^client\/(app|features|portals|ui|lib)\//.exec(file);
  if (client) return `client/${client[1]}`;
  if (file.startsWith('client/')) return 'client/entry';
  const server = /^server\/(modules|seed|db|lib|plugins)\//.exec(file);
  if (server) return `server/${server[1]}`;
  if (/^server\/(config|errors|context|ports)(\.ts)?$/.test(file)) return 'server/base';
  if (file.startsWith('server/')) return 'server/top';
  return null;
}

/**
 * What each layer may import besides itself. The server's base is config.ts, errors.ts, context.ts (the services
 * every module is given) and ports.ts (their types, and the holds modules offer the ones below them); its top,
 * app.ts and main.ts, composes everything.
 */
export const LAYERS = {
  core: [],
  'client/lib': ['core'],
  'client/ui': ['core', 'client/lib'],
  'client/features': ['core', 'client/lib', 'client/ui'],
  'client/portals': ['core', 'client/lib', 'client/ui', 'client/features'],
  'client/app': ['core', 'client/lib', 'client/ui', 'client/features', 'client/portals'],
  'client/entry': ['core', 'client/lib', 'client/ui', 'client/features', 'client/portals', 'client/app'],
  'server/base': ['core'],
  'server/db': ['core', 'server/base'],
  'server/lib': ['core', 'server/base', 'server/db'],
  'server/plugins': ['core', 'server/base', 'server/db', 'server/lib'],
  'server/modules': ['core', 'server/base', 'server/db', 'server/lib', 'server/plugins'],
  'server/seed': ['core', 'server/base', 'server/db', 'server/lib', 'server/modules'],
  'server/top': ['core', 'server/base', 'server/db', 'server/lib', 'server/plugins', 'server/modules', 'server/seed'],
};

const WHY = {
  core: 'core/ is the pure domain, imported by both sides; it imports neither.',
  'client/ui': 'ui/ holds building blocks; features compose them, not the other way round.',
  'server/db':
    'The database layer (schema, migrations, search) is below the modules; the demo seed, which goes through them, is in server/seed/.',
};

/**
 * The server modules, each with the modules it may reach (through their face, index.ts, only). The
 * arrows run one way: a module never reaches one that builds on it. A module below that needs a word from one
 * above is given it through ctx (ctx.accountHolds, ctx.itemHolds), wired in server/app.ts.
 */
export const MODULES = {
  departments: [],
  accounts: ['departments'],
  auth: ['accounts'],
  activity: ['accounts'],
  designations: ['accounts'],
  inventory: ['locations'],
  locations: [],
  borrowing: ['accounts', 'activity', 'departments', 'inventory', 'repairs'],
  repairs: ['accounts', 'activity', 'locations'],
  schedule: ['accounts', 'repairs'],
  forms: ['locations', 'repairs'],
  assistant: ['borrowing', 'repairs', 'schedule'],
  dashboard: ['accounts', 'borrowing', 'inventory', 'repairs'],
  site: ['accounts', 'borrowing', 'inventory', 'repairs'],
  maintenance: ['accounts', 'designations', 'forms', 'inventory', 'locations', 'schedule'],
  calendar: ['accounts', 'borrowing', 'schedule'],
  reports: ['accounts', 'borrowing', 'departments', 'repairs'],
  custody: ['accounts', 'activity', 'inventory', 'locations'],
  push: ['accounts'],
  webhooks: ['accounts', 'borrowing', 'inventory', 'repairs'],
};

export const moduleOf = (file) => /^server\/modules\/([^/]+)(\/|$)/.exec(file)?.[1] ?? null;

/** A module's face: its index.ts, imported as the folder (`../borrowing`) or by name. */
const isFace = (file) => /^server\/modules\/[^/]+(\/index(\.ts)?)?$/.test(file);

/**
 * The browser app's features (client/features/<feature>), each with the features it may import. As between the
 * server's modules, the arrows run one way. What a write must refresh in another feature goes through the query keys
 * in client/lib/queryKeys.ts; a screen that needs two features that do not know each other is composed by its portal.
 */
export const FEATURES = {
  site: [],
  assistant: [],
  calendar: [],
  designations: [],
  departments: [],
  maintenance: [],
  auth: ['site'],
  activity: ['site'],
  dashboard: ['site'],
  forms: ['site'],
  labels: ['site'],
  locations: ['site'],
  reports: ['site'],
  scan: ['site'],
  tokens: ['site'],
  webhooks: [],
  notifications: ['auth', 'site'],
  push: [],
  accounts: ['auth', 'calendar', 'departments', 'push'],
  inventory: ['auth', 'labels', 'locations', 'site'],
  repairs: ['assistant', 'auth', 'locations', 'site'],
  schedule: ['auth', 'repairs', 'site'],
  borrowing: ['auth', 'departments', 'inventory', 'scan', 'site'],
  counts: ['auth', 'locations', 'scan', 'site'],
};

export const featureOf = (file) => /^client\/features\/([^/]+)(\/|$)/.exec(file)?.[1] ?? null;

/**
 * A feature's face: the files other features may import from it (their names without the extension), and no
 * others. Named here rather than re-exported by an index, so that an import brings only the file it names: the
 * build groups the app's code by which entries and portals reach each file (scripts/portalChunks.ts), and an index
 * would make every file it names look reached by each importer (docs/decisions/client-features.md).
 */
export const FEATURE_FACES = {
  assistant: ['api'],
  auth: ['api'],
  calendar: ['CalendarFeedCard'],
  push: ['PushSettingsCard'],
  departments: ['api', 'DepartmentFilter', 'DepartmentName', 'DepartmentSelect'],
  inventory: ['api', 'CategoryFilter', 'ItemPhoto'],
  labels: ['PrintLabelsModal'],
  locations: ['api', 'PlaceFilter'],
  repairs: ['RepairParts'],
  scan: ['ScanDialog', 'targets'],
  site: ['api', 'useCampusTime', 'useCampusToday', 'CampusMapButton', 'KeptCopyNote'],
};

const isFeatureFace = (file) => {
  const [, feature, name] = /^client\/features\/([^/]+)\/([^/]+?)(\.tsx?)?$/.exec(file) ?? [];
  return (FEATURE_FACES[feature] ?? []).includes(name);
};

/**
 * Why importing `to` from `from` breaks the layout, or null when it does not. A type-only import crosses layers
 * freely inside one side (it vanishes at build: context.ts names the services' types), but never from the browser
 * app into the server, and never against the arrows between modules or between features.
 */
const FACE = 'Another module is reached only through its face, the index.ts that names what other modules may use.';

export function importProblem(from, to, typeOnly = false) {
  if (from.startsWith('client/') && to.startsWith('server/'))
    return 'The browser app talks to the server over HTTP only; shared types come from core/.';
  if (from.startsWith('core/') && !to.startsWith('core/')) return WHY.core;
  const [a, b] = [layerOf(from), layerOf(to)];
  const [ma, mb] = [moduleOf(from), moduleOf(to)];
  if (a === 'client/features' && b === a) {
    const [fa, fb] = [featureOf(from), featureOf(to)];
    if (fa === fb) return null;
    if (!isFeatureFace(to)) return 'Another feature is reached only through its face, the files FEATURE_FACES names for it (layout.mjs).';
    if ((FEATURES[fa] ?? []).includes(fb)) return null;
    return `The ${fa} feature may not import ${fb} (layout.mjs, FEATURES): the arrows between features run one way.`;
  }
  if (!a || !b || a === b) {
    if (!ma || !mb || ma === mb) return null;
    if (!isFace(to)) return FACE;
    if ((MODULES[ma] ?? []).includes(mb)) return null;
    return `The ${ma} module may not reach ${mb} (layout.mjs, MODULES): the arrows between modules run one way.`;
  }
  if (typeOnly && a.split('/')[0] === b.split('/')[0]) return null;
  if (!(LAYERS[a] ?? []).includes(b)) return WHY[a] ?? `${a} may not import ${b} (layout.mjs, LAYERS).`;
  // The app and the seed reach a module as other modules do; tests and scripts may look inside.
  return mb && !isFace(to) ? FACE : null;
}
