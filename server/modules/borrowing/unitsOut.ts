/**
 * What a borrower still has out (docs/decisions/unreturned-items.md), the one count behind My Requests' banner and
 * the refusals to delete or deactivate the account: units not yet returned (lent on an approved loan, not handed
 * back) and returned units waiting for the office's check (handed back in a return not yet verified or refused).
 */
import { sql } from 'kysely';
import { OPEN_LOAN_STATUSES } from '../../../core/borrowing/rules';
import type { UnitsOut } from '../../../core/messages';
import type { Db } from '../../db/database';

export async function unitsOutOf(db: Db, accountId: number): Promise<UnitsOut> {
  const row = await db
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .select([
      // Still with the borrower (docs/decisions/partial-returns.md): lent and not handed back.
      sql<number>`coalesce(sum(case when br.status = 'approved' then bri.quantity_approved - bri.quantity_back else 0 end), 0)`.as(
        'notReturned',
      ),
      // Handed back, not yet checked in: the stock is still out until the office verifies it.
      sql<number>`coalesce(sum(bri.quantity_back - bri.quantity_verified), 0)`.as('awaitingCheck'),
    ])
    .where('br.account_id', '=', accountId)
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .executeTakeFirstOrThrow();
  return { notReturned: Number(row.notReturned), awaitingCheck: Number(row.awaitingCheck) };
}
