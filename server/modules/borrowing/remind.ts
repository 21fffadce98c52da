import * as say from '../../../core/borrowing/notices';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict } from '../../errors';
import { nameOf } from '../accounts';
import { move, now, reload } from './moves';
import { stillOutWords } from './stillOut';
import { about } from './telling';

/** The office reminds a borrower of a loan by hand (docs/decisions/return-reminders.md): bell and email, what is still out named. */
export async function remindBorrower(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'remind', { reminded_at: now() });
    // A booking not yet handed out has nothing to bring back (docs/decisions/reservations.md).
    if (request.book_ahead === 1 && request.handed_out_at === null) throw conflict(AVAILABILITY_MSG.notHandedOut, 'not_handed_out');
    const borrower = await nameOf(trx, request.account_id);
    const out = await stillOutWords(trx, [id]);
    return ctx.activity.tell(
      about(actor, request),
      say.borrowerReminded(actor.full_name, id, borrower, request.purpose, request.date_expected_return, out.get(id) ?? null),
      trx,
    );
  });
  send();
  return reload(ctx, id);
}
