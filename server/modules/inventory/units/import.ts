/** The units CSV import's writes (docs/decisions/units.md); csv.ts reads and checks the file. */
import * as say from '../../../../core/inventory/notices';
import { UNIT_MSG } from '../../../../core/inventory/units';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/database';
import type { Account, Item, ItemUnit } from '../../../db/schema';
import { conflict } from '../../../errors';
import { about, insertUnits, logEvent, now, recount, roomLabel, trackedItem } from './writes';
import { STOCK_MSG } from '../../../../core/inventory/stock';

/** A checked row of the units CSV: its unit (null: a new one) and the unit's fields as they are to be. */
export interface UnitImport {
  itemId: number;
  itemName: string;
  unit: ItemUnit | null;
  tag: string;
  serialNumber: string | null;
  condition: string;
  status: string;
  homeRoomId: number | null;
  roomCode: string | null;
}

/** Writes the checked rows in the caller's transaction: new units added, changed units updated with their history, each item recounted. */
export async function applyUnitImport(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  rows: UnitImport[],
): Promise<{ created: number; updated: number }> {
  const byItem = new Map<number, UnitImport[]>();
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  let [created, updated] = [0, 0];
  for (const [itemId, mine] of [...byItem].sort((a, b) => a[0] - b[0])) {
    const item = await trackedItem(trx, itemId);
    const [made, changed]: [string[], string[]] = [[], []];
    for (const r of mine) {
      if (!r.unit) {
        const [id] = await insertUnits(trx, actor, itemId, [r.tag], {
          serialNumber: r.serialNumber,
          condition: r.condition,
          homeRoomId: r.homeRoomId,
          note: 'CSV import',
        });
        if (r.status !== 'available') {
          await trx.updateTable('item_units').set({ status: r.status }).where('id', '=', id!).execute();
          await logEvent(trx, id!, actor.id, 'status', 'available', r.status);
        }
        made.push(r.tag);
        continue;
      }
      const u = r.unit;
      const at = now();
      const changes: [kind: string, from: string | null, to: string | null][] = [];
      if (r.serialNumber !== u.serial_number) changes.push(['serial', u.serial_number, r.serialNumber]);
      if (r.condition !== u.condition) changes.push(['condition', u.condition, r.condition]);
      if (r.homeRoomId !== u.home_room_id) changes.push(['moved', await roomLabel(trx, u.home_room_id), r.roomCode]);
      if (r.status !== u.status) changes.push(['status', u.status, r.status]);
      if (!changes.length) continue;
      const done = await trx
        .updateTable('item_units')
        .set({ serial_number: r.serialNumber, condition: r.condition, home_room_id: r.homeRoomId, status: r.status, updated_at: at })
        .where('id', '=', u.id)
        .where('status', '=', u.status)
        .where('status', 'not in', ['on_loan', 'issued', 'retired'])
        .executeTakeFirstOrThrow();
      if (Number(done.numUpdatedRows) === 0) throw conflict(UNIT_MSG.unitOnLoan(u.tag), 'unit_on_loan');
      // Its history after the change, so what it says (and the webhooks it tells) reads the unit as it now is.
      for (const [kind, from, to] of changes) await logEvent(trx, u.id, actor.id, kind, from, to, null, at);
      changed.push(u.tag);
    }
    await recount(trx, itemId, 'adjusted', { actorId: actor.id, reason: STOCK_MSG.unitImportReason });
    if (made.length || changed.length)
      await ctx.activity.record(about(actor, itemId), say.unitsImported(actor.full_name, item.name, made, changed), trx);
    created += made.length;
    updated += changed.length;
  }
  return { created, updated };
}

/** Tracked items by name (any case), for matching a CSV's rows to their items. */
export async function trackedItemsNamed(db: Db, names: string[]): Promise<Item[]> {
  const lower = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  const out: Item[] = [];
  for (let i = 0; i < lower.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('items')
        .selectAll()
        .where('tracking', '=', 'tracked')
        .where((eb) => eb(eb.fn('lower', ['name']), 'in', lower.slice(i, i + 500)))
        .execute()),
    );
  }
  return out;
}
