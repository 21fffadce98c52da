/**
 * A counted item becoming tracked while some of it is out on loan (docs/decisions/units.md): the loans get units.
 * Inventory makes a unit for everything there is, on the shelf and out, and hands the ones for what is out to these
 * functions, which name them on the open loans' lines as lent (and, for what was handed back and awaits the
 * office's check, in those returns), in the conversion's transaction: the loans then come back unit by unit.
 */
import { OPEN_LOAN_STATUSES } from '../../../core/borrowing/rules';
import { onPostgres, type Db } from '../../db/database';
import { lendUnits, unitsByTags } from '../inventory';

/** The open loans' lines of an item with something still out, oldest first. */
const linesOut = (trx: Db, itemId: number) =>
  trx
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .select(['bri.id', 'bri.request_id', 'bri.quantity_approved', 'bri.quantity_verified'])
    .where('bri.item_id', '=', itemId)
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .where((eb) => eb('bri.quantity_approved', '>', eb.ref('bri.quantity_verified')))
    .orderBy('bri.request_id')
    .orderBy('bri.id')
    .execute();

/**
 * Locks the requests that have the item out, in id order, before the conversion locks the item: a return being
 * verified locks its request and then the item, so taking them in the same order never deadlocks.
 */
export async function lockLoansOf(trx: Db, itemId: number): Promise<void> {
  if (!onPostgres(trx)) return; // SQLite runs one writer at a time
  const ids = [...new Set((await linesOut(trx, itemId)).map((l) => l.request_id))].sort((a, b) => a - b);
  for (const id of ids) await trx.selectFrom('borrow_requests').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * Names `units` (new, available) on the item's open loans, in the loans' order, each line as many as it has out;
 * those of a return awaiting verification go in that return. Answers how many it used.
 */
export async function giveUnitsToLoans(trx: Db, itemId: number, units: { tag: string }[], actorId: number): Promise<number> {
  let used = 0;
  for (const line of await linesOut(trx, itemId)) {
    const out = line.quantity_approved - line.quantity_verified;
    const mine = units.slice(used, used + out);
    used += mine.length;
    const rows = await unitsByTags(
      trx,
      mine.map((u) => u.tag),
    );
    const refused = await lendUnits(trx, actorId, itemId, rows, line.request_id);
    if (refused) throw new Error(`unit ${refused} was not available when it was made`);
    const awaiting = await trx
      .selectFrom('return_batch_lines as bl')
      .innerJoin('return_batches as b', 'b.id', 'bl.batch_id')
      .select(['bl.batch_id', 'bl.quantity'])
      .where('bl.line_id', '=', line.id)
      .where('b.verified_at', 'is', null)
      .where('b.refused_at', 'is', null)
      .orderBy('bl.batch_id')
      .execute();
    const batchOf = awaiting.flatMap((b) => Array.from({ length: b.quantity }, () => b.batch_id));
    if (!rows.length) continue;
    await trx
      .insertInto('borrow_line_units')
      .values(
        [...rows]
          .sort((a, b) => a.tag.localeCompare(b.tag))
          .map((u, i) => ({ line_id: line.id, unit_id: u.id, tag: u.tag, returned_at: null, batch_id: batchOf[i] ?? null })),
      )
      .execute();
  }
  return used;
}
