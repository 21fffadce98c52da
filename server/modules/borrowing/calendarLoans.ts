/** A borrower's loans for their calendar feed (docs/decisions/calendar-feeds.md): pick-up and return dates. */
import type { Db } from '../../db/database';

/** The statuses whose dates are still to come or in hand: asked for, approved (out or to collect), handed back. */
const FEED_STATUSES = ['pending', 'approved', 'returned'];

/** The person's requests in those statuses whose return date is on or after `from`, with their item names. */
export async function loansForCalendar(db: Db, accountId: number, from: string) {
  const requests = await db
    .selectFrom('borrow_requests')
    .select(['id', 'purpose', 'date_needed', 'date_expected_return', 'time_from', 'time_to', 'status', 'created_at'])
    .where('account_id', '=', accountId)
    .where('status', 'in', FEED_STATUSES)
    .where('date_expected_return', '>=', from)
    .orderBy('date_needed')
    .orderBy('id')
    .limit(500)
    .execute();
  if (!requests.length) return [];
  const lines = await db
    .selectFrom('borrow_request_items')
    .select(['request_id', 'item_name', 'quantity_requested', 'quantity_approved'])
    .where(
      'request_id',
      'in',
      requests.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return requests.map((r) => ({ ...r, items: lines.filter((l) => l.request_id === r.id) }));
}
