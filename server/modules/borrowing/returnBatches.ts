/**
 * A return batch's verification, once (docs/decisions/partial-returns.md): claimed by a guarded update, or refused
 * (Not Yet Returned) and its things counted as out again; which batches still await the office.
 */
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { now } from './moves';
import { RETURN_MSG } from './returns';

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
