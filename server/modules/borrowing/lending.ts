/**
 * Lines going out (an approval, a reservation's hand-out; docs/decisions/stock-and-approval.md, units.md): the units
 * chosen for the tracked lines, each quantity taken from the shelf, the units lent and named on their lines.
 */
import { availabilityOf } from '../../../core/inventory/rules';
import { tidyTag } from '../../../core/inventory/units';
import { MSG } from '../../../core/messages';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { itemsByIds, stockOf, lendUnits, takeFromStock, unitsByTags } from '../inventory';

/**
 * The units chosen for each tracked line approved (docs/decisions/units.md): exactly its quantity, each of the
 * line's item; a tag of no unit, of another item or chosen twice is refused (400) before anything moves.
 */
export async function unitsForLines(
  trx: Db,
  lines: { item_id: number | null; item_name: string; quantity_requested: number }[],
  tags: string[],
) {
  const wanted = tags.map(tidyTag);
  if (new Set(wanted).size !== wanted.length) throw badRequest(UNIT_APPROVE.chosenTwice, 'units_required');
  const units = await unitsByTags(trx, wanted);
  const known = new Set(units.map((u) => u.tag));
  const unknown = wanted.find((t) => !known.has(t));
  if (unknown) throw badRequest(UNIT_APPROVE.noSuchUnit(unknown), 'units_required');
  const tracked = await itemsByIds(
    trx,
    lines.flatMap((l) => (l.item_id === null ? [] : [l.item_id])),
  );
  const byLine = new Map<number, typeof units>();
  for (const line of lines) {
    const item = line.item_id === null ? undefined : tracked.get(line.item_id);
    if (item?.tracking !== 'tracked') continue;
    const mine = units.filter((u) => u.item_id === line.item_id);
    if (mine.length !== line.quantity_requested) {
      throw badRequest(UNIT_APPROVE.chooseUnits(line.item_name, line.quantity_requested, mine.length), 'units_required');
    }
    byLine.set(line.item_id!, mine);
  }
  const stray = units.find((u) => !byLine.has(u.item_id));
  if (stray) throw badRequest(UNIT_APPROVE.notOfRequest(stray.tag), 'units_required');
  return byLine;
}

const UNIT_APPROVE = {
  chosenTwice: 'The same unit is chosen twice.',
  noSuchUnit: (tag: string) => `No unit has the asset tag ${tag}.`,
  notOfRequest: (tag: string) => `${tag} is not a unit of an item approved in this request.`,
  chooseUnits: (name: string, want: number, got: number) =>
    `Choose ${want} ${want === 1 ? 'unit' : 'units'} of ${name} to lend (${got} chosen).`,
  taken: (tag: string) => `${tag} is no longer available (lent, in repair or retired meanwhile). Choose another unit.`,
};

/**
 * A line going out; `quantity` is what is issued of a supply line (docs/decisions/supplies.md: it may be less than
 * asked), else the quantity asked for goes.
 */
export type LineToLend = {
  id: number;
  item_id: number | null;
  item_name: string;
  quantity_requested: number;
  supply?: number;
  quantity?: number;
};

/**
 * Lines going out now (an approval, a reservation's hand-out): each quantity taken from the shelf, a tracked line's
 * units lent and named on it, the line marked approved for that quantity. Refused, naming the line, when the shelf
 * or a unit cannot give it.
 */
export async function lendLines(
  trx: Db,
  actor: Account,
  requestId: number,
  lines: readonly LineToLend[],
  unitsOf: Awaited<ReturnType<typeof unitsForLines>>,
  at: string,
): Promise<void> {
  for (const line of lines) {
    const quantity = line.quantity ?? line.quantity_requested;
    const kind = line.supply === 1 ? 'issued' : 'lent';
    if (!(await takeFromStock(trx, line.item_id!, quantity, { actorId: actor.id, requestId, at, kind }))) {
      const item = await stockOf(trx, line.item_id!);
      if (!item) throw conflict(MSG.itemGoneFromInventory(line.item_name), 'item_not_found');
      if (item.item_status !== 'available') {
        throw conflict(`${line.item_name}: ${MSG.itemNotAvailable(availabilityOf(item).status)}`, 'item_not_available');
      }
      throw conflict(MSG.stockShort(line.item_name, Math.max(0, item.quantity), quantity), 'short_stock');
    }
    const units = unitsOf.get(line.item_id!);
    if (units) {
      const taken = await lendUnits(trx, actor.id, line.item_id!, units, requestId, at);
      if (taken) throw conflict(UNIT_APPROVE.taken(taken), 'unit_not_available');
      await trx
        .insertInto('borrow_line_units')
        .values(units.map((u) => ({ line_id: line.id, unit_id: u.id, tag: u.tag, returned_at: null })))
        .execute();
    }
    // A supply line is settled as it is issued: nothing of it is out, to come back or to check in.
    const settled = line.supply === 1 ? { quantity_back: quantity, quantity_verified: quantity } : {};
    await trx
      .updateTable('borrow_request_items')
      .set({ quantity_approved: quantity, ...settled })
      .where('id', '=', line.id)
      .execute();
  }
}
