/** Borrowing holds (docs/decisions/borrow-holds.md): placed and lifted by an administrator, read by borrowing. */
import { borrowHoldLifted, borrowHoldPlaced } from '../../../core/accounts/notices';
import { borrowHoldForm, borrowHoldReason } from '../../../core/accounts/forms';
import { mayBeHeld, REGISTRANT_ROLES } from '../../../core/accounts/rules';
import { firstError } from '../../../core/common/forms';
import type { BorrowHoldBody } from '../../../core/accounts/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { findAccount } from './queries';

/**
 * An administrator puts a borrowing hold on a student or faculty member, with a reason (trimmed, required, at most
 * BORROW_HOLD_REASON_MAX characters). The UPDATE is guarded on no hold being on, so two administrators at once
 * place one (the other gets 409 `already_done`). The activity entry carries the reason; the person is told by
 * bell and mail once it has committed.
 */
export async function placeBorrowHold(ctx: Ctx, admin: Account, id: number, body: BorrowHoldBody): Promise<Account> {
  const problem = firstError(borrowHoldForm, body);
  if (problem) throw badRequest(problem);
  const reason = borrowHoldReason(body.reason);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    if (!mayBeHeld(account.role)) throw badRequest(MSG.holdBorrowersOnly, 'not_borrower');
    const done = await trx
      .updateTable('accounts')
      .set({ borrow_hold_reason: reason, borrow_held_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('role', 'in', [...REGISTRANT_ROLES])
      .where('borrow_hold_reason', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(MSG.alreadyOnHold, 'already_done');
    return ctx.activity.tell(
      { actorId: admin.id, subjectId: id, entity: { type: 'account', id } },
      borrowHoldPlaced(admin.full_name, account.full_name, reason),
      trx,
    );
  });
  send();
  return (await findAccount(ctx.db, id))!;
}

/** An administrator lifts the hold: guarded on the hold being on, recorded with the reason it had, the person told. */
export async function liftBorrowHold(ctx: Ctx, admin: Account, id: number): Promise<Account> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    const done = await trx
      .updateTable('accounts')
      .set({ borrow_hold_reason: null, borrow_held_at: null })
      .where('id', '=', id)
      .where('borrow_hold_reason', 'is not', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(MSG.notOnBorrowHold, 'already_done');
    return ctx.activity.tell(
      { actorId: admin.id, subjectId: id, entity: { type: 'account', id } },
      borrowHoldLifted(admin.full_name, account.full_name, account.borrow_hold_reason ?? ''),
      trx,
    );
  });
  send();
  return (await findAccount(ctx.db, id))!;
}

/**
 * The borrower's hold as it is inside the caller's transaction (borrowing asks before it writes a request). On
 * PostgreSQL the account's row is read FOR SHARE, so a hold being placed at that instant is waited for and wins;
 * SQLite runs one write transaction at a time. Answers the reason, or null when borrowing is not on hold.
 */
export async function borrowHoldNow(ctx: Ctx, trx: Db, accountId: number): Promise<string | null> {
  let q = trx.selectFrom('accounts').select('borrow_hold_reason').where('id', '=', accountId);
  if (ctx.dialect === 'postgres') q = q.forShare();
  const row = await q.executeTakeFirst();
  return row?.borrow_hold_reason ?? null;
}
