/** "Not Yet Returned" (docs/decisions/borrow-lifecycle.md, partial-returns.md): on one return, or on the whole request. */
import * as say from '../../../core/borrowing/notices';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { nameOf } from '../accounts';
import { lockRequest, move, now, reload } from './moves';
import { awaitingBatches, refuseBatch } from './returnBatches';
import { about } from './telling';

/** Not Yet Returned on one return: its proof refused, its things count as out again; a returned request goes back to approved. */
export async function refuseReturnBatch(ctx: Ctx, actor: Account, id: number, batchId: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    let request = await lockRequest(trx, id);
    await refuseBatch(trx, id, batchId);
    const batch = await trx.selectFrom('return_batches').select('proof_path').where('id', '=', batchId).executeTakeFirstOrThrow();
    if (batch.proof_path) {
      await trx
        .updateTable('return_proofs')
        .set({ rejected_at: now() })
        .where('request_id', '=', id)
        .where('path', '=', batch.proof_path)
        .where('rejected_at', 'is', null)
        .execute();
    }
    if (request.status === 'returned') request = await move(trx, id, 'notReturned', { proof_path: null, returned_at: null });
    const borrower = await nameOf(trx, request.account_id);
    return ctx.activity.tell(about(actor, request), say.returnNotAccepted(actor.full_name, id, borrower), trx);
  });
  send();
  return reload(ctx, id);
}

/** "Not Yet Returned" (docs/decisions/borrow-lifecycle.md): back to approved; the refused proof stays in the history. */
export async function refuseReturn(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    await lockRequest(trx, id);
    const request = await move(trx, id, 'notReturned', { proof_path: null, returned_at: null });
    for (const batchId of await awaitingBatches(trx, id)) await refuseBatch(trx, id, batchId);
    // What is back is what was verified (a request returned before migration 031 had no batches to release).
    await trx
      .updateTable('borrow_request_items')
      .set((eb) => ({ quantity_back: eb.ref('quantity_verified') }))
      .where('request_id', '=', id)
      .execute();
    await trx
      .updateTable('return_proofs')
      .set({ rejected_at: now() })
      .where('request_id', '=', id)
      .where('rejected_at', 'is', null)
      .execute();
    const borrower = await nameOf(trx, request.account_id);
    return ctx.activity.tell(about(actor, request), say.returnNotAccepted(actor.full_name, id, borrower), trx);
  });
  send();
  return reload(ctx, id);
}
