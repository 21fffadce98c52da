/**
 * npm run bench: fills a SEPARATE database with campus-scale data (20,000 accounts, 10,000 items, 100,000
 * borrow requests, 50,000 repair reports in 2,000 rooms, 5,000 schedule entries, 20,000 tracked units, 200,000 stock
 * movements with a card of 20,000 entries: scripts/benchStock.ts), starts the app on a free 127.0.0.1 port, and
 * measures with autocannon (50 connections) the borrowing lists, the admin inventory list, the repair lists and
 * the week's schedule, a busy item's availability over 120 days, the office's week, the deep stock card, To Reorder
 * and the deliveries, and the yearly count (scripts/benchCounts.ts: 20 counters scanning the 20,000 units at once, then
 * the count's progress). Reports p50, p95, p99 and requests per second for each endpoint.
 *
 * Database: a temporary SQLite file by default; DATABASE_URL (an EMPTY PostgreSQL database) is respected.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) change the load; BENCH_ONLY=fill fills the
 * database and stops, keeping it (for EXPLAIN and friends); BENCH_ONLY=<text> runs the endpoints whose name has it;
 * BENCH_WORKERS=1,3 measures the app with 1 and then 3 worker processes over the same data. BENCH_SQLITE=<file>
 * uses (and keeps) that SQLite file; a database the bench filled before (that file, or DATABASE_URL) is measured
 * again as it is, without filling it anew (the mixed runs' changes stay in it).
 *
 * Then the mixed run (scripts/benchMixed.ts): BENCH_WRITES changes a second (default 12) while the readers go round
 * the office's lists for BENCH_MIXED_SECONDS (default 60), then /api/health and the cold pages, the writers still
 * going. BENCH_ONLY=mixed runs the mixed run alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { RequestStatus } from '../core/borrowing/rules';
import { PRIORITIES, type RepairStatus } from '../core/repairs/rules';
import { CATEGORIES } from '../core/inventory/rules';
import { addDays, todayIn, WEEKDAYS } from '../core/time';
import { createDb, onPostgres, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { hashPassword } from '../server/lib/passwords';
import { searchTextOf } from '../server/modules/borrowing';
import { readLists, startWriters, writePools } from './benchMixed';
import { countBench, unitsByRoom } from './benchCounts';
import { fillStock, stockMismatches } from './benchStock';

/** BENCH_SCALE multiplies every size and the tracked items (10: 1,000,000 requests, 500,000 reports, 200,000 units). */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!Number.isInteger(SCALE) || SCALE < 1 || SCALE > 100) throw new Error('BENCH_SCALE: a whole number from 1 to 100');
const SIZES = Object.fromEntries(
  Object.entries({ accounts: 20_000, items: 10_000, requests: 100_000, repairs: 50_000, scheduleEntries: 5_000, rooms: 2_000 }).map(
    ([k, n]) => [k, n * SCALE],
  ),
) as Record<'accounts' | 'items' | 'requests' | 'repairs' | 'scheduleEntries' | 'rooms', number>;
/** Tracked items (ids 1 to 200 at scale 1) with 100 units each: 20,000 units, with their history and loans. */
const TRACKED = { items: 200 * SCALE, unitsPerItem: 100 };
const unitTag = (itemId: number, n: number) => `BU${String(itemId).padStart(4, '0')}-${String(n).padStart(3, '0')}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The mixed run: how long the readers go round the lists while changes arrive, and the changes per second. */
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES ?? 12);
/** The app's worker processes for each run over the same data, e.g. BENCH_WORKERS=1,3. */
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? process.env.WORKERS ?? '1').split(',').map(Number);
if (!WORKER_COUNTS.every((n) => Number.isInteger(n) && n >= 1 && n <= 16))
  throw new Error('BENCH_WORKERS: whole numbers from 1 to 16, e.g. 1,3');
const ADMIN = { email: 'bench-admin@campus.test', password: 'bench-admin-123' };
const TZ = 'Asia/Manila';
const DAY = 86_400_000;

/** Deterministic data, so runs compare. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(20_240_601);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

const FIRST = [
  'Juan',
  'Maria',
  'Jose',
  'Ana',
  'Mark',
  'Kristine',
  'John',
  'Angelica',
  'Paolo',
  'Camille',
  'Miguel',
  'Bea',
  'Carlo',
  'Patricia',
  'Rafael',
  'Andrea',
  'Gabriel',
  'Nicole',
  'Joshua',
  'Erika',
  'Daniel',
  'Sofia',
  'Christian',
  'Isabel',
  'Vincent',
  'Trisha',
  'Adrian',
  'Jasmine',
  'Kevin',
  'Lea',
  'Ramon',
  'Teresa',
  'Nestor',
  'Joy',
  'Lito',
  'Alma',
  'Benjie',
  'Pia',
  'Andres',
  'Carmela',
];
const LAST = [
  'Dela Cruz',
  'Santos',
  'Reyes',
  'Garcia',
  'Mendoza',
  'Bautista',
  'Villanueva',
  'Ramos',
  'Aquino',
  'Castillo',
  'Rivera',
  'Flores',
  'Gonzales',
  'Lopez',
  'Torres',
  'Navarro',
  'Domingo',
  'Salazar',
  'Mercado',
  'Aguilar',
  'Pascual',
  'Soriano',
  'Valdez',
  'Manalo',
  'Dizon',
  'Gomez',
  'Tan',
  'Lim',
  'Sy',
  'Chua',
  'Ocampo',
  'Panganiban',
  'Lacson',
  'Tolentino',
  'Cruz',
  'Fernandez',
  'Morales',
  'Santiago',
  'Javier',
  'Del Rosario',
  'Evangelista',
  'Francisco',
  'Sison',
  'Medina',
  'Ilagan',
  'Marquez',
  'Galang',
  'Cabrera',
  'Samonte',
  'Villareal',
];
const THINGS: Record<string, string[]> = {
  HVAC: ['Electric Fan', 'Portable Aircon', 'Dehumidifier', 'Air Purifier', 'Exhaust Fan'],
  Plumbing: ['Pipe Wrench', 'Plunger', 'Drain Snake', 'Water Hose', 'Pipe Cutter'],
  Janitorial: ['Mop and Bucket', 'Broom', 'Floor Polisher', 'Trash Bin', 'Vacuum Cleaner'],
  Electrical: ['Extension Cord', 'LCD Projector', 'Portable Speaker', 'Microphone', 'Cordless Drill'],
  Maintenance: ['Folding Table', 'Monobloc Chair', 'Ladder', 'Tool Box', 'Tent'],
};
const PURPOSES = [
  'Department seminar',
  'Org general assembly',
  'Classroom clean-up drive',
  'Laboratory activity',
  'Intramurals booth',
  'Research colloquium',
  'Faculty meeting',
  'Thesis defense',
  'Campus tree planting',
  'Outreach program',
  'Recognition day',
  'Sports fest',
  'Dormitory repairs',
  'Library event',
  'Alumni homecoming',
  'Job fair',
  'Orientation week',
  'Blood drive',
  'Film showing',
  'Art exhibit',
];
/** Most old requests are closed; only recent ones are open. */
const STATUS_MIX: [RequestStatus, number][] = [
  ['completed', 0.72],
  ['rejected', 0.12],
  ['cancelled', 0.08],
  ['approved', 0.04],
  ['pending', 0.03],
  ['returned', 0.01],
];

const BUILDINGS = ['Main Building', 'Science Hall', 'Engineering Building', 'Library', 'Gymnasium', 'Dormitory A', 'Admin Annex'];
const BUILDING_CODES = ['MB', 'SH', 'EB', 'LIB', 'GYM', 'DA', 'AA'];
/** The rooms fill() makes, in id order (ids from 1): building by building, "Room 100" upwards. */
const ROOMS = Array.from({ length: SIZES.rooms }, (_, i) => {
  const building = i % BUILDINGS.length;
  const number = 100 + Math.floor(i / BUILDINGS.length);
  return { id: i + 1, building, name: `Room ${number}`, code: `${BUILDING_CODES[building]}-${number}` };
});
const ISSUES = ['Leaking faucet', 'Broken ceiling fan', 'Flickering lights', 'Clogged drain', 'Aircon not cooling', 'Door lock jammed'];
/** The first accounts made by fill(): the administrator (id 1), then 60 personnel (ids 2 to 61). */
const PERSONNEL_IDS = { first: 2, last: 61 };
/** A faculty member (every seventh account after the personnel is faculty), who files reports in the mixed run. */
const FACULTY_ID = 63;
const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/**
 * The busy item (availability over a semester, docs/decisions/reservations.md): the first untracked item, 40 on hand, with two years of
 * loans (2,000 closed), 60 open loans and three bookings a day for the next 120 days, each 1-3 days long.
 */
const BUSY = { itemId: TRACKED.items + 1, quantity: 40, closed: 2_000, openLoans: 60, bookingsPerDay: 3, days: 120 };
/**
 * The stock cards (scripts/benchStock.ts): 200,000 movements; one counted item in ten after the busy one is a
 * supply (979 at scale 1), the first of them with a card of 20,000 entries.
 */
const STOCK = {
  movements: 200_000 * SCALE,
  deepEntries: 20_000 * SCALE,
  supplies: Array.from({ length: Math.floor((SIZES.items - BUSY.itemId) / 10) }, (_, i) => BUSY.itemId + 1 + i * 10),
};
const DEEP_CARD = STOCK.supplies[0];

async function inBatches<T>(count: number, size: number, make: (i: number) => T, write: (rows: T[]) => Promise<void>) {
  for (let start = 0; start < count; start += size) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(count, start + size); i++) rows.push(make(i));
    await write(rows);
  }
}

/**
 * 20,000 units of 200 tracked items, each created a year ago, most in service, some on loan or in repair; a
 * condition change or a move for one in ten; the loans of those items' request lines named by unit; the quantity
 * of each tracked item counted from its available units, as the inventory keeps it.
 */
async function fillUnits(trx: Db, now: number): Promise<void> {
  const year = new Date(now - 365 * DAY).toISOString();
  const statuses = [
    'available',
    'available',
    'available',
    'available',
    'available',
    'available',
    'on_loan',
    'in_repair',
    'retired',
    'lost',
  ];
  const units: { item_id: number; tag: string; status: string }[] = [];
  await inBatches(
    TRACKED.items * TRACKED.unitsPerItem,
    1000,
    (i) => {
      const itemId = Math.floor(i / TRACKED.unitsPerItem) + 1;
      const unit = { item_id: itemId, tag: unitTag(itemId, (i % TRACKED.unitsPerItem) + 1), status: pick(statuses) };
      units.push(unit);
      return {
        ...unit,
        serial_number: i % 4 ? `SN${String(100_000 + i)}` : null,
        condition: pick(['good', 'good', 'good', 'fair', 'damaged']),
        home_room_id: int(1, SIZES.rooms),
        created_at: year,
        updated_at: year,
      };
    },
    async (rows) => {
      await trx.insertInto('item_units').values(rows).execute();
    },
  );
  await inBatches(
    units.length,
    1000,
    (i) => ({ unit_id: i + 1, kind: 'created', from_value: null, to_value: null, note: null, actor_id: 1, created_at: year }),
    async (rows) => {
      await trx.insertInto('unit_events').values(rows).execute();
    },
  );
  await inBatches(
    units.length / 10,
    1000,
    (i) => ({
      unit_id: i * 10 + 1,
      kind: i % 2 ? 'condition' : 'moved',
      from_value: i % 2 ? 'good' : null,
      to_value: i % 2 ? 'fair' : String(int(1, SIZES.rooms)),
      note: null,
      actor_id: 1,
      created_at: new Date(now - int(1, 300) * DAY).toISOString(),
    }),
    async (rows) => {
      await trx.insertInto('unit_events').values(rows).execute();
    },
  );
  await trx.updateTable('items').set({ tracking: 'tracked' }).where('id', '<=', TRACKED.items).execute();
  await sql`update items set quantity = (select count(*) from item_units u where u.item_id = items.id and u.status = 'available')
    where id <= ${TRACKED.items}`.execute(trx);
  // Each line of a tracked item lent one unit per piece; the first unit of item 1 has them all (a long history).
  const lines = await trx
    .selectFrom('borrow_request_items')
    .innerJoin('borrow_requests', 'borrow_requests.id', 'borrow_request_items.request_id')
    .select(['borrow_request_items.id', 'borrow_request_items.item_id', 'borrow_request_items.quantity_approved', 'borrow_requests.status'])
    .where('borrow_request_items.item_id', '<=', TRACKED.items)
    .where('borrow_request_items.quantity_approved', '>', 0)
    .execute();
  await inBatches(
    lines.length,
    1000,
    (i) => {
      const line = lines[i]!;
      const n = line.item_id === 1 ? 1 : int(1, TRACKED.unitsPerItem);
      return {
        line_id: line.id,
        unit_id: (line.item_id! - 1) * TRACKED.unitsPerItem + n,
        tag: unitTag(line.item_id!, n),
        returned_at: ['returned', 'completed'].includes(line.status) ? new Date(now - int(1, 700) * DAY).toISOString() : null,
      };
    },
    async (rows) => {
      if (rows.length) await trx.insertInto('borrow_line_units').values(rows).execute();
    },
  );
}

/** The busy item's loans and bookings (BUSY), as requests of their own beside the 100,000. */
async function fillBusyItem(trx: Db, now: number, item: { name: string; category: string }): Promise<void> {
  const today = todayIn(TZ);
  await trx.updateTable('items').set({ quantity: BUSY.quantity, item_status: 'available' }).where('id', '=', BUSY.itemId).execute();
  type Made = {
    status: RequestStatus;
    needed: string;
    back: string;
    bookAhead: boolean;
    quantity: number;
    ageDays: number;
    hours?: [string, string];
  };
  const made: Made[] = [];
  for (let i = 0; i < BUSY.closed; i++) {
    const ageDays = int(2, 730);
    const needed = addDays(today, -ageDays);
    made.push({ status: 'completed', needed, back: addDays(needed, int(0, 3)), bookAhead: false, quantity: int(1, 3), ageDays });
  }
  for (let i = 0; i < BUSY.openLoans; i++) {
    const needed = addDays(today, -int(0, 10));
    made.push({ status: 'approved', needed, back: addDays(needed, int(0, 14)), bookAhead: false, quantity: 1, ageDays: 10 });
  }
  for (let d = 1; d <= BUSY.days; d++)
    for (let k = 0; k < BUSY.bookingsPerDay; k++) {
      const needed = addDays(today, d);
      // Whole days, a morning, and from an afternoon to a morning (or that afternoon): availability counts by the hour.
      const back = k === 1 ? needed : addDays(needed, int(0, 2));
      const hours: [string, string] | undefined =
        k === 0 ? undefined : k === 1 ? ['08:00', '12:00'] : ['13:00', back === needed ? '17:00' : '10:00'];
      made.push({ status: 'approved', needed, back, bookAhead: true, quantity: int(1, 3), ageDays: int(0, 20), hours });
    }
  await inBatches(
    made.length,
    500,
    (i) => made[i],
    async (batch) => {
      const rows = batch.map((m) => {
        const accountIndex = int(61, SIZES.accounts - 1);
        const created = new Date(now - m.ageDays * DAY - DAY).toISOString();
        const purpose = `${pick(PURPOSES)} ${int(1, 400)}`;
        return {
          account_id: accountIndex + 1,
          purpose,
          date_needed: m.needed,
          date_expected_return: m.back,
          time_from: m.hours?.[0] ?? null,
          time_to: m.hours?.[1] ?? null,
          status: m.status,
          proof_path: null,
          reject_reason: null,
          created_at: created,
          decided_at: created,
          decided_by: int(2, 61),
          returned_at: m.status === 'completed' ? created : null,
          completed_at: m.status === 'completed' ? created : null,
          reminded_at: null,
          book_ahead: m.bookAhead ? 1 : 0,
          search_text: searchTextOf(`Bench ${accountIndex}`, purpose, [item.name]),
        };
      });
      const ids = await trx.insertInto('borrow_requests').values(rows).returning('id').execute();
      await trx
        .insertInto('borrow_request_items')
        .values(
          batch.map((m, i) => ({
            request_id: ids[i].id,
            item_id: BUSY.itemId,
            item_name: item.name,
            category: item.category,
            quantity_requested: m.quantity,
            quantity_approved: m.bookAhead ? 0 : m.quantity,
            quantity_verified: m.status === 'completed' ? m.quantity : 0,
            quantity_reserved: m.bookAhead ? m.quantity : 0,
          })),
        )
        .execute();
    },
  );
}

/**
 * PostgreSQL: the triggers that keep a count, a version or a list's row changes (every trigger but the one writing
 * a report's search text) are off while the fill inserts. Each raises one shared row per inserted row, and in one
 * transaction such a row's versions pile up, so every insert walked all of them: the fill grew with the square
 * of its rows. countsAsTriggersKeep then writes what they would have.
 */
async function setTriggers(trx: Db, how: 'enable' | 'disable') {
  const { rows } = await sql<{ tbl: string; name: string }>`select c.relname as tbl, t.tgname as name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = current_schema() and t.tgname <> 'repair_reports_search_text'`.execute(trx);
  for (const t of rows) await sql.raw(`alter table "${t.tbl}" ${how} trigger "${t.name}"`).execute(trx);
}

/**
 * What the triggers off during the fill keep, written once: the counts per status, the units of completed loans,
 * every list's version raised, and each request's and report's one change (as the sweep leaves them).
 */
async function countsAsTriggersKeep(trx: Db) {
  for (const statement of [
    sql`delete from borrow_status_counts`,
    sql`insert into borrow_status_counts (status, n) select status, count(*) from borrow_requests group by status`,
    sql`delete from repair_status_counts`,
    sql`insert into repair_status_counts (status, n) select status, count(*) from repair_reports group by status`,
    sql`update list_versions set version = version + 1 where name <> 'completed_units'`,
    sql`update list_versions set version = (select coalesce(sum(bri.quantity_approved), 0) from borrow_request_items bri
      join borrow_requests br on br.id = bri.request_id where br.status = 'completed') where name = 'completed_units'`,
    sql`insert into row_changes (list, row_id) select 'borrow_requests', id from borrow_requests`,
    sql`insert into row_changes (list, row_id) select 'repair_reports', id from repair_reports`,
  ])
    await statement.execute(trx);
}

async function fill(db: Db): Promise<void> {
  const passwordHash = await hashPassword(ADMIN.password);
  const now = Date.now();
  const today = todayIn(TZ);
  const names: string[] = [];

  await db.transaction().execute(async (trx) => {
    const postgres = onPostgres(trx);
    if (postgres) await setTriggers(trx, 'disable');
    await inBatches(
      SIZES.accounts,
      1000,
      (i) => {
        const role = i === 0 ? 'admin' : i <= 60 ? 'personnel' : i % 7 === 0 ? 'faculty' : 'student';
        const name = i === 0 ? 'Bench Admin' : `${pick(FIRST)} ${pick(LAST)}`;
        names.push(name);
        return {
          full_name: name,
          email: i === 0 ? ADMIN.email : `user${i}@bench.campus.test`,
          username: null,
          contact_number: `0917${String(i).padStart(7, '0')}`,
          role,
          status: 'accepted',
          email_verified: 1,
          job_type: role === 'personnel' ? 'maintenance' : null,
          password_hash: passwordHash,
          id_file: null,
          id_file_mime: null,
          created_at: new Date(now - int(30, 900) * DAY).toISOString(),
        } as const;
      },
      async (rows) => {
        await trx.insertInto('accounts').values(rows).execute();
      },
    );

    const items: { name: string; category: string }[] = [];
    await inBatches(
      SIZES.items,
      1000,
      (i) => {
        const category = CATEGORIES[i % CATEGORIES.length];
        const name = `${pick(THINGS[category])} ${category.slice(0, 2).toUpperCase()}-${String(i).padStart(5, '0')}`;
        items.push({ name, category });
        return {
          name,
          category,
          description: i % 3 ? `Campus stock item ${i}` : null,
          quantity: int(0, 60),
          min_stock: int(1, 10),
          item_status: i % 23 === 0 ? 'damaged' : i % 29 === 0 ? 'unavailable' : 'available',
          created_at: new Date(now - int(60, 700) * DAY).toISOString(),
        };
      },
      async (rows) => {
        await trx.insertInto('items').values(rows).execute();
      },
    );

    const statusOf = () => {
      let r = rand();
      for (const [status, share] of STATUS_MIX) if ((r -= share) < 0) return status;
      return 'completed';
    };
    await inBatches(
      SIZES.requests,
      500,
      () => {
        const status = statusOf();
        const accountIndex = int(61, SIZES.accounts - 1);
        const recent =
          status === 'pending' ? int(0, 6) : status === 'approved' ? int(1, 40) : status === 'returned' ? int(0, 15) : int(0, 730);
        const created = now - recent * DAY - int(0, DAY - 1);
        const needed = addDays(today, -recent + int(0, 5));
        const back = addDays(needed, int(0, 14));
        const lines = Array.from({ length: int(1, 3) }, () => ({ itemIndex: int(0, SIZES.items - 1), quantity: int(1, 5) })).filter(
          (l, i, all) => all.findIndex((m) => m.itemIndex === l.itemIndex) === i,
        );
        const purpose = `${pick(PURPOSES)} ${int(1, 400)}`;
        const decided = ['pending', 'cancelled'].includes(status) ? null : new Date(created + int(1, 48) * 3_600_000).toISOString();
        const returned = ['returned', 'completed'].includes(status)
          ? new Date(Math.min(now, created + int(2, 15) * DAY)).toISOString()
          : null;
        return {
          request: {
            account_id: accountIndex + 1,
            purpose,
            date_needed: needed,
            date_expected_return: back,
            status,
            proof_path: null,
            reject_reason: status === 'rejected' ? 'Request rejected by admin' : null,
            created_at: new Date(created).toISOString(),
            decided_at: decided,
            decided_by: decided ? int(2, 61) : null,
            returned_at: returned,
            completed_at: status === 'completed' ? returned : null,
            reminded_at: null,
            search_text: searchTextOf(
              names[accountIndex],
              purpose,
              lines.map((l) => items[l.itemIndex].name),
            ),
          },
          lines,
          lent: ['approved', 'returned', 'completed'].includes(status),
        };
      },
      async (batch) => {
        const ids = await trx
          .insertInto('borrow_requests')
          .values(batch.map((b) => b.request))
          .returning('id')
          .execute();
        await trx
          .insertInto('borrow_request_items')
          .values(
            batch.flatMap((b, i) =>
              b.lines.map((l) => ({
                request_id: ids[i].id,
                item_id: l.itemIndex + 1,
                item_name: items[l.itemIndex].name,
                category: items[l.itemIndex].category,
                quantity_requested: l.quantity,
                quantity_approved: b.lent ? l.quantity : 0,
              })),
            ),
          )
          .execute();
      },
    );

    // The campus: 7 buildings and 2,000 rooms, which the repair reports name.
    const at = new Date(now).toISOString();
    await trx
      .insertInto('buildings')
      .values(BUILDINGS.map((name, i) => ({ code: BUILDING_CODES[i], name, notes: null, created_at: at })))
      .execute();
    await inBatches(
      SIZES.rooms,
      500,
      (i) => ({
        building_id: ROOMS[i].building + 1,
        code: ROOMS[i].code,
        name: ROOMS[i].name,
        floor: String(Math.floor((ROOMS[i].id % 400) / 100) + 1),
        notes: null,
        created_at: at,
        updated_at: at,
      }),
      async (rows) => {
        await trx.insertInto('rooms').values(rows).execute();
      },
    );
    await fillUnits(trx, now);
    await fillBusyItem(trx, now, items[BUSY.itemId - 1]);
    // Repair reports over five years: old ones completed, the last two weeks' in every status.
    await inBatches(
      SIZES.repairs,
      1000,
      () => {
        const ageDays = rand() < 0.02 ? int(0, 13) : int(14, 1800);
        const status: RepairStatus = ageDays < 14 ? pick(['pending', 'scheduled', 'in-progress', 'completed'] as const) : 'completed';
        const created = new Date(now - ageDays * DAY - int(0, DAY - 1)).toISOString();
        const assigned = status === 'pending' ? null : new Date(Date.parse(created) + int(1, 24) * 3_600_000).toISOString();
        const start = int(7, 15);
        let reporter = int(61, SIZES.accounts - 1);
        reporter -= reporter % 7; // faculty accounts are every seventh
        const room = pick(ROOMS);
        return {
          reporter_id: reporter + 1,
          building: BUILDINGS[room.building],
          room: room.name,
          room_id: room.id,
          issue_description: `${pick(ISSUES)} near the ${pick(['window', 'door', 'stage', 'stairs'])}`,
          priority: pick(PRIORITIES),
          status,
          day: assigned ? pick(WEEKDAYS) : null,
          time_start: assigned ? hhmm(start) : null,
          time_end: assigned ? hhmm(start + 2) : null,
          assigned_to: assigned ? int(PERSONNEL_IDS.first, PERSONNEL_IDS.last) : null,
          estimated_cost_cents: assigned ? int(0, 500_000) : null,
          created_at: created,
          updated_at: assigned ?? created,
          assigned_at: assigned,
          completed_at: status === 'completed' ? assigned : null,
          // Deadlines as a report made then would carry (docs/decisions/repair-deadlines.md), roughly: a day to
          // respond, a week to fix, each due soon a quarter before.
          respond_by: new Date(Date.parse(created) + DAY).toISOString(),
          respond_soon: new Date(Date.parse(created) + 0.75 * DAY).toISOString(),
          fix_by: new Date(Date.parse(created) + 7 * DAY).toISOString(),
          fix_soon: new Date(Date.parse(created) + 5.25 * DAY).toISOString(),
        };
      },
      async (rows) => {
        await trx.insertInto('repair_reports').values(rows).execute();
      },
    );
    // Schedule entries from a year back to a month ahead: about a hundred a week.
    await inBatches(
      SIZES.scheduleEntries,
      1000,
      () => {
        const start = int(7, 15);
        const at = new Date(now - int(-30, 365) * DAY).toISOString();
        return {
          date: addDays(today, -int(-30, 365)),
          start_time: hhmm(start),
          end_time: hhmm(start + 1),
          work_type: pick(['Preventive maintenance', 'Inspection', 'Cleaning', 'Electrical check']),
          personnel_id: int(PERSONNEL_IDS.first, PERSONNEL_IDS.last),
          location: `Room ${int(100, 499)}`,
          building: pick(BUILDINGS),
          status: 'scheduled',
          priority: pick(PRIORITIES),
          created_by: 1,
          created_at: at,
          updated_at: at,
        };
      },
      async (rows) => {
        await trx.insertInto('schedule_entries').values(rows).execute();
      },
    );
    const stock = await fillStock(
      trx,
      now,
      { ...STOCK, requests: SIZES.requests, actors: { first: 1, last: PERSONNEL_IDS.last } },
      { int, rand },
    );
    console.log(
      `  stock: ${stock.entries} movements, ${stock.deliveries} deliveries, ${stock.onReorder} supplies at or below their reorder level`,
    );
    if (postgres) {
      await countsAsTriggersKeep(trx);
      await setTriggers(trx, 'enable');
    }
  });
  // As a running database would be after autovacuum: statistics, and a visibility map for index-only scans.
  await sql.raw(onPostgres(db) ? 'vacuum analyze' : 'analyze').execute(db);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

async function waitForHealth(base: string, server: ChildProcess) {
  // Up to two minutes: on a busy machine compiling the server alone takes half a minute.
  for (let i = 0; i < 1200; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped while starting');
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

interface Figures {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

/** `path`: one path, or a path made afresh for every request (a page never read before: no kept answer). */
async function measure(name: string, base: string, path: string | (() => string), cookie: string): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `${base}${typeof path === 'string' ? path : path()}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
    warmup: { connections: CONNECTIONS, duration: 2 },
    ...(typeof path === 'string' ? {} : { requests: [{ setupRequest: (req: object) => ({ ...req, path: path() }) }] }),
  } as autocannon.Options) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    if (status < 200 || status >= 300) errors++;
  });
  const result = await instance;
  // The warm-up's responses come first; keep the measured window only.
  const measured = times.slice(Math.max(0, times.length - result.requests.total));
  measured.sort((a, b) => a - b);
  const at = (q: number) => measured[Math.min(measured.length - 1, Math.floor(q * measured.length))] ?? NaN;
  return {
    name,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: result.requests.total / SECONDS,
    requests: result.requests.total,
    errors: errors + result.non2xx + result.errors,
  };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-bench-'));
  const sqlitePath = process.env.BENCH_SQLITE ? path.resolve(process.env.BENCH_SQLITE) : path.join(dir, 'bench.sqlite');
  let server: ChildProcess | null = null;
  let keep = false;
  try {
    const { db } = createDb({ databaseUrl, sqlitePath });
    await migrateToLatest(db);
    const existing = await db.selectFrom('accounts').select('email').orderBy('id').limit(1).executeTakeFirst();
    if (existing && existing.email !== ADMIN.email)
      throw new Error('DATABASE_URL must point at an EMPTY database: the benchmark fills it with 100,000 requests.');
    if (existing) console.log(`Measuring ${databaseUrl ? 'the PostgreSQL database' : sqlitePath} as the bench filled it before.`);
    else {
      console.log(
        `Filling ${databaseUrl ? 'the PostgreSQL database' : sqlitePath}: ${SIZES.accounts} accounts, ${SIZES.items} items, ${SIZES.requests} requests...`,
      );
      const started = Date.now();
      await fill(db);
      const mismatches = await stockMismatches(db);
      if (mismatches) throw new Error(`${mismatches} items' stock cards do not end at their quantity`);
      const counts = await db.selectFrom('borrow_status_counts').selectAll().orderBy('status').execute();
      console.log(
        `  done in ${((Date.now() - started) / 1000).toFixed(1)} s; requests per status: ${counts.map((c) => `${c.status} ${c.n}`).join(', ')}`,
      );
    }
    await db.destroy();
    if (process.env.BENCH_ONLY === 'fill') {
      console.log(`Kept: ${databaseUrl ?? sqlitePath}`);
      keep = true;
      return;
    }

    for (const workers of WORKER_COUNTS) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dir,
          SQLITE_PATH: sqlitePath,
          DATABASE_URL: databaseUrl ?? '',
          GSO_DEMO: '0',
          LOG_LEVEL: 'warn',
          COOKIE_SECURE: '0',
          MAINTENANCE_MODE: 'off',
          WORKERS: String(workers),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(base, server);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, portal: 'admin' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      if (!login.ok || !cookie) throw new Error(`could not sign in: ${login.status} ${await login.text()}`);
      // A personnel member, for their own assigned repairs (about one in sixty of those assigned).
      const personnelLogin = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `user${PERSONNEL_IDS.first - 1}@bench.campus.test`, password: ADMIN.password, portal: 'personnel' }),
      });
      const personnelCookie = (personnelLogin.headers.get('set-cookie') ?? '').split(';')[0];
      if (!personnelLogin.ok || !personnelCookie) throw new Error(`could not sign in as personnel: ${personnelLogin.status}`);

      // A student, for their own dashboard chart.
      const userLogin = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user100@bench.campus.test', password: ADMIN.password, portal: 'user' }),
      });
      const userCookie = (userLogin.headers.get('set-cookie') ?? '').split(';')[0];
      if (!userLogin.ok || !userCookie) throw new Error(`could not sign in as a student: ${userLogin.status}`);

      // Cold reads: every request a page not read since the last change, so no kept answer serves it. Shown apart
      // from the target: they are what the first reader after a change waits for.
      let cold = 0;
      /** One of the first ten pages, at a page size not asked before in this run: an answer no one has kept yet. */
      const coldPage = () => {
        const n = cold++;
        return `page=${1 + (n % 10)}&pageSize=${10 + (Math.floor(n / 10) % 91)}`;
      };
      const coldScenarios: [string, () => string, string?][] = [
        ['GET /api/borrow-requests (All tab, cold page)', () => `/api/borrow-requests?${coldPage()}`],
        ['GET /api/borrow-requests?search=<common word> (cold page)', () => `/api/borrow-requests?search=seminar&${coldPage()}`],
        ['GET /api/borrow-records (All tab, cold page)', () => `/api/borrow-records?${coldPage()}`],
        ['GET /api/repairs (admin, All tab, cold page)', () => `/api/repairs?${coldPage()}`],
        ['GET /api/repairs?search=<building> (cold page)', () => `/api/repairs?search=${encodeURIComponent('Science Hall')}&${coldPage()}`],
      ];
      // Report periods: the last 150 days (about a term) and the last 365, in UTC dates (close enough for timing).
      const dayBack = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      const [termFrom, termTo, yearFrom] = [dayBack(150), dayBack(0), dayBack(364)];
      const scenarios: [string, string, string?][] = [
        ['GET /api/health', '/api/health'],
        ['GET /api/borrow-requests (All tab, page 1)', '/api/borrow-requests?page=1&pageSize=20'],
        ['GET /api/borrow-requests (All tab, page 50)', '/api/borrow-requests?page=50&pageSize=20'],
        ['GET /api/borrow-requests?status=pending', '/api/borrow-requests?status=pending&page=2&pageSize=20'],
        ['GET /api/borrow-requests?status=completed', '/api/borrow-requests?status=completed&page=10&pageSize=20'],
        ['GET /api/borrow-requests?search=<full name>', `/api/borrow-requests?search=${encodeURIComponent('Maria Villareal')}&pageSize=20`],
        ['GET /api/borrow-requests?search=<item code>', '/api/borrow-requests?search=MA-01234&pageSize=20'],
        [
          'GET /api/borrow-requests?search=<common word>&status=approved',
          '/api/borrow-requests?search=seminar&status=approved&pageSize=20',
        ],
        ['GET /api/borrow-records (All tab)', '/api/borrow-records?pageSize=20'],
        ['GET /api/borrow-records?status=overdue', '/api/borrow-records?status=overdue&pageSize=20'],
        // The admin inventory list: 10,000 items, paged, searched, filtered and counted by the database.
        ['GET /api/items (admin inventory, page 1)', '/api/items?page=1&pageSize=20'],
        ['GET /api/items (admin inventory, page 400)', '/api/items?page=400&pageSize=20'],
        ['GET /api/items?category=HVAC', '/api/items?category=HVAC&page=3&pageSize=20'],
        ['GET /api/items?search=<common word>', '/api/items?search=stock&pageSize=20'],
        ['GET /api/items?search=<item code>&category', '/api/items?search=PL-0042&category=Plumbing&pageSize=20'],
        // Repairs and the schedule: 50,000 repair reports, 5,000 schedule entries.
        ['GET /api/repairs (admin, All tab, page 1)', '/api/repairs?page=1&pageSize=20'],
        ['GET /api/repairs (admin, Completed tab, page 100)', '/api/repairs?status=completed&page=100&pageSize=20'],
        ['GET /api/repairs?search=<building>', `/api/repairs?search=${encodeURIComponent('Science Hall')}&pageSize=20`],
        ['GET /api/repairs/assigned (personnel)', '/api/repairs/assigned?pageSize=20', personnelCookie],
        // Repair deadlines: the lists sorted by the running deadline, and narrowed to the overdue.
        ['GET /api/repairs?sort=due (page 1)', '/api/repairs?sort=due&page=1&pageSize=20'],
        ['GET /api/repairs?sort=due (In Progress tab)', '/api/repairs?sort=due&status=in-progress&pageSize=20'],
        ['GET /api/repairs?due=overdue', '/api/repairs?due=overdue&sort=due&pageSize=20'],
        ['GET /api/schedule (this week)', '/api/schedule'],
        // Availability by date: the busy item over a semester, and the office's week.
        [
          'GET /api/availability (a busy item, 120 days)',
          `/api/availability?items=${BUSY.itemId}&from=${todayIn(TZ)}&to=${addDays(todayIn(TZ), 119)}`,
        ],
        [
          'GET /api/availability (a busy item, 120 days, 13:00 to 16:00)',
          `/api/availability?items=${BUSY.itemId}&from=${todayIn(TZ)}&to=${addDays(todayIn(TZ), 119)}&fromTime=13:00&toTime=16:00`,
        ],
        ['GET /api/borrow-calendar?view=week', `/api/borrow-calendar?date=${todayIn(TZ)}&view=week`],
        ['GET /api/borrow-calendar?view=day (today, every one named)', `/api/borrow-calendar?date=${todayIn(TZ)}&view=day`],
        // Buildings and rooms: 2,000 rooms in 7 buildings, and one room's reports.
        ['GET /api/rooms (page 1)', '/api/rooms?page=1&pageSize=20'],
        ['GET /api/rooms (page 50)', '/api/rooms?page=50&pageSize=20'],
        ['GET /api/rooms?search=<room code>', '/api/rooms?search=SH-2&pageSize=20'],
        ['GET /api/rooms?building=<id>', '/api/rooms?building=3&page=5&pageSize=20'],
        ["GET /api/repairs?room=<id> (a room's reports)", '/api/repairs?room=42&pageSize=20'],
        // Tracked units: 20,000 units of 200 items; one item's units, searched and by status; a unit's history.
        ['GET /api/items/:id/units (page 1)', '/api/items/7/units?pageSize=20'],
        ['GET /api/items/:id/units?status=available (page 2)', '/api/items/7/units?status=available&page=2&pageSize=20'],
        ['GET /api/items/:id/units?search=<serial>', '/api/items/7/units?search=SN1006&pageSize=20'],
        ['GET /api/units/:tag/history (a unit lent on every loan of its item)', `/api/units/${unitTag(1, 1)}/history`],
        // Stock cards: 200,000 movements; a card of 20,000 entries (its first page, a page deep in its history, its
        // CSV), To Reorder (supplies at or below their level, 90 days' use each), the deliveries.
        ['GET /api/items/:id/stock-card (20,000 entries, page 1)', `/api/items/${DEEP_CARD}/stock-card?page=1&pageSize=20`],
        ['GET /api/items/:id/stock-card (20,000 entries, page 900)', `/api/items/${DEEP_CARD}/stock-card?page=${900 * SCALE}&pageSize=20`],
        ['GET /api/inventory/reorder (To Reorder)', '/api/inventory/reorder'],
        ['GET /api/deliveries (page 1)', '/api/deliveries?page=1&pageSize=20'],
        ['GET /api/deliveries (page 500)', '/api/deliveries?page=500&pageSize=20'],
        ['GET /api/deliveries?search=<supplier>', `/api/deliveries?search=${encodeURIComponent('Bench Supplier 07')}&pageSize=20`],
        // Reports: aggregations over a period, each ranging over an index (docs/decisions/reports.md).
        ['GET /api/reports/lending (last 30 days)', '/api/reports/lending'],
        ['GET /api/reports/lending?category (a term)', `/api/reports/lending?from=${termFrom}&to=${termTo}&category=Electrical`],
        ['GET /api/reports/utilization (a term)', `/api/reports/utilization?from=${termFrom}&to=${termTo}`],
        ['GET /api/reports/overdue (a term)', `/api/reports/overdue?from=${termFrom}&to=${termTo}`],
        ['GET /api/reports/repairs (a term)', `/api/reports/repairs?from=${termFrom}&to=${termTo}`],
        [
          'GET /api/reports/repairs?building&trade (a year)',
          `/api/reports/repairs?from=${yearFrom}&to=${termTo}&building=${encodeURIComponent('Science Hall')}&trade=plumber`,
        ],
        ['GET /api/reports/ratings (a year)', `/api/reports/ratings?from=${yearFrom}&to=${termTo}`],
        // The dashboards' charts: the office's over 30 days, 90 days and the term; a person's own.
        ['GET /api/dashboard/charts/office?period=30', '/api/dashboard/charts/office?period=30'],
        ['GET /api/dashboard/charts/office?period=90', '/api/dashboard/charts/office?period=90'],
        ['GET /api/dashboard/charts/office?period=term', '/api/dashboard/charts/office?period=term'],
        ['GET /api/dashboard/charts/personnel?period=90', '/api/dashboard/charts/personnel?period=90', personnelCookie],
        ['GET /api/dashboard/charts/user?period=90', '/api/dashboard/charts/user?period=90', userCookie],
      ];
      console.log(
        `\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per endpoint (after a 2 s warm-up), as an admin, ` +
          `${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${workers} worker process${workers === 1 ? '' : 'es'}\n`,
      );
      const rows: Figures[] = [];
      // BENCH_ONLY: parts of endpoints' names, comma-separated ("cold page,mixed": the cold pages and the mixed run).
      const onlyParts = process.env.BENCH_ONLY?.split(',').filter(Boolean);
      const run = async (name: string, path: string | (() => string), as: string) => {
        const first = typeof path === 'string' ? path : path();
        const sample = (await fetch(`${base}${first}`, { headers: { cookie: as } }).then((r) => r.json())) as { total?: number };
        const figures = await measure(name, base, path, as);
        const matches = sample.total === undefined ? '' : `[${sample.total} rows]`;
        console.log(
          `  ${name.padEnd(62)} ${matches.padStart(14)}  p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms   ` +
            `p99 ${figures.p99.toFixed(1).padStart(6)} ms   ${figures.rps.toFixed(0).padStart(6)} req/s${figures.errors ? `   ${figures.errors} errors` : ''}`,
        );
        return figures;
      };
      const picked = <T extends [string, ...unknown[]]>(list: T[]) =>
        list.filter(([name]) => !onlyParts || onlyParts.some((p) => name.includes(p)));
      for (const [name, url, as = cookie] of picked(scenarios)) rows.push(await run(name, url, as));
      const slow = rows.filter((r) => !(r.p95 < 50));
      if (rows.length)
        console.log(
          `\n${slow.length ? `p95 at or above 50 ms: ${slow.map((r) => r.name).join('; ')}` : 'Every endpoint: p95 under 50 ms.'}`,
        );
      const coldRows: Figures[] = [];
      if (picked(coldScenarios).length) console.log('\nCold pages (no kept answer: what the first reader after a change waits for):\n');
      for (const [name, path, as = cookie] of picked(coldScenarios)) coldRows.push(await run(name, path, as));
      if ([...rows, ...coldRows].some((r) => r.errors)) process.exitCode = 1;
      // The yearly count (scripts/benchCounts.ts): 20 counters scanning the 20,000 units of 2,000 rooms at once.
      const countName = 'POST /api/counts/:id/scans (yearly count)';
      if (picked([[countName]]).length) {
        const counterCookies: string[] = [];
        for (let i = 0; i < 20; i++) {
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `user${PERSONNEL_IDS.first - 1 + i}@bench.campus.test`,
              password: ADMIN.password,
              portal: 'personnel',
            }),
          });
          const c = (res.headers.get('set-cookie') ?? '').split(';')[0];
          if (!res.ok || !c) throw new Error(`could not sign in counter ${i + 1}: ${res.status}`);
          counterCookies.push(c);
        }
        const { db: countDb } = createDb({ databaseUrl, sqlitePath });
        const rooms = await unitsByRoom(countDb);
        console.log(`\nThe yearly count: a count of the whole campus, ${counterCookies.length} counters scanning at once:\n`);
        const count = await countBench({ db: countDb, base, officeCookie: cookie, counterCookies, rooms }).finally(() => countDb.destroy());
        const printCount = (f: (typeof count.rows)[number]) =>
          console.log(
            `  ${f.name.padEnd(62)} ${`[${f.requests}]`.padStart(14)}  p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   ` +
              `p99 ${f.p99.toFixed(1).padStart(6)} ms   ${f.rps.toFixed(0).padStart(6)} req/s${f.errors ? `   ${f.errors} errors` : ''}`,
          );
        count.rows.forEach(printCount);
        const slowCount = count.rows.filter((r) => !(r.p95 < 50));
        console.log(`  ${slowCount.length ? `p95 at or above 50 ms: ${slowCount.map((r) => r.name).join('; ')}` : 'p95 under 50 ms.'}`);
        console.log('\n  Then the rest of the scans, sent as fast as the answers come (not held to the target):\n');
        count.flush.forEach(printCount);
        console.log(`  ${count.summary}`);
        if (count.lost || [...count.rows, ...count.flush].some((r) => r.errors)) process.exitCode = 1;
        // Progress once the scans are in, under the usual load.
        const openCount = (await fetch(`${base}/api/counts?status=open&pageSize=1`, { headers: { cookie } }).then((r) => r.json())) as {
          items: { id: number }[];
        };
        const countId = openCount.items[0]!.id;
        rows.push(
          await run('GET /api/counts/:id/buildings (yearly count, progress per building)', `/api/counts/${countId}/buildings`, cookie),
        );
        rows.push(
          await run(
            'GET /api/counts/:id/rooms (yearly count, progress per room, page 50)',
            `/api/counts/${countId}/rooms?page=50&pageSize=20`,
            cookie,
          ),
        );
        rows.push(
          await run(
            'GET /api/counts/:id/units?group=not_found (yearly count)',
            `/api/counts/${countId}/units?group=not_found&pageSize=20`,
            cookie,
          ),
        );
        await fetch(`${base}/api/counts/${countId}/close`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: '{}',
        });
      }
      // A whole card as CSV is a download, not a list: one reader at a time, five times, the median and the slowest.
      const csvName = 'GET /api/items/:id/stock-card.csv (20,000 entries, one at a time)';
      if (picked([[csvName]]).length) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          const res = await fetch(`${base}/api/items/${DEEP_CARD}/stock-card.csv`, { headers: { cookie } });
          bytes = (await res.arrayBuffer()).byteLength;
          if (!res.ok) process.exitCode = 1;
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(`\n  ${csvName}: median ${times[2].toFixed(0)} ms, slowest ${times[4].toFixed(0)} ms, ${bytes} bytes`);
      }
      if (!onlyParts || onlyParts.includes('mixed')) await mixed(base, cookie, databaseUrl, sqlitePath, coldScenarios, run);
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
      server = null;
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * While changes arrive (docs/performance.md): writers change requests and file reports at WRITES_PER_SECOND while
 * CONNECTIONS readers go round the office's lists for MIXED_SECONDS (each list's p95 under 100 ms, no errors);
 * then, the writers still going, /api/health and each cold page (each at 10% or more of health's req/s).
 */
async function mixed(
  base: string,
  cookie: string,
  databaseUrl: string | null,
  sqlitePath: string,
  coldScenarios: [string, () => string, string?][],
  run: (name: string, path: string | (() => string), as: string) => Promise<Figures>,
) {
  const { db } = createDb({ databaseUrl, sqlitePath });
  const pools = await writePools(db);
  await db.destroy();
  const faculty = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `user${FACULTY_ID}@bench.campus.test`, password: ADMIN.password, portal: 'user' }),
  });
  const facultyCookie = (faculty.headers.get('set-cookie') ?? '').split(';')[0];
  if (!faculty.ok || !facultyCookie) throw new Error(`could not sign in as faculty: ${faculty.status} ${await faculty.text()}`);

  console.log(
    `\nWhile changes arrive: ${WRITES_PER_SECOND} changes a second (approve, mark returned, verify, file a report) ` +
      `while ${CONNECTIONS} connections read the office's lists for ${MIXED_SECONDS} s:\n`,
  );
  const writers = startWriters({ base, officeCookie: cookie, facultyCookie, pools, perSecond: WRITES_PER_SECOND });
  const lists = await readLists({ base, cookie, seconds: MIXED_SECONDS, connections: CONNECTIONS });
  for (const l of lists)
    console.log(
      `  ${l.name.padEnd(36)} ${String(l.requests).padStart(7)} reads  p50 ${l.p50.toFixed(1).padStart(6)} ms   ` +
        `p95 ${l.p95.toFixed(1).padStart(6)} ms   p99 ${l.p99.toFixed(1).padStart(6)} ms${l.errors ? `   ${l.errors} errors` : ''}`,
    );
  const slow = lists.filter((l) => !(l.p95 < 100) || l.errors);
  console.log(
    `\n${slow.length ? `p95 at or above 100 ms, or errors: ${slow.map((l) => l.name).join('; ')}` : 'Every list: p95 under 100 ms, no errors.'}`,
  );

  console.log('\nThe writers still going, /api/health and the cold pages:\n');
  const health = await run('GET /api/health (while changes arrive)', '/api/health', cookie);
  const cold: Figures[] = [];
  for (const [name, path, as = cookie] of coldScenarios) cold.push(await run(`${name}, changes arriving`, path, as));
  const writes = await writers.stop();
  const short = cold.filter((c) => !(c.rps >= health.rps * 0.1) || c.errors);
  console.log(
    `\n${short.length ? `Under 10% of /api/health's req/s, or errors: ${short.map((c) => c.name).join('; ')}` : `Every cold page: 10% or more of /api/health's ${health.rps.toFixed(0)} req/s, no errors.`}`,
  );
  console.log(
    `Changes made: ${writes.done} (${writes.perSecond.toFixed(1)} a second: ${Object.entries(writes.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}); refused by the state ${writes.refused}; failed ${writes.failed}${writes.failed ? ` (${JSON.stringify(writes.failures)})` : ''}.`,
  );
  if (slow.length || short.length || health.errors || writes.failed || writes.perSecond < 10) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
