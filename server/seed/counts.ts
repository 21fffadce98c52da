/**
 * The demo's yearly counts (docs/decisions/counts.md), through the count's service as the office and its counters
 * work: last year's count of four buildings, closed, with its report (the units found, one relocated, one confirmed
 * lost), its dates written back a year (directly, as the rest of the seed's history), so the units' last counted
 * dates and Not seen for 12 months show real figures; and this year's count of the IT Building, open, with some scans.
 */
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import type { Account } from '../db/schema';
import { closeCount, confirmLosses, findUnitByTag, moveFoundUnit, scanBatch, startCount } from '../modules/inventory';
import { findRoomByCode } from '../modules/locations';

const DAY = 86_400_000;

const person = (ctx: Ctx, email: string): Promise<Account> =>
  ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

async function buildingIds(ctx: Ctx, codes: string[]): Promise<number[]> {
  const ids = [];
  for (const code of codes) {
    const room = await findRoomByCode(ctx.db, code);
    if (room) ids.push(room.buildingId);
  }
  return [...new Set(ids)];
}

/** Scans of tags in a room by one counter, as the phone sends them. */
async function scanIn(ctx: Ctx, counter: Account, countId: number, roomCode: string, tags: string[]): Promise<void> {
  const room = await findRoomByCode(ctx.db, roomCode);
  if (!room) return;
  await scanBatch(
    ctx,
    counter,
    countId,
    tags.map((tag) => ({ id: randomUUID(), roomId: room.id, tag })),
  );
}

/**
 * Last year's count of the Administration Building, the IT Building, the Library and the Science Building: every
 * unit found but one desktop of the library (confirmed lost), and one desktop of the registrar's office found in
 * Room 105 and given it as its home.
 */
export async function seedLastYearCount(ctx: Ctx): Promise<void> {
  const [staff, counter] = await Promise.all([person(ctx, 'staff@campus.test'), person(ctx, 'electrician@campus.test')]);
  const started = new Date(Date.now() - 380 * DAY);
  const reference = `CNT-${started.getUTCFullYear()}-001`;
  const buildings = await buildingIds(ctx, ['ADM-HALL', 'IT-LAB3', 'LIB-2RA', 'SCI-FR']);
  const countId = await startCount(ctx, staff, { reference, name: `Yearly count ${started.getUTCFullYear()}`, buildingIds: buildings });
  await scanIn(ctx, counter, countId, 'IT-LAB3', ['DSK-0001', 'DSK-0002', 'DSK-0003', 'DSK-0004']);
  await scanIn(ctx, counter, countId, 'ADM-REG', ['DSK-0005']);
  await scanIn(ctx, staff, countId, 'ADM-105', ['DSK-0006', 'LAP-0005', 'LAP-0006']);
  await scanIn(ctx, staff, countId, 'ADM-HALL', ['AC-0001']);
  await scanIn(ctx, counter, countId, 'SCI-FR', ['DSK-0008', 'LAP-0003', 'LAP-0004']);
  const relocated = await findUnitByTag(ctx.db, 'DSK-0006');
  if (relocated) await moveFoundUnit(ctx, staff, countId, relocated.id);
  await closeCount(ctx, staff, countId);
  await confirmLosses(ctx, staff, countId, { all: true });

  // A year back: when it was started, scanned, reconciled and closed, and what it wrote elsewhere.
  const at = (days: number, hours = 0) => new Date(started.getTime() + days * DAY + hours * 3_600_000).toISOString();
  const db = ctx.db;
  await db
    .updateTable('counts')
    .set({ started_at: at(0), closed_at: at(4) })
    .where('id', '=', countId)
    .execute();
  await db
    .updateTable('count_scans')
    .set({ scanned_at: at(1, 2) })
    .where('count_id', '=', countId)
    .execute();
  await db
    .updateTable('count_units')
    .set({ found_at: at(1, 2) })
    .where('count_id', '=', countId)
    .where('found_at', 'is not', null)
    .execute();
  await db
    .updateTable('count_units')
    .set({ moved_at: at(3) })
    .where('count_id', '=', countId)
    .where('moved_at', 'is not', null)
    .execute();
  await db
    .updateTable('count_units')
    .set({ lost_at: at(5) })
    .where('count_id', '=', countId)
    .where('lost_at', 'is not', null)
    .execute();
  const found = db.selectFrom('count_units').select('unit_id').where('count_id', '=', countId).where('found_at', 'is not', null);
  await db
    .updateTable('item_units')
    .set({ last_counted_at: at(1, 2) })
    .where('id', 'in', found)
    .execute();
  const lost = db.selectFrom('count_units').select('unit_id').where('count_id', '=', countId).where('lost_at', 'is not', null);
  await db
    .updateTable('item_units')
    .set({ updated_at: at(5) })
    .where('id', 'in', lost)
    .execute();
  await db
    .updateTable('unit_events')
    .set((eb) => ({ created_at: eb.case().when('kind', '=', 'moved').then(at(3)).else(at(5)).end() }))
    .where('note', 'like', `Count ${reference}%`)
    .execute();
  await db
    .updateTable('stock_movements')
    .set({ created_at: at(5) })
    .where('count_id', '=', countId)
    .execute();
  await db
    .updateTable('activity')
    .set((eb) => ({
      created_at: eb
        .case()
        .when('description', 'like', '%started count%')
        .then(at(0))
        .when('description', 'like', '% moved %')
        .then(at(3))
        .when('description', 'like', '%closed count%')
        .then(at(4))
        .else(at(5))
        .end(),
    }))
    .where('description', 'like', `%${reference}%`)
    .execute();
}

/**
 * This year's count of the IT Building, started four days ago: three desktops scanned (one in the server room) and
 * a stray label; the desktop in the electrician's custody is still to be found.
 */
export async function seedOpenCount(ctx: Ctx): Promise<void> {
  const [staff, counter] = await Promise.all([person(ctx, 'staff@campus.test'), person(ctx, 'electrician@campus.test')]);
  const started = new Date(Date.now() - 4 * DAY);
  const year = started.getUTCFullYear();
  const buildings = await buildingIds(ctx, ['IT-LAB3']);
  const reference = `CNT-${year}-001`;
  const countId = await startCount(ctx, staff, { reference, name: `Yearly count ${year}: IT Building`, buildingIds: buildings });
  await scanIn(ctx, counter, countId, 'IT-LAB3', ['DSK-0001', 'DSK-0002', 'OLD-PC-17']);
  await scanIn(ctx, counter, countId, 'IT-SERVER', ['DSK-0003']);

  const scanned = new Date(started.getTime() + 3 * 3_600_000).toISOString();
  const db = ctx.db;
  await db.updateTable('counts').set({ started_at: started.toISOString() }).where('id', '=', countId).execute();
  await db.updateTable('count_scans').set({ scanned_at: scanned }).where('count_id', '=', countId).execute();
  await db.updateTable('count_unknown_tags').set({ scanned_at: scanned }).where('count_id', '=', countId).execute();
  await db
    .updateTable('count_units')
    .set({ found_at: scanned })
    .where('count_id', '=', countId)
    .where('found_at', 'is not', null)
    .execute();
  await db.updateTable('activity').set({ created_at: started.toISOString() }).where('description', 'like', `%${reference}%`).execute();
}
