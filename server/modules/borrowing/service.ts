import type { Updateable } from 'kysely';
import {
  availabilityOf, canDo, firstBorrowRequestError, mayBorrowCategory, REQUEST_ACTIONS, requestCode, wrongStateMessage,
  type BorrowRequestInput, type RequestAction,
} from '../../../core/borrowing';
import type { BorrowRequestDto } from '../../../core/borrowingTypes';
import { MSG } from '../../../core/messages';
import { todayIn } from '../../../core/time';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/validation';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, BorrowRequestsTable } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { findRequest, searchTextOf } from './queries';

/**
 * Every change to a borrow request, whoever makes it (DECISIONS 1, 10-14): the rules are checked here,
 * each change is one transaction, and each writes the activity feed and tells the people concerned.
 */

const now = () => new Date().toISOString();
const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

async function reload(ctx: Ctx, id: number): Promise<BorrowRequestDto> {
  return (await findRequest(ctx.db, id, today(ctx)))!;
}

/**
 * Moves a request by one action, guarded by its present status in the UPDATE itself, so two clicks or two
 * people acting at once cannot both succeed. Answers 404 when the request is not there (or, with ownerId,
 * not the caller's) and 409 when it is in another state. Returns the request as it now is.
 */
async function move(trx: Db, id: number, action: RequestAction, changes: Updateable<BorrowRequestsTable> = {}, ownerId?: number) {
  const { from, to } = REQUEST_ACTIONS[action];
  let update = trx.updateTable('borrow_requests').set({ ...changes, status: to }).where('id', '=', id).where('status', 'in', [...from]);
  if (ownerId !== undefined) update = update.where('account_id', '=', ownerId);
  const { numUpdatedRows } = await update.executeTakeFirstOrThrow();
  const row = await trx.selectFrom('borrow_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (ownerId !== undefined && row.account_id !== ownerId)) throw notFound(MSG.requestNotFound);
  if (Number(numUpdatedRows) === 0) throw conflict(wrongStateMessage(action, row.status), 'wrong_state');
  return row;
}

const linesOfRequest = (trx: Db, id: number) =>
  trx.selectFrom('borrow_request_items').selectAll().where('request_id', '=', id).orderBy('item_id').execute();

/** Puts approved quantities back on the shelf (completion, and staff marking a loan returned). */
async function restock(trx: Db, id: number) {
  for (const line of await linesOfRequest(trx, id)) {
    if (line.item_id === null || line.quantity_approved <= 0) continue;
    await trx.updateTable('items').set((eb) => ({ quantity: eb('quantity', '+', line.quantity_approved) }))
      .where('id', '=', line.item_id).execute();
  }
}

const unitCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** The activity entry and, when the borrower still has an account, their notification; mail goes after commit. */
async function tell(ctx: Ctx, trx: Db, entry: { actor: Account; request: { id: number; account_id: number | null }; actionType: string; description: string },
  notice?: { title: string; message: string }): Promise<() => void> {
  await ctx.activity.record({
    actorId: entry.actor.id, subjectId: entry.request.account_id, requestId: entry.request.id,
    actionType: entry.actionType, description: entry.description,
  }, trx);
  if (!notice || entry.request.account_id === null) return () => {};
  return ctx.activity.notify({ accountId: entry.request.account_id, ...notice, link: '/users/requests' }, trx);
}

async function borrowerName(trx: Db, accountId: number | null) {
  if (accountId === null) return MSG.deletedUser;
  const a = await trx.selectFrom('accounts').select('full_name').where('id', '=', accountId).executeTakeFirst();
  return a?.full_name ?? MSG.deletedUser;
}

// ---- the borrower ----

export type NewRequest = Required<BorrowRequestInput>;

/** Spec 000 s5, checked in the form's order, then against the inventory as it is now. */
export async function createRequest(ctx: Ctx, me: Account, input: NewRequest): Promise<BorrowRequestDto> {
  const problem = firstBorrowRequestError(input, today(ctx));
  if (problem) throw badRequest(problem);
  const ids = input.items.map((i) => i.itemId);
  const items = new Map((await ctx.db.selectFrom('items').selectAll().where('id', 'in', ids).execute()).map((i) => [i.id, i]));
  for (const line of input.items) {
    const item = items.get(line.itemId);
    if (!item) throw badRequest(MSG.itemNotInInventory(`Item #${line.itemId}`), 'item_not_found');
    if (!mayBorrowCategory(me.role, item.category)) throw forbidden(MSG.electricalFacultyOnly, 'access_restricted');
    const availability = availabilityOf(item);
    if (!availability.borrowable) throw conflict(`${item.name}: ${MSG.itemNotAvailable(availability.status)}`, 'item_not_available');
    if (line.quantity > availability.availableQuantity) throw conflict(MSG.quantityOverStock(item.name, availability.availableQuantity), 'short_stock');
  }
  const purpose = input.purpose.trim();
  const lines = input.items.map((l) => ({ item: items.get(l.itemId)!, quantity: l.quantity }));
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('borrow_requests').values({
      account_id: me.id, purpose, date_needed: input.dateNeeded, date_expected_return: input.dateExpectedReturn,
      status: 'pending', proof_path: null, reject_reason: null, created_at: now(), decided_at: null, decided_by: null,
      returned_at: null, completed_at: null, reminded_at: null,
      search_text: searchTextOf(me.full_name, purpose, lines.map((l) => l.item.name)),
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('borrow_request_items').values(lines.map(({ item, quantity }) => ({
      request_id: id, item_id: item.id, item_name: item.name, category: item.category, quantity_requested: quantity, quantity_approved: 0,
    }))).execute();
    const units = lines.reduce((n, l) => n + l.quantity, 0);
    await ctx.activity.record({
      actorId: me.id, subjectId: me.id, requestId: id, actionType: 'request_created',
      description: `${me.full_name} requested ${unitCount(units)} (${requestCode(id)}): ${purpose}`,
    }, trx);
    return id;
  });
  return reload(ctx, id);
}

/** Only the owner, only while pending (spec 000 s6). */
export async function cancelRequest(ctx: Ctx, me: Account, id: number): Promise<BorrowRequestDto> {
  await ctx.db.transaction().execute(async (trx) => {
    await move(trx, id, 'cancel', {}, me.id);
    await ctx.activity.record({
      actorId: me.id, subjectId: me.id, requestId: id, actionType: 'request_cancelled',
      description: `${me.full_name} cancelled ${requestCode(id)}`,
    }, trx);
  });
  return reload(ctx, id);
}

/** Whether the caller may return this request now: 404 when it is not theirs, 409 when it is not out on loan. */
export async function assertReturnable(ctx: Ctx, me: Account, id: number): Promise<void> {
  const current = await ctx.db.selectFrom('borrow_requests').select(['account_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current || current.account_id !== me.id) throw notFound(MSG.requestNotFound);
  if (!canDo('return', current.status)) throw conflict(wrongStateMessage('return', current.status), 'wrong_state');
}

/** The borrower hands items back with a photo (spec 000 s5): image by its bytes, at most 5 MB. */
export async function submitReturn(ctx: Ctx, me: Account, id: number, file: ReadFile | null): Promise<BorrowRequestDto> {
  if (!file || file.buffer.length === 0) throw badRequest(MSG.proofRequired, 'proof_required');
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  await assertReturnable(ctx, me, id); // before writing the file; the guarded update below decides for good

  const path = await ctx.files.save('proofs', { buffer: file.buffer, kind: file.kind as FileKind });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const at = now();
      await move(trx, id, 'return', { proof_path: path, returned_at: at }, me.id);
      await trx.insertInto('return_proofs').values({ request_id: id, path, created_at: at, rejected_at: null }).execute();
      await ctx.activity.record({
        actorId: me.id, subjectId: me.id, requestId: id, actionType: 'items_returned',
        description: `${me.full_name} returned the items of ${requestCode(id)} with proof; awaiting verification`,
      }, trx);
    });
  } catch (err) {
    await ctx.files.remove(path);
    throw err;
  }
  return reload(ctx, id);
}

// ---- the office (personnel, admins and staff: the same rules from either portal) ----

/**
 * Approves the named items at their requested quantities, the others at 0 (DECISIONS 11), taking them
 * out of stock in the same transaction (DECISIONS 10). Each stock update only succeeds while enough is on
 * hand, so concurrent approvals cannot drive stock below zero; one short item undoes the whole approval.
 */
export async function approveRequest(ctx: Ctx, actor: Account, id: number, itemIds: number[]): Promise<BorrowRequestDto> {
  if (!itemIds.length) throw badRequest(MSG.selectItemsToApprove, 'no_items_selected');
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'approve', { decided_at: now(), decided_by: actor.id });
    const lines = await linesOfRequest(trx, id); // ordered by item id: concurrent approvals lock items in one order
    const chosen = lines.filter((l) => l.item_id !== null && itemIds.includes(l.item_id));
    if (chosen.length !== new Set(itemIds).size) throw badRequest(MSG.itemNotInRequest, 'item_not_in_request');
    for (const line of chosen) {
      const taken = await trx.updateTable('items')
        .set((eb) => ({ quantity: eb('quantity', '-', line.quantity_requested) }))
        // The availability rule (core availabilityOf) as a guard: available, and enough on hand.
        .where('id', '=', line.item_id!).where('item_status', '=', 'available').where('quantity', '>=', line.quantity_requested)
        .executeTakeFirstOrThrow();
      if (Number(taken.numUpdatedRows) === 0) {
        const item = await trx.selectFrom('items').select(['quantity', 'item_status']).where('id', '=', line.item_id!).executeTakeFirst();
        if (!item) throw conflict(MSG.itemGoneFromInventory(line.item_name), 'item_not_found');
        if (item.item_status !== 'available') {
          throw conflict(`${line.item_name}: ${MSG.itemNotAvailable(availabilityOf(item).status)}`, 'item_not_available');
        }
        throw conflict(MSG.stockShort(line.item_name, Math.max(0, item.quantity), line.quantity_requested), 'short_stock');
      }
      await trx.updateTable('borrow_request_items').set({ quantity_approved: line.quantity_requested }).where('id', '=', line.id).execute();
    }
    const units = chosen.reduce((n, l) => n + l.quantity_requested, 0);
    const name = await borrowerName(trx, request.account_id);
    return tell(ctx, trx, {
      actor, request, actionType: 'request_approved',
      description: `${actor.full_name} approved ${requestCode(id)} for ${name} (${unitCount(units)})`,
    }, {
      title: 'Borrow request approved',
      message: `Your request ${requestCode(id)} was approved: ${chosen.map((l) => `${l.quantity_requested} × ${l.item_name}`).join(', ')}. `
        + `Please return the items by ${request.date_expected_return}.`,
    });
  });
  send();
  return reload(ctx, id);
}

export async function rejectRequest(ctx: Ctx, actor: Account, id: number, reason: string | undefined): Promise<BorrowRequestDto> {
  const why = reason?.trim() || MSG.defaultRejectReason;
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'reject', { reject_reason: why, decided_at: now(), decided_by: actor.id });
    return tell(ctx, trx, {
      actor, request, actionType: 'request_rejected',
      description: `${actor.full_name} rejected ${requestCode(id)} of ${await borrowerName(trx, request.account_id)}: ${why}`,
    }, { title: 'Borrow request rejected', message: `Your request ${requestCode(id)} was rejected. Reason: ${why}` });
  });
  send();
  return reload(ctx, id);
}

export async function remindBorrower(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'remind', { reminded_at: now() });
    return tell(ctx, trx, {
      actor, request, actionType: 'reminder_sent',
      description: `${actor.full_name} reminded ${await borrowerName(trx, request.account_id)} to return ${requestCode(id)}`,
    }, {
      title: 'Please return borrowed items',
      message: `This is a reminder to return the items of ${requestCode(id)} (${request.purpose}), expected back on ${request.date_expected_return}.`,
    });
  });
  send();
  return reload(ctx, id);
}

/** Staff confirm a return: the quantities go back to stock. */
export async function completeRequest(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'complete', { completed_at: now() });
    await restock(trx, id);
    return tell(ctx, trx, {
      actor, request, actionType: 'items_returned',
      description: `${actor.full_name} confirmed the return of ${requestCode(id)} from ${await borrowerName(trx, request.account_id)}`,
    }, { title: 'Return confirmed', message: `The return of ${requestCode(id)} was verified. Thank you!` });
  });
  send();
  return reload(ctx, id);
}

/** "Not Yet Returned" (DECISIONS 14): back to approved; the refused proof stays in the history. */
export async function refuseReturn(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'notReturned', { proof_path: null, returned_at: null });
    await trx.updateTable('return_proofs').set({ rejected_at: now() }).where('request_id', '=', id).where('rejected_at', 'is', null).execute();
    return tell(ctx, trx, {
      actor, request, actionType: 'return_not_accepted',
      description: `${actor.full_name} did not accept the return of ${requestCode(id)} from ${await borrowerName(trx, request.account_id)}`,
    }, {
      title: 'Return not accepted',
      message: `Your return of ${requestCode(id)} was not accepted: the office has not received the items. `
        + `Please return them and submit a new proof of return.`,
    });
  });
  send();
  return reload(ctx, id);
}

/** Staff mark a loan returned from the borrow records (DECISIONS 10): stock back, request completed. */
export async function markLoanReturned(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const request = await move(trx, id, 'markReturned', { returned_at: at, completed_at: at });
    await restock(trx, id);
    return tell(ctx, trx, {
      actor, request, actionType: 'items_returned',
      description: `${actor.full_name} marked the items of ${requestCode(id)} from ${await borrowerName(trx, request.account_id)} as returned`,
    }, { title: 'Items returned', message: `The items of ${requestCode(id)} were received by the office. Thank you!` });
  });
  send();
  return reload(ctx, id);
}
