import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table belongs to one module; another module reaches it only through the owner's exported service
 * and query functions (ARCHITECTURE). A new table gets its owner here, or this test fails.
 * (Read-only joins for a display name, as the borrowing lists' requester name, are allowed and measured.)
 */
const OWNER: Record<string, string> = {
  accounts: 'accounts',
  sessions: 'auth',
  verification_codes: 'auth',
  password_resets: 'auth',
  // Shared infrastructure, reached only through server/lib (counters.ts, dailyJobs.ts, listCache.ts).
  counters: 'lib',
  job_runs: 'lib',
  list_versions: 'lib',
  settings: 'site',
  outbox: 'site',
  activity: 'activity',
  notifications: 'activity',
  office_bell: 'activity',
  items: 'inventory',
  borrow_requests: 'borrowing',
  borrow_request_items: 'borrowing',
  return_proofs: 'borrowing',
  borrow_status_counts: 'borrowing',
  repair_reports: 'repairs',
  repair_status_counts: 'repairs',
  schedule_entries: 'schedule',
  designations: 'designations',
  inspections: 'forms',
};

const root = path.resolve(import.meta.dirname, '../../server/modules');
const STATEMENT = /\b(selectFrom|updateTable|insertInto|deleteFrom)\(\s*['"`]([a-z_]+)/g;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every table a module's files name in a statement, with where. */
function tablesUsed(module: string) {
  return filesOf(path.join(root, module)).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(STATEMENT)].map((m) => ({
      table: m[2],
      use: `${path.relative(root, file)}: ${m[1]}('${m[2]}')`,
    })),
  );
}

describe('table ownership', () => {
  const modules = fs.readdirSync(root).filter((m) => fs.statSync(path.join(root, m)).isDirectory());

  it('knows the owner of every table in the schema', () => {
    const schema = fs.readFileSync(path.resolve(root, '../db/schema.ts'), 'utf8');
    const tables = [...schema.slice(schema.indexOf('export interface DB {')).matchAll(/^\s+([a-z_]+): \w+Table;/gm)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((t) => !OWNER[t])).toEqual([]);
    expect(Object.values(OWNER).filter((m) => m !== 'lib' && !modules.includes(m))).toEqual([]);
  });

  it.each(modules)('%s reads and writes only its own tables', (module) => {
    const used = tablesUsed(module);
    if (Object.values(OWNER).includes(module)) expect(used.length).toBeGreaterThan(0);
    expect(used.filter((u) => OWNER[u.table] !== module).map((u) => u.use)).toEqual([]);
  });

  it('notices a module naming another module’s table', () => {
    const sample = "await db.selectFrom('items as i').selectAll(); trx.updateTable(`accounts`)";
    expect([...sample.matchAll(STATEMENT)].map((m) => m[2])).toEqual(['items', 'accounts']);
  });
});
