import * as say from '../../../core/borrowing/notices';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict } from '../../errors';
import { nameOf } from '../accounts';
import { lockItems } from './availability';
import { lendLines, unitsForLines } from './lending';
import { linesOfRequest, lockRequest, now, reload, today } from './moves';
import { about } from './telling';

/**
 * The office hands out a reservation on its day (docs/decisions/reservations.md): the reserved quantities are taken
 * from the shelf and the tracked lines' units named, exactly as an ordinary approval does; from then on it is a loan.
 */
export async function handOutReservation(ctx: Ctx, actor: Account, id: number, unitTags: string[] = []): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const request = await lockRequest(trx, id);
    if (request.status !== 'approved' || request.book_ahead !== 1 || request.handed_out_at !== null)
      throw conflict(AVAILABILITY_MSG.notReservation, 'wrong_state');
    if (request.date_needed > today(ctx)) throw conflict(AVAILABILITY_MSG.handOutDay(request.date_needed), 'wrong_state');
    const lines = (await linesOfRequest(trx, id)).filter((l) => l.item_id !== null && l.quantity_reserved > 0);
    await lockItems(
      trx,
      lines.map((l) => l.item_id!),
    );
    const asLent = lines.map((l) => ({ ...l, quantity_requested: l.quantity_reserved }));
    const unitsOf = await unitsForLines(trx, asLent, unitTags);
    await lendLines(trx, actor, id, asLent, unitsOf, at);
    const { numUpdatedRows } = await trx
      .updateTable('borrow_requests')
      .set({ handed_out_at: at })
      .where('id', '=', id)
      .where('handed_out_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(numUpdatedRows) === 0) throw conflict(AVAILABILITY_MSG.notReservation, 'wrong_state');
    const borrower = await nameOf(trx, request.account_id);
    return ctx.activity.tell(
      about(actor, request),
      say.reservationHandedOut(
        actor.full_name,
        id,
        borrower,
        asLent.map((l) => ({ quantity: l.quantity_requested, name: l.item_name })),
        request.date_expected_return,
      ),
      trx,
    );
  });
  send();
  return reload(ctx, id);
}
