/**
 * Every step on a borrow request, whoever takes it, is a file of its own (submit.ts, approve.ts, handBack.ts, ...;
 * docs/decisions/server-decides.md, stock-and-approval.md, borrow-lifecycle.md, calendar-dates.md): its rules are
 * checked there, it is one transaction, and it writes the activity feed and tells the people concerned. What they
 * all stand on is here: the campus day, the request as it now is, its status moved by one guarded update, its row
 * locked, its lines.
 */
import type { Updateable } from 'kysely';
import { REQUEST_ACTIONS, wrongStateMessage, type RequestAction } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { onPostgres, type Db } from '../../db/database';
import type { BorrowRequest, BorrowRequestsTable } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { findRequest } from './queries';

export const now = () => new Date().toISOString();

export const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

export async function reload(ctx: Ctx, id: number): Promise<BorrowRequestDto> {
  return (await findRequest(ctx.db, id, today(ctx)))!;
}

/**
 * Moves a request by one action, guarded by its present status in the UPDATE itself, so two clicks or two
 * people acting at once cannot both succeed. Answers 404 when the request is not there (or, with ownerId,
 * not the caller's) and 409 when it is in another state. Returns the request as it now is.
 */
export async function move(trx: Db, id: number, action: RequestAction, changes: Updateable<BorrowRequestsTable> = {}, ownerId?: number) {
  const { from, to } = REQUEST_ACTIONS[action];
  let update = trx
    .updateTable('borrow_requests')
    .set({ ...changes, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (ownerId !== undefined) update = update.where('account_id', '=', ownerId);
  const { numUpdatedRows } = await update.executeTakeFirstOrThrow();
  const row = await trx.selectFrom('borrow_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (ownerId !== undefined && row.account_id !== ownerId)) throw notFound(MSG.requestNotFound);
  if (Number(numUpdatedRows) === 0) throw conflict(wrongStateMessage(action, row.status), 'wrong_state');
  return row;
}

export const linesOfRequest = (trx: Db, id: number) =>
  trx.selectFrom('borrow_request_items').selectAll().where('request_id', '=', id).orderBy('item_id').execute();

/**
 * Locks the request's row for the rest of the transaction (PostgreSQL: SELECT ... FOR UPDATE; SQLite runs one writer
 * at a time), so the returns, verifications and refusals of one request run one after the other and read each
 * other's writes. Not a no-op UPDATE: that would fire the request table's triggers (list version, status counts) out
 * of the order every status move takes them in, and deadlock against approvals.
 */
export async function lockRequest(trx: Db, id: number): Promise<BorrowRequest> {
  let query = trx.selectFrom('borrow_requests').selectAll().where('id', '=', id);
  if (onPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(MSG.requestNotFound);
  return row;
}
