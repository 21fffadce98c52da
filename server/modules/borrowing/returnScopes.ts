/**
 * What a verification checks in (docs/decisions/partial-returns.md): one batch, everything handed back, or
 * everything lent; and, once checked in, counted on the request's lines.
 */
import type { Db } from '../../db/database';
import { lentOf, linesOf } from './stillOut';

/** A verification's scope: each line with the quantity being checked in (as `quantity_approved`), and its units. */
export interface Scope {
  lines: { id: number; item_id: number | null; item_name: string; category: string; quantity_approved: number }[];
  lent: { id: number; line_id: number; unit_id: number | null; tag: string }[];
}

/** What one batch brought back and is not checked in yet. */
export async function batchScope(trx: Db, requestId: number, batchId: number): Promise<Scope> {
  const rows = await trx
    .selectFrom('return_batch_lines as bl')
    .innerJoin('borrow_request_items as bri', 'bri.id', 'bl.line_id')
    .select(['bri.id', 'bri.item_id', 'bri.item_name', 'bri.category', 'bl.quantity'])
    .where('bl.batch_id', '=', batchId)
    .where('bri.request_id', '=', requestId)
    .orderBy('bri.item_id')
    .execute();
  const lent = await trx
    .selectFrom('borrow_line_units')
    .select(['id', 'line_id', 'unit_id', 'tag'])
    .where('batch_id', '=', batchId)
    .where('returned_at', 'is', null)
    .orderBy('tag')
    .execute();
  return { lines: rows.map((r) => ({ ...r, quantity_approved: r.quantity })), lent };
}

/**
 * Everything of the request not checked in yet: what was handed back (`includeOut` false: a returned request's
 * verification) or everything lent (true: the office marking a loan returned at once).
 */
export async function unverifiedScope(trx: Db, requestId: number, includeOut: boolean): Promise<Scope> {
  const lines = await linesOf(trx, requestId);
  const lent = (
    await lentOf(
      trx,
      lines.map((l) => l.id),
    )
  )
    // A returned request has nothing out: every unit not checked in is handed back (a request returned before
    // migration 031 has its units in no batch).
    .filter((u) => u.returned_at === null);
  return {
    lines: lines
      .map((l) => ({ ...l, quantity_approved: (includeOut ? l.quantity_approved : l.quantity_back) - l.quantity_verified }))
      .filter((l) => l.quantity_approved > 0),
    lent: lent.map(({ id, line_id, unit_id, tag }) => ({ id, line_id, unit_id, tag })),
  };
}

/** The scope is checked in: counted on its lines (and, marking a loan returned, handed back too). */
export async function markVerified(trx: Db, scope: Scope, handedBack: boolean): Promise<void> {
  for (const l of scope.lines) {
    await trx
      .updateTable('borrow_request_items')
      .set((eb) => ({
        quantity_verified: eb('quantity_verified', '+', l.quantity_approved),
        ...(handedBack ? { quantity_back: eb.ref('quantity_approved') } : {}),
      }))
      .where('id', '=', l.id)
      .execute();
  }
}
