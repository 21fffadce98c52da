import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { FEATURE_FACES, FEATURES, featureOf, importProblem, moduleOf, MODULES } from '../../layout.mjs';

/**
 * No import cycles in the source tree (type-only imports excepted: they vanish at build), no loop between server
 * modules nor between the browser app's features (type-only imports included), and the layout's rules (layout.mjs,
 * enforced by the ESLint rule layout/import-boundaries) hold for every import and catch what they should.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PARTS = ['client', 'core', 'server', 'scripts'];
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?(?:([^'";]*?)\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/**
 * An import is type-only when it says so (`import type`), or when every name it brings is a type
 * (`import { type A, type B }`): the build drops both.
 */
type Edge = { from: string; to: string; typeOnly: boolean; typesOnly?: boolean };
const namesAreTypes = (clause: string | undefined) =>
  /^\{[^}]*\}$/.test(clause?.trim() ?? '') &&
  clause!
    .replace(/[{}]/g, '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .every((n) => n.startsWith('type '));

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(full) : /\.(tsx?|mjs)$/.test(e.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return EXTENSIONS.map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

const edges: Edge[] = PARTS.flatMap((part) => filesOf(path.join(root, part))).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((m) => {
    const to = resolve(file, m[4] ?? m[5]);
    return to ? [{ from: rel(file), to: rel(to), typeOnly: Boolean(m[2]), typesOnly: Boolean(m[2]) || namesAreTypes(m[3]) }] : [];
  }),
);

function cycles(of: Edge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const e of of.filter((x) => !x.typeOnly)) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import cycles', () => {
  it('reads the imports of the source tree', () => {
    expect(edges.some((e) => e.from.startsWith('server/modules/borrowing/') && e.to.startsWith('core/borrowing/'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('client/') && e.to.startsWith('core/'))).toBe(true);
  });

  it('finds none', () => {
    expect(cycles(edges).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('would find one, but not through a type-only import', () => {
    const loop = (typeOnly: boolean): Edge[] => [
      { from: 'a.ts', to: 'b.ts', typeOnly: false },
      { from: 'b.ts', to: 'a.ts', typeOnly },
    ];
    expect(cycles(loop(false))).toEqual([['a.ts', 'b.ts', 'a.ts']]);
    expect(cycles(loop(true))).toEqual([]);
  });
});

/** The files a file's code reaches through imports the build keeps, the file itself included. */
function reach(from: string[], of: Edge[]): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  for (const file of queue)
    for (const e of of.filter((x) => x.from === file && !x.typesOnly && !seen.has(x.to))) {
      seen.add(e.to);
      queue.push(e.to);
    }
  return seen;
}

describe("the browser's code", () => {
  /** The core modules that build the API's schemas with zod's full build (the server's contract, for OpenAPI). */
  const schemaModules = edges
    .filter((e) => e.from.startsWith('core/') && /from\s+'zod'/.test(fs.readFileSync(path.join(root, e.from), 'utf8')))
    .map((e) => e.from);

  // A screen that imports a constant from such a module makes every phone build all of its schemas as the page loads
  // (docs/performance.md): the bundler keeps them, as it cannot tell that zod's calls have no side effects.
  it("reaches none of the API's schema modules, only rules and constants", () => {
    const clientFiles = [...new Set(edges.filter((e) => e.from.startsWith('client/')).map((e) => e.from))];
    expect(schemaModules).toContain('core/borrowing/schemas.ts');
    expect([...reach(clientFiles, edges)].filter((f) => schemaModules.includes(f))).toEqual([]);
  });

  it('would find one reached through a constant, but not through types', () => {
    const files = (typesOnly: boolean): Edge[] => [
      { from: 'client/a.tsx', to: 'core/x/rules.ts', typeOnly: false },
      { from: 'core/x/rules.ts', to: 'core/x/schemas.ts', typeOnly: false, typesOnly },
    ];
    expect(reach(['client/a.tsx'], files(false)).has('core/x/schemas.ts')).toBe(true);
    expect(reach(['client/a.tsx'], files(true)).has('core/x/schemas.ts')).toBe(false);
  });
});

/** The parts (server modules, or client features) each part's files import (type-only imports included). */
function partGraph(of: Edge[], partOf: (file: string) => string | null = moduleOf): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of of) {
    const [a, b] = [partOf(e.from), partOf(e.to)];
    if (a && b && a !== b) graph.set(a, new Set([...(graph.get(a) ?? []), b]));
  }
  return graph;
}
const moduleGraph = (of: Edge[]) => partGraph(of, moduleOf);
const featureGraph = (of: Edge[]) => partGraph(of, featureOf);

const asEdges = (graph: Record<string, readonly string[]> | Map<string, Set<string>>): Edge[] =>
  [...(graph instanceof Map ? graph : new Map(Object.entries(graph)))].flatMap(([a, bs]) =>
    [...bs].map((b) => ({ from: a, to: b, typeOnly: false })),
  );

describe('module loops', () => {
  it('finds the modules the code imports', () => {
    expect(moduleGraph(edges).get('borrowing')?.has('inventory')).toBe(true);
  });

  it('finds no loop between the modules the code imports, nor between those layout.mjs allows', () => {
    expect(cycles(asEdges(moduleGraph(edges))).map((c) => c.join(' -> '))).toEqual([]);
    expect(cycles(asEdges(MODULES)).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('would find one between modules, even through files that do not loop', () => {
    const files: Edge[] = [
      { from: 'server/modules/a/service.ts', to: 'server/modules/b/queries.ts', typeOnly: false },
      { from: 'server/modules/b/service.ts', to: 'server/modules/a/queries.ts', typeOnly: true },
    ];
    expect(cycles(files)).toEqual([]);
    expect(cycles(asEdges(moduleGraph(files))).map((c) => c.join(' -> '))).toEqual(['a -> b -> a']);
  });
});

describe('feature loops', () => {
  it('finds the features the code imports', () => {
    expect(featureGraph(edges).get('borrowing')?.has('site')).toBe(true);
  });

  it('finds no loop between the features the code imports, nor between those layout.mjs allows', () => {
    expect(cycles(asEdges(featureGraph(edges))).map((c) => c.join(' -> '))).toEqual([]);
    expect(cycles(asEdges(FEATURES)).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('would find one between features, even through a type-only import', () => {
    const files: Edge[] = [
      { from: 'client/features/a/A.tsx', to: 'client/features/b/api.ts', typeOnly: false },
      { from: 'client/features/b/B.tsx', to: 'client/features/a/api.ts', typeOnly: true },
    ];
    expect(cycles(asEdges(featureGraph(files))).map((c) => c.join(' -> '))).toEqual(['a -> b -> a']);
  });

  it('names every feature folder, and only those', () => {
    const folders = fs
      .readdirSync(path.join(root, 'client/features'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(Object.keys(FEATURES).sort()).toEqual(folders.sort());
    for (const uses of Object.values(FEATURES)) for (const f of uses) expect(folders).toContain(f);
    for (const [feature, files] of Object.entries(FEATURE_FACES))
      for (const file of files)
        expect(resolve(path.join(root, 'client/features', feature, 'x'), `./${file}`), `${feature}/${file}`).toBeTruthy();
  });
});

describe('the layout (layout.mjs)', () => {
  it('holds for every import of the source tree', () => {
    expect(edges.filter((e) => importProblem(e.from, e.to, e.typeOnly)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});

describe('import boundaries (ESLint)', () => {
  const eslint = new ESLint({ cwd: root });
  const messages = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(root, file) }))[0].messages
      .filter((m) => m.ruleId === 'layout/import-boundaries')
      .map((m) => m.message);

  it.each([
    ['client/features/x/a.ts', "import { x } from '../../../server/app';", 'HTTP only'],
    ['core/x/a.ts', "import { x } from '../../server/app';", 'pure domain'],
    ['client/ui/A.tsx', "import { x } from '../features/borrowing/api';", 'building blocks'],
    ['server/modules/repairs/a.ts', "import { x } from '../borrowing/routes';", 'its face'],
    ['server/modules/repairs/a.ts', "import { x } from '../accounts/service';", 'its face'],
    ['server/seed/a.ts', "import { x } from '../modules/borrowing/approve';", 'its face'],
    ['server/modules/accounts/a.ts', "import { x } from '../borrowing';", 'arrows between modules run one way'],
    [
      'server/modules/accounts/a.ts',
      "import type { X } from '../repairs';\nconst x = 1 as unknown as X;",
      'arrows between modules run one way',
    ],
    ['server/db/a.ts', "import { x } from '../modules/accounts/service';", 'below the modules'],
    ['client/features/repairs/a.ts', "import { x } from '../locations/RoomFormModal';", 'Another feature is reached only through its face'],
    ['client/features/repairs/a.ts', "import { x } from '../locations';", 'Another feature is reached only through its face'],
    ['client/features/locations/a.ts', "import { x } from '../repairs/RepairParts';", 'arrows between features run one way'],
    [
      'client/features/locations/a.ts',
      "import type { X } from '../repairs/RepairParts';\nconst x = 1 as unknown as X;",
      'arrows between features run one way',
    ],
    ['client/features/site/a.ts', "import { x } from '../auth/api';", 'may not import auth'],
    ['server/lib/a.ts', "import { x } from '../app';", 'may not import server/top'],
  ])('refuses %s importing across: %s', async (file, code, reason) => {
    expect((await messages(file, `${code}\nexport const y = x;\n`)).join()).toContain(reason);
  });

  it('allows what the layout allows', async () => {
    expect(await messages('server/modules/repairs/a.ts', "import { x } from '../accounts';\nexport const y = x;\n")).toEqual([]);
    expect(await messages('server/seed/a.ts', "import { x } from '../modules/borrowing';\nexport const y = x;\n")).toEqual([]);
    expect(await messages('server/lib/a.ts', "import type { Ctx } from '../context';\nexport const y = 1 as unknown as Ctx;\n")).toEqual(
      [],
    );
    expect(await messages('client/features/x/a.ts', "import { x } from '../../../core/errors';\nexport const y = x;\n")).toEqual([]);
    expect(await messages('client/features/repairs/a.ts', "import { x } from '../locations/PlaceFilter';\nexport const y = x;\n")).toEqual(
      [],
    );
    expect(await messages('client/features/repairs/a.ts', "import { x } from '../site/useCampusTime';\nexport const y = x;\n")).toEqual([]);
    expect(await messages('client/features/repairs/a.ts', "import { x } from './api';\nexport const y = x;\n")).toEqual([]);
    expect(
      await messages('client/portals/admin/A.tsx', "import { x } from '../../features/repairs/RoomReports';\nexport const y = x;\n"),
    ).toEqual([]);
  });
});
