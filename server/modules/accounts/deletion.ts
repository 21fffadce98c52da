/** Deleting an account: one's own, or another's from user management (docs/decisions/account-deletion.md). */
import { isAdministrator, isOfficeDesk, mayManageAccount } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import { ROLE_LABELS } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { refuseWhileHeld, releaseHolds, type HoldWords } from './accountHolds';
import { officeDeskNow } from './officeDesk';

/**
 * Removes an account in the caller's transaction (docs/decisions/account-deletion.md), for its owner and for an administrator alike:
 * refused while borrowed items are out or repairs are in progress (each with the words of whoever asked);
 * otherwise its pending requests are cancelled and the account removed. Its history stays, shown as
 * "Deleted user" (the foreign keys set null), and its sessions and designations go with it. Answers the path
 * of its ID file, for the caller to delete once the transaction has committed (docs/decisions/id-files.md).
 */
async function removeAccount(ctx: Ctx, trx: Db, account: Account, words: HoldWords): Promise<string | null> {
  await refuseWhileHeld(ctx, trx, account.id, words);
  await releaseHolds(ctx, trx, account);
  const row = await trx.deleteFrom('accounts').where('id', '=', account.id).returning('id_file').executeTakeFirst();
  if (!row) throw notFound(MSG.accountNotFound);
  return row.id_file;
}

/** Deleting one's own account (docs/decisions/account-deletion.md). */
export async function deleteOwnAccount(ctx: Ctx, me: Account): Promise<void> {
  const idFile = await ctx.db.transaction().execute(async (trx) => {
    const idFile = await removeAccount(ctx, trx, me, {
      loans: MSG.accountHasLoans,
      repairs: MSG.accountHasRepairs,
      custody: MSG.accountHasCustody,
    });
    await ctx.activity.record(
      { actorId: null, subjectId: null, entity: null },
      { actionType: 'account_deleted', description: `A ${me.role} account was deleted by its owner` },
      trx,
    );
    return idFile;
  });
  await ctx.files.remove(idFile);
}

/**
 * An administrator or staff member deletes a person from user management. Never oneself (another
 * administrator does that); administrator and staff accounts only by an administrator; never the last
 * administrator, counted inside the transaction (officeDeskNow), so two administrators deleting each other at
 * once leave one. The loan and repair refusals are those of one's own deletion.
 */
export async function deleteAccountAsAdmin(ctx: Ctx, actor: Account, id: number): Promise<void> {
  if (id === actor.id) throw conflict(MSG.cannotDeleteSelf, 'cannot_delete_self');
  const idFile = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    if (!mayManageAccount(actor.role, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    if (isOfficeDesk(account.role)) {
      const now = await officeDeskNow(ctx, trx, actor.id, id);
      if (isAdministrator(account.role) && now.admins === 0) throw conflict(MSG.lastAdministrator, 'last_administrator');
      if (!now.actorRole || !mayManageAccount(now.actorRole, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    }
    const idFile = await removeAccount(ctx, trx, account, {
      loans: MSG.userHasLoans,
      repairs: MSG.userHasRepairs,
      custody: MSG.userHasCustody,
    });
    await ctx.activity.record(
      { actorId: actor.id, subjectId: null, entity: null },
      {
        actionType: 'account_deleted',
        description: `${actor.full_name} deleted ${ROLE_LABELS[account.role].toLowerCase()} ${account.full_name}`,
      },
      trx,
    );
    return idFile;
  });
  await ctx.files.remove(idFile);
}
