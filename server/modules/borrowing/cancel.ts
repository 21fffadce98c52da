import * as say from '../../../core/borrowing/notices';
import { isUncollectedBooking } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { notFound } from '../../errors';
import { lockRequest, move, reload } from './moves';
import { about } from './telling';

/**
 * Only the owner: a pending request (docs/product.md), or a booking approved and not yet handed out, whose dates are
 * freed (docs/decisions/reservations.md). The request is locked first, so a hand-out at the same moment wins or loses
 * whole; once handed out it is a loan, to be returned.
 */
export async function cancelRequest(ctx: Ctx, me: Account, id: number): Promise<BorrowRequestDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockRequest(trx, id);
    if (current.account_id !== me.id) throw notFound(MSG.requestNotFound);
    const booking = isUncollectedBooking({
      status: current.status,
      bookAhead: current.book_ahead === 1,
      handedOutAt: current.handed_out_at,
    });
    const request = await move(trx, id, booking ? 'cancelBooking' : 'cancel', {}, me.id);
    await ctx.activity.record(about(me, request), say.requestCancelled(me.full_name, id), trx);
  });
  return reload(ctx, id);
}
