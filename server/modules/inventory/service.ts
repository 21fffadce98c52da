/** Every change to the stock on hand (DECISIONS 10). Each runs in the caller's transaction. */
import type { Db } from '../../db/database';

/**
 * Takes `quantity` units out of stock, only while the item can be lent: the availability rule (core
 * availabilityOf) as the UPDATE's guard, so concurrent approvals cannot drive stock below zero. Answers
 * whether it was taken.
 */
export async function takeFromStock(trx: Db, itemId: number, quantity: number): Promise<boolean> {
  const taken = await trx
    .updateTable('items')
    .set((eb) => ({ quantity: eb('quantity', '-', quantity) }))
    .where('id', '=', itemId)
    .where('item_status', '=', 'available')
    .where('quantity', '>=', quantity)
    .executeTakeFirstOrThrow();
  return Number(taken.numUpdatedRows) > 0;
}

/** Puts units back on the shelf (a completed loan, or one staff marked returned). */
export async function returnToStock(trx: Db, itemId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('items')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity) }))
    .where('id', '=', itemId)
    .execute();
}
