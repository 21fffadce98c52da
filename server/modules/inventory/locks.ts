/** The item row's lock and the holds of other modules on an item, shared by the item and the unit writes. */
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Item } from '../../db/schema';
import { notFound } from '../../errors';

/**
 * Locks an item's row for the rest of the transaction (PostgreSQL; SQLite runs one writer at a time) and
 * answers it, or 404. Approvals take stock through the same row, so a delete and an approval never interleave.
 */
export async function lockItem(trx: Db, id: number): Promise<Item> {
  await trx
    .updateTable('items')
    .set((eb) => ({ quantity: eb.ref('quantity') }))
    .where('id', '=', id)
    .execute();
  const item = await trx.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!item) throw notFound(MSG.itemNotFound);
  return item;
}

/** The units of an item other modules have out (ctx.itemHolds: borrowing's loans). */
export async function unitsOutOf(ctx: Ctx, trx: Db, itemId: number): Promise<number> {
  let units = 0;
  for (const hold of ctx.itemHolds) units += await hold.unitsOut(trx, itemId);
  return units;
}
