/**
 * The demo's custody (docs/decisions/custody.md), through the custody service as the office and the holders work:
 * a laptop Prof. Miguel Tan holds being transferred to Dr. Teresa Gomez (awaiting her confirmation), a laptop with
 * Dr. Gomez (acknowledged), a laptop held by the Science Building's Faculty Room, and a desktop of the IT lab with
 * the electrician (awaiting his acknowledgement). Each step is then dated back to the day it happened (written
 * directly, as the rest of the seed's history), so today's feed is not crowded with them.
 */
import type { Ctx } from '../context';
import type { Account } from '../db/schema';
import { acknowledge, issueToCustodian, transferCustody } from '../modules/custody';
import { findUnitByTag } from '../modules/inventory';
import { findRoomByCode } from '../modules/locations';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const person = (ctx: Ctx, email: string): Promise<Account> =>
  ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

export async function seedCustody(ctx: Ctx): Promise<void> {
  const [staff, gomez, tan, electrician] = await Promise.all(
    ['staff@campus.test', 'faculty@campus.test', 'mtan@campus.test', 'electrician@campus.test'].map((e) => person(ctx, e)),
  );
  const room = await findRoomByCode(ctx.db, 'SCI-FR');
  const units = new Map<string, number>();
  for (const tag of ['LAP-0001', 'LAP-0002', 'LAP-0003', 'DSK-0004']) {
    const unit = await findUnitByTag(ctx.db, tag);
    if (unit) units.set(tag, unit.id);
  }
  if (units.size < 4 || !room) return;
  const id = (tag: string) => units.get(tag)!;

  // In the order they happened, so each item's stock card reads in date order.
  const tanSlip = await issueToCustodian(ctx, staff, { tags: ['LAP-0002'], holder: 'person', accountId: tan.id });
  await acknowledge(ctx, tan, id('LAP-0002'));
  const gomezSlip = await issueToCustodian(ctx, staff, { tags: ['LAP-0001'], holder: 'person', accountId: gomez.id });
  await acknowledge(ctx, gomez, id('LAP-0001'));
  const roomSlip = await issueToCustodian(ctx, staff, { tags: ['LAP-0003'], holder: 'room', roomId: room.id });
  const desktopSlip = await issueToCustodian(ctx, staff, { tags: ['DSK-0004'], holder: 'person', accountId: electrician.id });
  const transferSlip = await transferCustody(ctx, staff, { tags: ['LAP-0002'], holder: 'person', accountId: gomez.id });

  await datedBack(ctx, { unitId: id('LAP-0002'), slip: tanSlip, issued: daysAgo(62), acknowledged: daysAgo(61) });
  await datedBack(ctx, { unitId: id('LAP-0001'), slip: gomezSlip, issued: daysAgo(45), acknowledged: daysAgo(44) });
  await datedBack(ctx, { unitId: id('LAP-0003'), slip: roomSlip, issued: daysAgo(30), acknowledged: daysAgo(30) });
  await datedBack(ctx, { unitId: id('DSK-0004'), slip: desktopSlip, issued: daysAgo(6), acknowledged: null });
  await datedBack(ctx, { unitId: id('LAP-0002'), slip: transferSlip, issued: daysAgo(5), acknowledged: null });
}

/** One slip's steps as of the days they happened: the slip, its custody row, the unit's lines, its card, feed and bell. */
async function datedBack(
  ctx: Ctx,
  s: { unitId: number; slip: { id: number; code: string }; issued: string; acknowledged: string | null },
): Promise<void> {
  const db = ctx.db;
  const code = `(${s.slip.code})`;
  const transfer = s.slip.code.startsWith('TS-');
  await db.updateTable('custody_slips').set({ created_at: s.issued }).where('id', '=', s.slip.id).execute();
  await db
    .updateTable('unit_custody')
    .set({ started_at: s.issued, ...(s.acknowledged ? { acknowledged_at: s.acknowledged } : {}) })
    .where('slip_id', '=', s.slip.id)
    .execute();
  const steps = transfer ? ['transfer_started'] : ['issued', 'acknowledged'];
  await db
    .updateTable('unit_events')
    .set((eb) => ({
      created_at: eb
        .case()
        .when('to_value', '=', 'acknowledged')
        .then(s.acknowledged ?? s.issued)
        .else(s.issued)
        .end(),
    }))
    .where('unit_id', '=', s.unitId)
    .where('kind', '=', 'custody')
    .where('to_value', 'in', steps)
    .execute();
  if (!transfer)
    await db
      .updateTable('stock_movements')
      .set({ created_at: s.issued })
      .where('unit_id', '=', s.unitId)
      .where('kind', '=', 'issued')
      .execute();
  await db
    .updateTable('activity')
    .set((eb) => ({
      created_at: eb
        .case()
        .when('description', 'like', '%acknowledged%')
        .then(s.acknowledged ?? s.issued)
        .else(s.issued)
        .end(),
    }))
    .where('description', 'like', `%${code}`)
    .execute();
  await db.updateTable('notifications').set({ created_at: s.issued }).where('message', 'like', `%${code}%`).execute();
}
