import { isAdministrator, isOfficeDesk, mayManageAccount } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import { ROLE_LABELS } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { refuseWhileHeld, releaseHolds } from './accountHolds';
import { officeDeskNow } from './officeDesk';
import { findAccount } from './queries';

/**
 * An administrator or staff member deactivates a person, or reactivates them (docs/decisions/account-deactivation.md).
 * The same rights as deleting: never oneself, administrator and staff accounts by an administrator only, never
 * the last active administrator (counted inside the transaction, so two administrators deactivating each other
 * at once leave one). Deactivating is refused while the person has borrowed items out or repairs open, like
 * deleting; their pending requests are cancelled and their sessions end at once. The UPDATE is guarded by the
 * present state, so a double click or two people acting at once change it once.
 */
export async function setAccountActive(ctx: Ctx, actor: Account, id: number, active: boolean): Promise<Account> {
  if (id === actor.id) throw conflict(MSG.cannotDeactivateSelf, 'cannot_delete_self');
  await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    if (!mayManageAccount(actor.role, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    if (isOfficeDesk(account.role)) {
      const now = await officeDeskNow(ctx, trx, actor.id, id);
      if (!active && isAdministrator(account.role) && now.admins === 0) {
        throw conflict(MSG.lastAdministratorDeactivate, 'last_administrator');
      }
      if (!now.actorRole || !mayManageAccount(now.actorRole, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    }
    if (!active)
      await refuseWhileHeld(ctx, trx, id, { loans: MSG.userOutHasLoans, repairs: MSG.userOutHasRepairs, custody: MSG.userOutHasCustody });
    const done = await trx
      .updateTable('accounts')
      .set({ deactivated_at: active ? null : new Date().toISOString() })
      .where('id', '=', id)
      .where('deactivated_at', active ? 'is not' : 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(active ? MSG.alreadyActive : MSG.alreadyDeactivated, 'already_done');
    if (!active) {
      await releaseHolds(ctx, trx, account);
      await ctx.sessions.endOtherSessions(id, null, trx);
    }
    await ctx.activity.record(
      { actorId: actor.id, subjectId: id, entity: { type: 'account', id } },
      {
        actionType: active ? 'account_reactivated' : 'account_deactivated',
        ...(active ? {} : { event: 'account.deactivated' as const }),
        description: `${actor.full_name} ${active ? 'reactivated' : 'deactivated'} ${ROLE_LABELS[account.role].toLowerCase()} ${account.full_name}`,
      },
      trx,
    );
  });
  return (await findAccount(ctx.db, id))!;
}
