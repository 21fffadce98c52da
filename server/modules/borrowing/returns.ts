/**
 * A hand-back (docs/decisions/partial-returns.md): what it names, checked against what is still out, recorded as a
 * batch awaiting verification; and the batches as the request shows them. The steps that record and verify them
 * (handBack.ts, counterReturn.ts, verifyReturn.ts, ...) call these in their transactions.
 */
import type { ReturnBatchDto, ReturnSelection } from '../../../core/borrowing/schemas';
import { tidyTag } from '../../../core/inventory/units';
import type { Db } from '../../db/database';
import type { BorrowRequest } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { MSG } from '../../../core/messages';
import { lentOf, linesOf, stillOut, type LentRow } from './stillOut';

const now = () => new Date().toISOString();

export const RETURN_MSG = {
  lineNotInRequest: 'That line is not in this request.',
  lineTracked: (name: string) => `${name} is lent unit by unit: name its units by asset tag.`,
  moreThanOut: (name: string, out: number) =>
    out === 0 ? `Nothing of ${name} is still out.` : `Only ${out} of ${name} ${out === 1 ? 'is' : 'are'} still out.`,
  unitNotLent: (tag: string) => `${tag} was not lent on this request.`,
  unitTwice: (tag: string) => `${tag} is named twice.`,
  unitAlreadyReturned: (tag: string) => `${tag} has already been handed back.`,
  nothingOut: 'Everything on this request has already been handed back.',
  nothingChosen: 'Choose what is coming back.',
  itemsOut: (out: number) =>
    `${out} ${out === 1 ? 'item is' : 'items are'} still out: the request completes when everything is back and verified.`,
  batchNotFound: 'That return is not on this request.',
  alreadyVerified: 'This return has already been verified.',
  refused: 'This return was marked not yet returned.',
};

/**
 * Records a hand-back: what it names (a count per counted line, tags for tracked lines; nothing named = everything
 * still out), checked against what is still out, as a batch awaiting verification. Answers the batch and whether
 * everything is now back. Refusals (400/409) come before anything is written.
 */
export async function recordBatch(
  trx: Db,
  request: BorrowRequest,
  actorId: number,
  selection: ReturnSelection | null,
  opts: { proofPath: string | null; atCounter: boolean },
): Promise<{ batchId: number; allBack: boolean; what: { name: string; quantity: number; tags: string[] }[] }> {
  const lines = await linesOf(trx, request.id);
  const lent = await lentOf(
    trx,
    lines.map((l) => l.id),
  );
  const trackedLines = new Set(lent.map((u) => u.line_id));
  const take = new Map<number, number>();
  const units: LentRow[] = [];
  const named = selection && ((selection.items?.length ?? 0) > 0 || (selection.units?.length ?? 0) > 0);
  if (!named) {
    for (const l of lines) {
      if (trackedLines.has(l.id)) continue;
      const out = l.quantity_approved - l.quantity_back;
      if (out > 0) take.set(l.id, out);
    }
    units.push(...lent.filter((u) => u.batch_id === null && u.returned_at === null));
    if (!take.size && !units.length) throw conflict(RETURN_MSG.nothingOut, 'nothing_to_return');
  } else {
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const item of selection.items ?? []) {
      const line = byId.get(item.lineId);
      if (!line) throw badRequest(RETURN_MSG.lineNotInRequest, 'line_not_in_request');
      if (trackedLines.has(line.id)) throw badRequest(RETURN_MSG.lineTracked(line.item_name), 'line_tracked');
      const sum = (take.get(line.id) ?? 0) + item.quantity;
      const out = line.quantity_approved - line.quantity_back;
      if (sum > out) throw conflict(RETURN_MSG.moreThanOut(line.item_name, out), 'more_than_out');
      take.set(line.id, sum);
    }
    const byTag = new Map(lent.map((u) => [u.tag, u]));
    const seen = new Set<string>();
    for (const raw of selection.units ?? []) {
      const tag = tidyTag(raw);
      const unit = byTag.get(tag);
      if (!unit) throw badRequest(RETURN_MSG.unitNotLent(tag), 'unit_not_on_loan');
      if (seen.has(tag)) throw badRequest(RETURN_MSG.unitTwice(tag), 'invalid_input');
      if (unit.batch_id !== null || unit.returned_at !== null) throw conflict(RETURN_MSG.unitAlreadyReturned(tag), 'unit_already_returned');
      seen.add(tag);
      units.push(unit);
    }
    if (!take.size && !units.length) throw badRequest(RETURN_MSG.nothingChosen, 'nothing_to_return');
  }
  for (const u of units) take.set(u.line_id, (take.get(u.line_id) ?? 0) + 1);

  const { id: batchId } = await trx
    .insertInto('return_batches')
    .values({
      request_id: request.id,
      proof_path: opts.proofPath,
      at_counter: opts.atCounter ? 1 : 0,
      created_by: actorId,
      created_at: now(),
      verified_at: null,
      verified_by: null,
      refused_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('return_batch_lines')
    .values([...take].map(([lineId, quantity]) => ({ batch_id: batchId, line_id: lineId, quantity })))
    .execute();
  // Guarded writes: under the request's lock they cannot fail, but they never hand back more than is out.
  for (const [lineId, quantity] of take) {
    const done = await trx
      .updateTable('borrow_request_items')
      .set((eb) => ({ quantity_back: eb('quantity_back', '+', quantity) }))
      .where('id', '=', lineId)
      .where((eb) => eb(eb('quantity_approved', '-', eb.ref('quantity_back')), '>=', quantity))
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0)
      throw conflict(RETURN_MSG.moreThanOut(lines.find((l) => l.id === lineId)!.item_name, 0), 'more_than_out');
  }
  for (const u of units) {
    const done = await trx
      .updateTable('borrow_line_units')
      .set({ batch_id: batchId })
      .where('id', '=', u.id)
      .where('batch_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) throw conflict(RETURN_MSG.unitAlreadyReturned(u.tag), 'unit_already_returned');
  }
  const allBack = (await stillOut(trx, request.id)) === 0;
  const what = lines
    .filter((l) => take.has(l.id))
    .map((l) => ({
      name: l.item_name,
      quantity: take.get(l.id)!,
      tags: units.filter((u) => u.line_id === l.id).map((u) => u.tag),
    }));
  return { batchId, allBack, what };
}

// ---- reading them ----

/** A batch's proof with the request's borrower, for the proof route's check. */
export const batchProofOf = (db: Db, requestId: number, batchId: number) =>
  db
    .selectFrom('return_batches as rb')
    .innerJoin('borrow_requests as br', 'br.id', 'rb.request_id')
    .select(['br.account_id', 'rb.proof_path'])
    .where('rb.id', '=', batchId)
    .where('rb.request_id', '=', requestId)
    .executeTakeFirst();

/** The requests' return batches, oldest first, each with what it brought back. */
export async function batchesOf(db: Db, requestIds: number[]): Promise<Map<number, ReturnBatchDto[]>> {
  const out = new Map<number, ReturnBatchDto[]>();
  if (!requestIds.length) return out;
  const batches = await db
    .selectFrom('return_batches as rb')
    .leftJoin('accounts as a', 'a.id', 'rb.created_by')
    .select([
      'rb.id',
      'rb.request_id',
      'rb.proof_path',
      'rb.at_counter',
      'rb.created_at',
      'rb.verified_at',
      'rb.refused_at',
      'a.full_name as by_name',
    ])
    .where('rb.request_id', 'in', requestIds)
    .orderBy('rb.id')
    .execute();
  if (!batches.length) return out;
  const ids = batches.map((b) => b.id);
  const lines = await db
    .selectFrom('return_batch_lines as bl')
    .innerJoin('borrow_request_items as bri', 'bri.id', 'bl.line_id')
    .select(['bl.batch_id', 'bl.line_id', 'bri.item_name', 'bl.quantity'])
    .where('bl.batch_id', 'in', ids)
    .orderBy('bl.id')
    .execute();
  // A refused batch's units were released; the units named by the others are read off the loan's lines.
  const units = await db
    .selectFrom('borrow_line_units')
    .select(['batch_id', 'line_id', 'tag'])
    .where('batch_id', 'in', ids)
    .orderBy('tag')
    .execute();
  for (const b of batches) {
    const list = out.get(b.request_id) ?? [];
    list.push({
      id: b.id,
      at: b.created_at,
      atCounter: b.at_counter === 1,
      by: b.by_name ?? MSG.deletedUser,
      status: b.verified_at ? 'verified' : b.refused_at ? 'refused' : 'awaiting',
      proofUrl: b.proof_path ? `/api/borrow-requests/${b.request_id}/returns/${b.id}/proof` : null,
      items: lines
        .filter((l) => l.batch_id === b.id)
        .map((l) => ({
          lineId: l.line_id,
          name: l.item_name,
          quantity: l.quantity,
          units: units.filter((u) => u.batch_id === b.id && u.line_id === l.line_id).map((u) => u.tag),
        })),
    });
    out.set(b.request_id, list);
  }
  return out;
}
