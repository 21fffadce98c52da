import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table has one owner: a module, or the one file of server/lib or server/plugins that keeps it. Everything
 * else reaches a table through its owner's exported functions (docs/ARCHITECTURE.md). This walks every statement
 * of server/ (migrations aside), scripts/ and e2e/; a new table gets its owner here, or this test fails.
 * (Read-only joins for a display name, as the borrowing lists' requester name, are allowed and not counted.)
 */
const OWNER: Record<string, string> = {
  accounts: 'accounts',
  sessions: 'server/plugins/auth.ts',
  api_tokens: 'server/plugins/apiTokens.ts',
  verification_codes: 'auth',
  password_resets: 'auth',
  campus_logins: 'auth',
  counters: 'server/lib/counters.ts',
  job_runs: 'server/lib/dailyJobs.ts',
  scheduled_jobs: 'server/lib/scheduler.ts',
  list_versions: 'server/lib/listCache.ts',
  row_changes: 'server/lib/rowChanges.ts',
  outbox: 'server/lib/mail.ts',
  idempotency_keys: 'server/plugins/idempotency.ts',
  settings: 'site',
  office_closures: 'site',
  activity: 'activity',
  notifications: 'activity',
  office_bell: 'activity',
  items: 'inventory',
  borrow_requests: 'borrowing',
  borrow_request_items: 'borrowing',
  return_proofs: 'borrowing',
  return_conditions: 'borrowing',
  loan_problems: 'borrowing',
  borrow_status_counts: 'borrowing',
  repair_reports: 'repairs',
  repair_status_counts: 'repairs',
  repair_followers: 'repairs',
  schedule_entries: 'schedule',
  designations: 'designations',
  departments: 'departments',
  inspections: 'forms',
  buildings: 'locations',
  rooms: 'locations',
  item_units: 'inventory',
  unit_events: 'inventory',
  borrow_line_units: 'borrowing',
  return_batches: 'borrowing',
  return_batch_lines: 'borrowing',
  maintenance_plans: 'maintenance',
  maintenance_jobs: 'maintenance',
  calendar_feeds: 'calendar',
  saved_reports: 'reports',
  suppliers: 'inventory',
  deliveries: 'inventory',
  delivery_lines: 'inventory',
  stock_movements: 'inventory',
  custody_slips: 'custody',
  unit_custody: 'custody',
  counts: 'inventory',
  count_buildings: 'inventory',
  count_claims: 'inventory',
  count_units: 'inventory',
  count_scans: 'inventory',
  count_unknown_tags: 'inventory',
  count_items: 'inventory',
  count_item_rooms: 'inventory',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
  count_tallies: 'inventory',
  push_subscriptions: 'push',
  push_vapid_keys: 'push',
};

/**
 * The files outside the owners that name tables themselves, and which. The demo data and the journeys' own data
 * tell a history that happened before today (backdated rows, notices already read), which the services, acting
 * now, cannot write; the bench fills a database with a hundred thousand rows. Everything else goes through the
 * owners' services, as the demo's repairs, schedule and designations do.
 */
const DIRECT: Record<string, string[]> = {
  'server/seed/demo.ts': ['accounts', 'items'],
  'server/seed/borrowing.ts': ['accounts', 'borrow_request_items', 'borrow_requests', 'items', 'return_proofs'],
  'server/seed/loanStory.ts': ['activity', 'notifications'],
  'server/seed/calendar.ts': ['office_closures'],
  'server/seed/designations.ts': ['accounts'],
  // Each demo person's department, and the demo requests (written directly, backdated) charged to it.
  'server/seed/departments.ts': ['accounts', 'borrow_requests'],
  'server/seed/locations.ts': ['buildings', 'rooms'],
  'server/seed/repairs.ts': ['accounts', 'activity', 'notifications', 'repair_reports'],
  'server/seed/schedule.ts': ['accounts'],
  // The computers dated back to their purchase, two years ago.
  'server/seed/units.ts': ['accounts', 'activity', 'item_units', 'items', 'stock_movements', 'unit_events'],
  // Last year's count dated back a year: its rows and what it wrote on the units, their history, cards and feed.
  'server/seed/counts.ts': [
    'accounts',
    'activity',
    'count_scans',
    'count_unknown_tags',
    'count_units',
    'counts',
    'item_units',
    'stock_movements',
    'unit_events',
  ],
  // The custody steps dated back to the days they happened.
  'server/seed/custody.ts': ['accounts', 'activity', 'custody_slips', 'notifications', 'stock_movements', 'unit_custody', 'unit_events'],
  // The demo's supplies are inserted as the demo's other items are (their deliveries and issues go through the services).
  'server/seed/supplies.ts': ['accounts', 'items'],
  'e2e/journeyData.ts': ['accounts', 'borrow_request_items', 'borrow_requests', 'items', 'repair_reports'],
  'scripts/bench.ts': [
    'accounts',
    'borrow_line_units',
    'borrow_request_items',
    'borrow_requests',
    'borrow_status_counts',
    'buildings',
    'item_units',
    'items',
    'repair_reports',
    'rooms',
    'schedule_entries',
    'unit_events',
  ],
  // The bench's yearly count reads the units' home rooms to scan them, and adds up the count's rows to check its kept figures.
  'scripts/benchCounts.ts': ['count_unknown_tags', 'count_units', 'item_units'],
  // The bench's mixed run picks the requests it will change.
  'scripts/benchMixed.ts': ['borrow_request_items', 'borrow_requests'],
  // The bench's stock cards: 200,000 movements, their deliveries and the supplies' quantities and reorder levels.
  'scripts/benchStock.ts': ['deliveries', 'delivery_lines', 'items', 'stock_movements', 'suppliers'],
};

const root = path.resolve(import.meta.dirname, '../..');
const STATEMENT = /\b(selectFrom|updateTable|insertInto|deleteFrom)\(\s*['"`]([a-z_]+)/g;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full.endsWith(`${path.sep}migrations`) ? [] : filesOf(full);
    return /\.(tsx?|mjs)$/.test(e.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];

/** Every statement naming a table in server/, scripts/ and e2e/, with its file. */
const statements = ['server', 'scripts', 'e2e'].flatMap((part) =>
  filesOf(path.join(root, part)).flatMap((full) =>
    [...fs.readFileSync(full, 'utf8').matchAll(STATEMENT)].map((m) => ({ file: rel(full), table: m[2]!, use: `${m[1]}('${m[2]}')` })),
  ),
);

const isOwner = (file: string, table: string) => {
  const owner = OWNER[table];
  return owner !== undefined && (owner === file || owner === moduleOf(file));
};

describe('table ownership', () => {
  const modules = fs.readdirSync(path.join(root, 'server/modules'));

  it('knows the owner of every table in the schema, and every owner exists', () => {
    // Each area's tables are one interface in server/db/tables/, and server/db/schema.ts's DB extends every one.
    const schema = fs.readFileSync(path.join(root, 'server/db/schema.ts'), 'utf8');
    const dir = path.join(root, 'server/db/tables');
    const tables = fs.readdirSync(dir).flatMap((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const area = /^export interface (\w+Tables) \{/m.exec(text);
      expect(area, file).not.toBeNull();
      expect(schema.slice(schema.indexOf('export interface DB')), file).toContain(area![1]);
      return [...text.slice(area!.index).matchAll(/^\s+([a-z_]+): \w+Table;/gm)].map((m) => m[1]);
    });
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((t) => !OWNER[t!])).toEqual([]);
    expect(Object.values(OWNER).filter((o) => !modules.includes(o) && !fs.existsSync(path.join(root, o)))).toEqual([]);
  });

  it('reads the statements of the modules, lib, plugins, the seed, scripts and e2e', () => {
    for (const part of ['server/modules/', 'server/lib/', 'server/plugins/', 'server/seed/', 'scripts/', 'e2e/']) {
      expect(
        statements.some((s) => s.file.startsWith(part)),
        part,
      ).toBe(true);
    }
  });

  it('finds every table named only by its owner, or by a file listed with it', () => {
    const strays = statements.filter((s) => !isOwner(s.file, s.table) && !DIRECT[s.file]?.includes(s.table));
    expect(strays.map((s) => `${s.file}: ${s.use}`)).toEqual([]);
  });

  it('lists no more than the direct statements there are', () => {
    const used = (file: string) => [...new Set(statements.filter((s) => s.file === file).map((s) => s.table))].sort();
    for (const [file, tables] of Object.entries(DIRECT)) expect(used(file), file).toEqual([...tables].sort());
  });

  it('notices a statement naming a table', () => {
    const sample = "await db.selectFrom('items as i').selectAll(); trx.updateTable(`accounts`)";
    expect([...sample.matchAll(STATEMENT)].map((m) => m[2])).toEqual(['items', 'accounts']);
    expect(isOwner('server/modules/inventory/queries.ts', 'items')).toBe(true);
    expect(isOwner('server/modules/borrowing/queries.ts', 'items')).toBe(false);
    expect(isOwner('server/lib/mail.ts', 'outbox')).toBe(true);
    expect(isOwner('server/modules/site/queries.ts', 'outbox')).toBe(false);
  });
});
