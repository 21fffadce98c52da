import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { nameOf } from '../accounts';
import { checkIn, tellChecked, withPhotos, type Findings } from './checkIn';
import { lockRequest, move, now, reload } from './moves';
import { awaitingBatches, claimBatch } from './returnBatches';
import { batchScope, markVerified } from './returnScopes';

/**
 * The office verifies one return (docs/decisions/partial-returns.md): once (a guarded update), with findings
 * restricted to what that return brought back. The request completes when this was the last awaiting return and
 * nothing is out.
 */
export async function verifyReturnBatch(
  ctx: Ctx,
  actor: Account,
  id: number,
  batchId: number,
  found: Findings | null = null,
): Promise<BorrowRequestDto> {
  await withPhotos(ctx, id, found, async (saved) => {
    const send = await ctx.db.transaction().execute(async (trx) => {
      let request = await lockRequest(trx, id);
      await claimBatch(trx, id, batchId, actor.id);
      const scope = await batchScope(trx, id, batchId);
      const findings = await checkIn(ctx, trx, actor, request, scope, found, saved);
      await markVerified(trx, scope, false);
      if (request.status === 'returned' && !(await awaitingBatches(trx, id)).length) {
        request = await move(trx, id, 'complete', { completed_at: now() });
      }
      const borrower = await nameOf(trx, request.account_id);
      return tellChecked(ctx, trx, actor, request, borrower, findings);
    });
    send();
  });
  return reload(ctx, id);
}
