/**
 * What borrowing holds against removing an account or an item (docs/decisions/account-deletion.md,
 * account-deactivation.md, units.md), handed to the modules below through ctx (server/app.ts).
 */
import * as say from '../../../core/borrowing/notices';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import type { AccountHold, ActivityService, ItemHold } from '../../ports';
import { move } from './moves';
import { itemUnitsOnLoan, unitsOutOf } from './queries';
import { about } from './telling';
import { giveUnitsToLoans, lockLoansOf } from './unitsForLoans';

/** An account being deleted or deactivated: its pending requests are cancelled, in the caller's transaction. */
async function cancelPendingRequestsOf(activity: ActivityService, trx: Db, account: Account): Promise<void> {
  const pending = await trx
    .selectFrom('borrow_requests')
    .select('id')
    .where('account_id', '=', account.id)
    .where('status', '=', 'pending')
    .execute();
  for (const { id } of pending) {
    const request = await move(trx, id, 'cancel', {}, account.id);
    await activity.record(about(account, request), say.requestCancelled(account.full_name, id), trx);
  }
}

/** An account is not removed while it has borrowed units out; its pending requests go with it (accounts/accountHolds.ts). */
export const borrowingHold: AccountHold = {
  async holding(trx, accountId) {
    const out = await unitsOutOf(trx, accountId);
    return out.notReturned + out.awaitingCheck > 0 ? { loans: out } : null;
  },
  release: cancelPendingRequestsOf,
};

/** An item is not deleted while units of it are out on loan; tracking it names units on its loans (inventory). */
export const borrowingItemHold: ItemHold = { unitsOut: itemUnitsOnLoan, lockHolders: lockLoansOf, giveUnits: giveUnitsToLoans };
