import * as say from '../../../core/borrowing/notices';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict } from '../../errors';
import { nameOf } from '../accounts';
import { checkIn, tellChecked, withPhotos, type Findings } from './checkIn';
import { lockRequest, move, now, reload } from './moves';
import { claimAllBatches } from './returnBatches';
import { markVerified, unverifiedScope } from './returnScopes';

/**
 * Staff mark a loan returned from the borrow records (docs/decisions/stock-and-approval.md): everything not checked in
 * yet (still out, or handed back and awaiting verification) is checked in, with findings when given
 * (docs/decisions/partial-returns.md; none: all good), and the request is completed.
 */
export async function markLoanReturned(ctx: Ctx, actor: Account, id: number, found: Findings | null = null): Promise<BorrowRequestDto> {
  await withPhotos(ctx, id, found, async (saved) => {
    const send = await ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const current = await lockRequest(trx, id);
      if (current.book_ahead === 1 && current.handed_out_at === null && current.status === 'approved')
        throw conflict(AVAILABILITY_MSG.notHandedOut, 'not_handed_out');
      const request = await move(trx, id, 'markReturned', { returned_at: at, completed_at: at });
      const scope = await unverifiedScope(trx, id, true);
      await claimAllBatches(trx, id, actor.id);
      const findings = await checkIn(ctx, trx, actor, request, scope, found, saved);
      await markVerified(trx, scope, true);
      const borrower = await nameOf(trx, request.account_id);
      return tellChecked(ctx, trx, actor, request, borrower, findings, say.loanMarkedReturned);
    });
    send();
  });
  return reload(ctx, id);
}
