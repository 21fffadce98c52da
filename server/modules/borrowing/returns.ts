/**
 * Partial returns (docs/decisions/partial-returns.md): what a hand-back names, checked against what is still out;
 * the batch it makes; the scope of a verification (one batch, or everything handed back, or everything lent); and
 * the batches as the request shows them. The request's moves stay in service.ts, which calls these in its
 * transactions.
 */
import type { ReturnBatchDto, ReturnSelection } from '../../../core/borrowing/schemas';
import { tidyTag } from '../../../core/inventory/units';
import { onPostgres, type Db } from '../../db/database';
import type { BorrowRequest } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { MSG } from '../../../core/messages';

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

type LineRow = {
  id: number;
  item_id: number | null;
  item_name: string;
  category: string;
  quantity_approved: number;
  quantity_back: number;
  quantity_verified: number;
};
type LentRow = { id: number; line_id: number; unit_id: number | null; tag: string; batch_id: number | null; returned_at: string | null };

/** A verification's scope: each line with the quantity being checked in (as `quantity_approved`), and its units. */
export interface Scope {
  lines: { id: number; item_id: number | null; item_name: string; category: string; quantity_approved: number }[];
  lent: { id: number; line_id: number; unit_id: number | null; tag: string }[];
}

/**
 * Locks the request's row for the rest of the transaction (PostgreSQL: SELECT ... FOR UPDATE; SQLite runs one writer
 * at a time), so the returns, verifications and refusals of one request run one after the other and read each
 * other's writes. Not a no-op UPDATE: that would fire the request table's triggers (list version, status counts) out
 * of the order every status move takes them in, and deadlock against approvals.
 */
export async function lockRequest(trx: Db, id: number): Promise<BorrowRequest> {
  let query = trx.selectFrom('borrow_requests').selectAll().where('id', '=', id);
  if (onPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(MSG.requestNotFound);
  return row;
}

const linesOf = (trx: Db, id: number): Promise<LineRow[]> =>
  trx
    .selectFrom('borrow_request_items')
    .select(['id', 'item_id', 'item_name', 'category', 'quantity_approved', 'quantity_back', 'quantity_verified'])
    .where('request_id', '=', id)
    .orderBy('item_id')
    .execute();

async function lentOf(trx: Db, lineIds: number[]): Promise<LentRow[]> {
  if (!lineIds.length) return [];
  return trx
    .selectFrom('borrow_line_units')
    .select(['id', 'line_id', 'unit_id', 'tag', 'batch_id', 'returned_at'])
    .where('line_id', 'in', lineIds)
    .orderBy('tag')
    .execute();
}

/** How many things of the request are still out (lent, not handed back in a batch not refused). */
export async function stillOut(trx: Db, id: number): Promise<number> {
  return (await linesOf(trx, id)).reduce((n, l) => n + l.quantity_approved - l.quantity_back, 0);
}

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

/** Claims a batch for verification, once: a guarded update (404 not this request's, 409 verified or refused). */
export async function claimBatch(trx: Db, requestId: number, batchId: number, actorId: number): Promise<void> {
  const done = await trx
    .updateTable('return_batches')
    .set({ verified_at: now(), verified_by: actorId })
    .where('id', '=', batchId)
    .where('request_id', '=', requestId)
    .where('verified_at', 'is', null)
    .where('refused_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(done.numUpdatedRows) > 0) return;
  await refuseUnlessOpen(trx, requestId, batchId);
}

async function refuseUnlessOpen(trx: Db, requestId: number, batchId: number): Promise<never> {
  const batch = await trx
    .selectFrom('return_batches')
    .select(['verified_at', 'refused_at'])
    .where('id', '=', batchId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!batch) throw notFound(RETURN_MSG.batchNotFound);
  if (batch.refused_at) throw conflict(RETURN_MSG.refused, 'return_refused');
  throw conflict(RETURN_MSG.alreadyVerified, 'already_verified');
}

/** Whether the batch is this request's and still awaiting verification (asked before photos are read). */
export async function assertBatchOpen(db: Db, requestId: number, batchId: number): Promise<void> {
  const batch = await db
    .selectFrom('return_batches')
    .select(['verified_at', 'refused_at'])
    .where('id', '=', batchId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (batch && !batch.verified_at && !batch.refused_at) return;
  await refuseUnlessOpen(db, requestId, batchId);
}

/** Every batch of the request still awaiting verification is verified (a whole-request verification). */
export async function claimAllBatches(trx: Db, requestId: number, actorId: number): Promise<void> {
  await trx
    .updateTable('return_batches')
    .set({ verified_at: now(), verified_by: actorId })
    .where('request_id', '=', requestId)
    .where('verified_at', 'is', null)
    .where('refused_at', 'is', null)
    .execute();
}

export async function awaitingBatches(trx: Db, requestId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('return_batches')
    .select('id')
    .where('request_id', '=', requestId)
    .where('verified_at', 'is', null)
    .where('refused_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
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

/**
 * Not Yet Returned on a batch: refused once (guarded), its things count as out again (its units and counts are
 * released). Answers false when it was verified or refused already.
 */
export async function refuseBatch(trx: Db, requestId: number, batchId: number): Promise<void> {
  const done = await trx
    .updateTable('return_batches')
    .set({ refused_at: now() })
    .where('id', '=', batchId)
    .where('request_id', '=', requestId)
    .where('verified_at', 'is', null)
    .where('refused_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(done.numUpdatedRows) === 0) await refuseUnlessOpen(trx, requestId, batchId);
  const rows = await trx.selectFrom('return_batch_lines').select(['line_id', 'quantity']).where('batch_id', '=', batchId).execute();
  for (const r of rows) {
    await trx
      .updateTable('borrow_request_items')
      .set((eb) => ({ quantity_back: eb('quantity_back', '-', r.quantity) }))
      .where('id', '=', r.line_id)
      .execute();
  }
  await trx.updateTable('borrow_line_units').set({ batch_id: null }).where('batch_id', '=', batchId).execute();
}

/**
 * What is still out of each request that came back in part (docs/decisions/partial-returns.md), in words for the
 * reminders: "Ladder L-0003; 2 × Chairs". Requests nothing came back of are not in the map (their notices name the
 * whole loan, as before).
 */
export async function stillOutWords(db: Db, requestIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!requestIds.length) return out;
  const lines = await db
    .selectFrom('borrow_request_items')
    .select(['id', 'request_id', 'item_name', 'quantity_approved', 'quantity_back'])
    .where('request_id', 'in', requestIds)
    .orderBy('id')
    .execute();
  const partial = new Set(lines.filter((l) => l.quantity_back > 0).map((l) => l.request_id));
  const mine = lines.filter((l) => partial.has(l.request_id) && l.quantity_approved > l.quantity_back);
  const units = await lentOf(
    db,
    mine.map((l) => l.id),
  );
  for (const l of mine) {
    const tags = units.filter((u) => u.line_id === l.id && u.batch_id === null && u.returned_at === null).map((u) => u.tag);
    const words = tags.length ? `${l.item_name} ${tags.join(', ')}` : `${l.quantity_approved - l.quantity_back} × ${l.item_name}`;
    out.set(l.request_id, out.has(l.request_id) ? `${out.get(l.request_id)}; ${words}` : words);
  }
  return out;
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
