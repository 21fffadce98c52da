import * as say from '../../../core/borrowing/notices';
import type { BorrowRequestDto, IssueQuantity } from '../../../core/borrowing/schemas';
import { bookingSpanOf } from '../../../core/borrowing/timesOfDay';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { nameOf } from '../accounts';
import { assertDatesFree, assertNoOverbooking, lockItems, spanOfRequest, spansOf } from './availability';
import { lendLines, unitsForLines } from './lending';
import { linesOfRequest, move, now, reload, today } from './moves';
import { stillOut } from './stillOut';
import { about, telling } from './telling';
import { withIssued } from './issue';

/**
 * Approves the named items at their requested quantities, the others at 0 (docs/decisions/borrow-lifecycle.md), taking them
 * out of stock in the same transaction (docs/decisions/stock-and-approval.md). Each stock update only succeeds while enough is on
 * hand, so concurrent approvals cannot drive stock below zero; one short item undoes the whole approval.
 */
export async function approveRequest(
  ctx: Ctx,
  actor: Account,
  id: number,
  itemIds: number[],
  unitTags: string[] = [],
  tellBorrower = true,
  issue: IssueQuantity[] = [],
): Promise<BorrowRequestDto> {
  if (!itemIds.length) throw badRequest(MSG.selectItemsToApprove, 'no_items_selected');
  const tell = telling(ctx, tellBorrower);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const decidedAt = now();
    const request = await move(trx, id, 'approve', { decided_at: decidedAt, decided_by: actor.id });
    const lines = await linesOfRequest(trx, id); // ordered by item id: concurrent approvals lock items in one order
    const chosen = lines.filter((l) => l.item_id !== null && itemIds.includes(l.item_id));
    if (chosen.length !== new Set(itemIds).size) {
      // A line whose item was deleted meanwhile (its line keeps the name): say which, rather than "not in the request".
      const gone = lines.find((l) => l.item_id === null);
      if (gone) throw conflict(MSG.itemGoneFromInventory(gone.item_name), 'item_not_found');
      throw badRequest(MSG.itemNotInRequest, 'item_not_in_request');
    }
    await lockItems(
      trx,
      chosen.map((l) => l.item_id!),
    );
    const on = today(ctx);
    if (request.book_ahead === 1) {
      // A reservation: held on its dates only; the stock and units are taken when the office hands it out.
      await assertDatesFree(
        trx,
        spansOf(
          chosen.map((l) => ({ itemId: l.item_id!, quantity: l.quantity_requested })),
          spanOfRequest(request),
        ),
        on,
      );
      for (const line of chosen) {
        await trx
          .updateTable('borrow_request_items')
          .set({ quantity_reserved: line.quantity_requested })
          .where('id', '=', line.id)
          .execute();
      }
      const borrower = await nameOf(trx, request.account_id);
      return tell(
        about(actor, request),
        say.reservationApproved(
          actor.full_name,
          id,
          borrower,
          chosen.map((l) => ({ quantity: l.quantity_requested, name: l.item_name })),
          bookingSpanOf(request),
        ),
        trx,
      );
    }
    const going = withIssued(chosen, issue);
    const unitsOf = await unitsForLines(trx, chosen, unitTags);
    await lendLines(trx, actor, id, going, unitsOf, decidedAt);
    // Taken from the shelf now, the loan holds from today to its return: it may not eat into a reservation's dates.
    await assertNoOverbooking(
      trx,
      going
        .filter((l) => l.supply !== 1)
        .map((l) => ({ itemId: l.item_id!, quantity: l.quantity_requested, from: on, to: request.date_expected_return })),
      on,
    );
    // Nothing lent (supplies only, or the lent lines approved at 0): issued is done.
    if ((await stillOut(trx, id)) === 0) await move(trx, id, 'issued', { completed_at: decidedAt });
    const lent = going.map((l) => ({ quantity: l.quantity, name: l.item_name }));
    const borrower = await nameOf(trx, request.account_id);
    return tell(about(actor, request), say.requestApproved(actor.full_name, id, borrower, lent, request.date_expected_return), trx);
  });
  send();
  return reload(ctx, id);
}
