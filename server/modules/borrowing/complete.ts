import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict } from '../../errors';
import { nameOf } from '../accounts';
import { checkIn, tellChecked, withPhotos, type Findings } from './checkIn';
import { lockRequest, move, now, reload } from './moves';
import { claimAllBatches } from './returnBatches';
import { RETURN_MSG } from './returns';
import { markVerified, unverifiedScope } from './returnScopes';
import { stillOut } from './stillOut';

/**
 * Staff confirm a return (the whole request: every return awaiting verification at once). Without findings
 * everything came back good; with them (docs/decisions/return-conditions.md) each thing goes where its condition
 * says. Refused while things are still out (409 items_out): the request completes when everything is back.
 */
export async function completeRequest(ctx: Ctx, actor: Account, id: number, found: Findings | null = null): Promise<BorrowRequestDto> {
  await withPhotos(ctx, id, found, async (saved) => {
    const send = await ctx.db.transaction().execute(async (trx) => {
      const current = await lockRequest(trx, id);
      if (current.status === 'approved') {
        const out = await stillOut(trx, id);
        if (out > 0) throw conflict(RETURN_MSG.itemsOut(out), 'items_out');
      }
      const request = await move(trx, id, 'complete', { completed_at: now() });
      const borrower = await nameOf(trx, request.account_id);
      const scope = await unverifiedScope(trx, id, false);
      await claimAllBatches(trx, id, actor.id);
      const findings = await checkIn(ctx, trx, actor, request, scope, found, saved);
      await markVerified(trx, scope, false);
      return tellChecked(ctx, trx, actor, request, borrower, findings);
    });
    send();
  });
  return reload(ctx, id);
}
