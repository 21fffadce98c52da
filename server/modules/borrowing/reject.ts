import * as say from '../../../core/borrowing/notices';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { nameOf } from '../accounts';
import { move, now, reload } from './moves';
import { about, telling } from './telling';

/** The office rejects a pending request, with its reason or one naming who rejected (docs/decisions/stock-and-approval.md). */
export async function rejectRequest(
  ctx: Ctx,
  actor: Account,
  id: number,
  reason: string | undefined,
  tellBorrower = true,
): Promise<BorrowRequestDto> {
  const why = reason?.trim() || MSG.defaultRejectReason(actor.role);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'reject', { reject_reason: why, decided_at: now(), decided_by: actor.id });
    const borrower = await nameOf(trx, request.account_id);
    return telling(ctx, tellBorrower)(about(actor, request), say.requestRejected(actor.full_name, id, borrower, why), trx);
  });
  send();
  return reload(ctx, id);
}
