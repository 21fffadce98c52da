import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the source tree (type-only imports excepted: they vanish at build), and the
 * layout's import boundaries (eslint.config.js, rule layout/import-boundaries) catch what they should.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PARTS = ['client', 'core', 'server', 'scripts'];
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

type Edge = { from: string; to: string; typeOnly: boolean };

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
    const to = resolve(file, m[3] ?? m[4]);
    return to ? [{ from: rel(file), to: rel(to), typeOnly: Boolean(m[2]) }] : [];
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
    ['server/modules/repairs/a.ts', "import { x } from '../borrowing/routes';", 'service.ts and queries.ts'],
  ])('refuses %s importing across: %s', async (file, code, reason) => {
    expect((await messages(file, `${code}\nexport const y = x;\n`)).join()).toContain(reason);
  });

  it('allows what the layout allows', async () => {
    expect(await messages('server/modules/repairs/a.ts', "import { x } from '../borrowing/service';\nexport const y = x;\n")).toEqual([]);
    expect(await messages('client/features/x/a.ts', "import { x } from '../../../core/errors';\nexport const y = x;\n")).toEqual([]);
  });
});
