import { closedReason, isOpenDay, nextOpenDay } from '../../../core/site/calendar';
import type { Updateable } from 'kysely';
import * as say from '../../../core/borrowing/notices';
import {
  borrowRequestForm,
  canDo,
  isUncollectedBooking,
  mayBorrowCategory,
  REQUEST_ACTIONS,
  wrongStateMessage,
  type RequestAction,
} from '../../../core/borrowing/rules';
import type { BorrowRequestDto, NewRequest, ReturnSelection } from '../../../core/borrowing/schemas';
import { firstError } from '../../../core/common/forms';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { availabilityOf } from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import { addDays, startOfDayUtc, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, BorrowRequest, BorrowRequestsTable, Item } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { DailyJob } from '../../lib/dailyJobs';
import type { ReadFile } from '../../lib/uploads';
import { BY_THE_SYSTEM, type Involved, type SendMail } from '../activity/service';
import type { ActionTexts } from '../../../core/activity/notices';
import { nameOf } from '../accounts/queries';
import { borrowHoldNow, type AccountHold } from '../accounts/service';
import { checkInUnits, type ItemHold, itemsByIds, lendUnits, returnToStock, stockOf, takeFromStock, unitsByTags } from '../inventory';
import { tidyTag } from '../../../core/inventory/units';
import { findRequest, itemUnitsOnLoan, searchTextOf, unitsOutOf } from './queries';
import { applyFindings, checkFindings } from './returnConditions';
import { giveUnitsToLoans, lockLoansOf } from './unitsForLoans';
import { assertDatesFree, assertNoOverbooking, lockItems, spanOfRequest, spansOf } from './availability';
import { bookingSpanOf, timesProblem } from '../../../core/borrowing/timesOfDay';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import { openProblemsOf, problemPhotos, resolveProblems, type OpenProblem } from './problems';
import {
  awaitingBatches,
  batchScope,
  claimAllBatches,
  claimBatch,
  lockRequest,
  markVerified,
  recordBatch,
  refuseBatch,
  RETURN_MSG,
  stillOut,
  stillOutWords,
  unverifiedScope,
  type Scope,
} from './returns';
import { RETURN_CONDITION_LABELS } from '../../../core/borrowing/conditions';
import type { ConditionEntry } from '../../../core/borrowing/conditionSchemas';
import { readDamageTrades } from '../../../core/repairs/damage';

export { returnConditionsRepairEnd } from './returnConditions';

/**
 * Every change to a borrow request, whoever makes it (docs/decisions/server-decides.md, stock-and-approval.md, borrow-lifecycle.md, calendar-dates.md): the rules are checked here,
 * each change is one transaction, and each writes the activity feed and tells the people concerned.
 */

const now = () => new Date().toISOString();

/** A write refused by a foreign key (PostgreSQL 23503, SQLite's FOREIGNKEY constraint): what it points at is gone. */
const isForeignKeyViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
export const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

export async function reload(ctx: Ctx, id: number): Promise<BorrowRequestDto> {
  return (await findRequest(ctx.db, id, today(ctx)))!;
}

/**
 * Moves a request by one action, guarded by its present status in the UPDATE itself, so two clicks or two
 * people acting at once cannot both succeed. Answers 404 when the request is not there (or, with ownerId,
 * not the caller's) and 409 when it is in another state. Returns the request as it now is.
 */
async function move(trx: Db, id: number, action: RequestAction, changes: Updateable<BorrowRequestsTable> = {}, ownerId?: number) {
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

const linesOfRequest = (trx: Db, id: number) =>
  trx.selectFrom('borrow_request_items').selectAll().where('request_id', '=', id).orderBy('item_id').execute();

/**
 * The units chosen for each tracked line approved (docs/decisions/units.md): exactly its quantity, each of the
 * line's item; a tag of no unit, of another item or chosen twice is refused (400) before anything moves.
 */
async function unitsForLines(trx: Db, lines: { item_id: number | null; item_name: string; quantity_requested: number }[], tags: string[]) {
  const wanted = tags.map(tidyTag);
  if (new Set(wanted).size !== wanted.length) throw badRequest(UNIT_APPROVE.chosenTwice, 'units_required');
  const units = await unitsByTags(trx, wanted);
  const known = new Set(units.map((u) => u.tag));
  const unknown = wanted.find((t) => !known.has(t));
  if (unknown) throw badRequest(UNIT_APPROVE.noSuchUnit(unknown), 'units_required');
  const tracked = await itemsByIds(
    trx,
    lines.flatMap((l) => (l.item_id === null ? [] : [l.item_id])),
  );
  const byLine = new Map<number, typeof units>();
  for (const line of lines) {
    const item = line.item_id === null ? undefined : tracked.get(line.item_id);
    if (item?.tracking !== 'tracked') continue;
    const mine = units.filter((u) => u.item_id === line.item_id);
    if (mine.length !== line.quantity_requested) {
      throw badRequest(UNIT_APPROVE.chooseUnits(line.item_name, line.quantity_requested, mine.length), 'units_required');
    }
    byLine.set(line.item_id!, mine);
  }
  const stray = units.find((u) => !byLine.has(u.item_id));
  if (stray) throw badRequest(UNIT_APPROVE.notOfRequest(stray.tag), 'units_required');
  return byLine;
}

const UNIT_APPROVE = {
  chosenTwice: 'The same unit is chosen twice.',
  noSuchUnit: (tag: string) => `No unit has the asset tag ${tag}.`,
  notOfRequest: (tag: string) => `${tag} is not a unit of an item approved in this request.`,
  chooseUnits: (name: string, want: number, got: number) =>
    `Choose ${want} ${want === 1 ? 'unit' : 'units'} of ${name} to lend (${got} chosen).`,
  taken: (tag: string) => `${tag} is no longer available (lent, in repair or retired meanwhile). Choose another unit.`,
};

/** Who is involved in a step on a request: the actor, the borrower it concerns, and the request itself. */
/**
 * An office decision's feed entry and, unless the caller tells the borrower itself, their notice: a weekly series
 * decided at once is one notice for all its dates (series.ts), not one per date.
 */
const telling =
  (ctx: Ctx, tellBorrower: boolean) =>
  async (who: Involved, texts: ActionTexts, trx: Db): Promise<SendMail> => {
    if (tellBorrower) return ctx.activity.tell(who, texts, trx);
    await ctx.activity.record(who, texts.activity, trx);
    return () => {};
  };

const about = (actor: Account, request: { id: number; account_id: number | null }) => ({
  actorId: actor.id,
  subjectId: request.account_id,
  entity: { type: 'borrow_request', id: request.id } as const,
});

// ---- the borrower ----

export type RequestLine = { item: Item; quantity: number };

/**
 * A request's checks before anything is written, in the form's order (docs/product.md,
 * docs/decisions/form-checks.md), then against the calendar and the inventory as it is now. Answers its lines.
 */
export async function checkNewRequest(ctx: Ctx, me: Account, input: NewRequest): Promise<RequestLine[]> {
  // docs/decisions/borrow-holds.md: a hold is said first (read again inside the transaction that writes).
  if (me.borrow_hold_reason) throw forbidden(MSG.borrowOnHold(me.borrow_hold_reason), 'borrow_hold');
  const problem = firstError(borrowRequestForm(today(ctx)), input);
  if (problem) throw badRequest(problem);
  if (input.bookAhead && input.dateNeeded <= today(ctx)) throw badRequest(AVAILABILITY_MSG.bookAheadFuture);
  // docs/decisions/office-calendar.md: things are handed over and brought back while the office is open.
  const calendar = await ctx.settings.calendar();
  for (const date of [input.dateNeeded, input.dateExpectedReturn]) {
    const closed = closedReason(date, calendar);
    if (closed) throw badRequest(closed, 'office_closed');
  }
  const times = timesProblem(input, calendar);
  if (times) throw badRequest(times.message, 'times_invalid');
  const items = await itemsByIds(
    ctx.db,
    input.items.map((i) => i.itemId),
  );
  for (const line of input.items) {
    const item = items.get(line.itemId);
    if (!item) throw badRequest(MSG.itemNotInInventory(`Item #${line.itemId}`), 'item_not_found');
    if (!mayBorrowCategory(me.role, item.category)) throw forbidden(MSG.electricalFacultyOnly, 'access_restricted');
    const availability = availabilityOf(item);
    // Booked ahead, an item out of stock today may still be free on the request's dates (checked below).
    const lendable = input.bookAhead ? item.item_status === 'available' : availability.borrowable;
    if (!lendable) throw conflict(`${item.name}: ${MSG.itemNotAvailable(availability.status)}`, 'item_not_available');
    // Booked ahead, only the request's own dates count; otherwise it takes its stock at approval, as before.
    if (!input.bookAhead && line.quantity > availability.availableQuantity)
      throw conflict(MSG.quantityOverStock(item.name, availability.availableQuantity), 'short_stock');
  }
  // docs/decisions/reservations.md: the dates must be free of reservations and loans not due back before them.
  const span = input.bookAhead ? spanOfRequest(columnsOf(input)) : { from: today(ctx), to: input.dateExpectedReturn };
  await assertDatesFree(ctx.db, spansOf(input.items, span), today(ctx));
  return input.items.map((l) => ({ item: items.get(l.itemId)!, quantity: l.quantity }));
}

/** A request's dates and hours as its row keeps them (no hours: null, whole days). */
export const columnsOf = (input: NewRequest) => ({
  date_needed: input.dateNeeded,
  date_expected_return: input.dateExpectedReturn,
  time_from: input.timeFrom || null,
  time_to: input.timeTo || null,
});

/** Writes a checked request in the caller's transaction, the borrowing hold read again there. */
export async function insertRequest(ctx: Ctx, trx: Db, me: Account, input: NewRequest, lines: RequestLine[]) {
  const hold = await borrowHoldNow(ctx, trx, me.id);
  if (hold) throw forbidden(MSG.borrowOnHold(hold), 'borrow_hold');
  const purpose = input.purpose.trim();
  const { id } = await trx
    .insertInto('borrow_requests')
    .values({
      account_id: me.id,
      purpose,
      ...columnsOf(input),
      status: 'pending',
      proof_path: null,
      reject_reason: null,
      created_at: now(),
      decided_at: null,
      decided_by: null,
      returned_at: null,
      completed_at: null,
      reminded_at: null,
      book_ahead: input.bookAhead ? 1 : 0,
      search_text: searchTextOf(
        me.full_name,
        purpose,
        lines.map((l) => l.item.name),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('borrow_request_items')
    .values(
      lines.map(({ item, quantity }) => ({
        request_id: id,
        item_id: item.id,
        item_name: item.name,
        category: item.category,
        quantity_requested: quantity,
        quantity_approved: 0,
      })),
    )
    .execute();
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  await ctx.activity.record(about(me, { id, account_id: me.id }), say.requestCreated(me.full_name, id, units, purpose), trx);
  // Told to the office once the transaction has committed.
  return { id, alertOffice: ctx.activity.officeAlert(say.officeRequestFiled(me.full_name, id, units, purpose)) };
}

/** An item the office deleted after the checks: its line cannot point at it (a foreign key), said by name. */
export async function itemGoneMeanwhile(ctx: Ctx, err: unknown, lines: RequestLine[]): Promise<never> {
  if (!isForeignKeyViolation(err)) throw err;
  const still = await itemsByIds(
    ctx.db,
    lines.map((l) => l.item.id),
  );
  const gone = lines.find((l) => !still.has(l.item.id));
  throw conflict(MSG.itemNotInInventory(gone?.item.name ?? 'An item'), 'item_not_found');
}

export async function createRequest(
  ctx: Ctx,
  me: Account,
  input: Omit<NewRequest, 'bookAhead' | 'timeFrom' | 'timeTo'> & Partial<Pick<NewRequest, 'bookAhead' | 'timeFrom' | 'timeTo'>>,
): Promise<BorrowRequestDto> {
  const request = { ...input, bookAhead: input.bookAhead === true, timeFrom: input.timeFrom ?? '', timeTo: input.timeTo ?? '' };
  const lines = await checkNewRequest(ctx, me, request);
  const created = await ctx.db
    .transaction()
    .execute((trx) => insertRequest(ctx, trx, me, request, lines))
    .catch((err) => itemGoneMeanwhile(ctx, err, lines));
  created.alertOffice();
  return reload(ctx, created.id);
}

/**
 * Only the owner: a pending request (docs/product.md), or a booking approved and not yet handed out, whose dates are
 * freed (docs/decisions/reservations.md). The request is locked first, so a hand-out at the same moment wins or loses
 * whole; once handed out it is a loan, to be returned.
 */
export async function cancelRequest(ctx: Ctx, me: Account, id: number): Promise<BorrowRequestDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockRequest(trx, id);
    if (current.account_id !== me.id) throw notFound(MSG.requestNotFound);
    const booking = isUncollectedBooking({
      status: current.status,
      bookAhead: current.book_ahead === 1,
      handedOutAt: current.handed_out_at,
    });
    const request = await move(trx, id, booking ? 'cancelBooking' : 'cancel', {}, me.id);
    await ctx.activity.record(about(me, request), say.requestCancelled(me.full_name, id), trx);
  });
  return reload(ctx, id);
}

/** An account being deleted or deactivated: its pending requests are cancelled, in the caller's transaction. */
async function cancelPendingRequestsOf(ctx: Ctx, trx: Db, account: Account): Promise<void> {
  const pending = await trx
    .selectFrom('borrow_requests')
    .select('id')
    .where('account_id', '=', account.id)
    .where('status', '=', 'pending')
    .execute();
  for (const { id } of pending) {
    const request = await move(trx, id, 'cancel', {}, account.id);
    await ctx.activity.record(about(account, request), say.requestCancelled(account.full_name, id), trx);
  }
}

/** An account is not removed while it has borrowed units out; its pending requests go with it (accounts/service.ts). */
export const borrowingHold: AccountHold = {
  async holding(trx, accountId) {
    const out = await unitsOutOf(trx, accountId);
    return out.notReturned + out.awaitingCheck > 0 ? { loans: out } : null;
  },
  release: cancelPendingRequestsOf,
};

/** An item is not deleted while units of it are out on loan; tracking it names units on its loans (inventory). */
export const borrowingItemHold: ItemHold = { unitsOut: itemUnitsOnLoan, lockHolders: lockLoansOf, giveUnits: giveUnitsToLoans };

/** Whether the caller may return this request now: 404 when it is not theirs, 409 when it is not out on loan. */
export async function assertReturnable(ctx: Ctx, me: Account, id: number): Promise<void> {
  const current = await ctx.db.selectFrom('borrow_requests').select(['account_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current || current.account_id !== me.id) throw notFound(MSG.requestNotFound);
  if (!canDo('return', current.status)) throw conflict(wrongStateMessage('return', current.status), 'wrong_state');
}

/**
 * The borrower hands items back with a photo (docs/product.md, docs/decisions/form-checks.md): image by its bytes,
 * at most 5 MB. The return names what comes back (docs/decisions/partial-returns.md; nothing named: everything still
 * out). It is a batch awaiting verification; the request moves to returned only when nothing is out any more.
 */
export async function submitReturn(
  ctx: Ctx,
  me: Account,
  id: number,
  file: ReadFile | null,
  selection: ReturnSelection | null = null,
): Promise<BorrowRequestDto> {
  if (!file || file.buffer.length === 0) throw badRequest(MSG.proofRequired, 'proof_required');
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  await assertReturnable(ctx, me, id); // before writing the file; the guarded update below decides for good

  const path = await ctx.files.save('proofs', { buffer: file.buffer, kind: file.kind as FileKind });
  let partial = false;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const current = await lockRequest(trx, id);
      if (current.account_id !== me.id) throw notFound(MSG.requestNotFound);
      if (!canDo('return', current.status)) throw conflict(wrongStateMessage('return', current.status), 'wrong_state');
      const batch = await recordBatch(trx, current, me.id, selection, { proofPath: path, atCounter: false });
      await trx.insertInto('return_proofs').values({ request_id: id, path, created_at: at, rejected_at: null }).execute();
      if (batch.allBack) {
        const request = await move(trx, id, 'return', { proof_path: path, returned_at: at }, me.id);
        await ctx.activity.record(about(me, request), say.returnSubmitted(me.full_name, id), trx);
      } else {
        partial = true;
        await ctx.activity.record(about(me, current), say.partReturnSubmitted(me.full_name, id, batch.what), trx);
      }
    });
  } catch (err) {
    await ctx.files.remove(path);
    throw err;
  }
  ctx.activity.officeAlert(partial ? say.officePartReturnAwaiting(me.full_name, id) : say.officeReturnAwaiting(me.full_name, id))();
  return reload(ctx, id);
}

// ---- the office (personnel, admins and staff: the same rules from either portal) ----

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
    const unitsOf = await unitsForLines(trx, chosen, unitTags);
    await lendLines(trx, actor, id, chosen, unitsOf, decidedAt);
    // Taken from the shelf now, the loan holds from today to its return: it may not eat into a reservation's dates.
    await assertNoOverbooking(
      trx,
      chosen.map((l) => ({ itemId: l.item_id!, quantity: l.quantity_requested, from: on, to: request.date_expected_return })),
      on,
    );
    const lent = chosen.map((l) => ({ quantity: l.quantity_requested, name: l.item_name }));
    const borrower = await nameOf(trx, request.account_id);
    return tell(about(actor, request), say.requestApproved(actor.full_name, id, borrower, lent, request.date_expected_return), trx);
  });
  send();
  return reload(ctx, id);
}

type LineToLend = { id: number; item_id: number | null; item_name: string; quantity_requested: number };

/**
 * Lines going out now (an approval, a reservation's hand-out): each quantity taken from the shelf, a tracked line's
 * units lent and named on it, the line marked approved for that quantity. Refused, naming the line, when the shelf
 * or a unit cannot give it.
 */
async function lendLines(
  trx: Db,
  actor: Account,
  requestId: number,
  lines: readonly LineToLend[],
  unitsOf: Awaited<ReturnType<typeof unitsForLines>>,
  at: string,
): Promise<void> {
  for (const line of lines) {
    if (!(await takeFromStock(trx, line.item_id!, line.quantity_requested))) {
      const item = await stockOf(trx, line.item_id!);
      if (!item) throw conflict(MSG.itemGoneFromInventory(line.item_name), 'item_not_found');
      if (item.item_status !== 'available') {
        throw conflict(`${line.item_name}: ${MSG.itemNotAvailable(availabilityOf(item).status)}`, 'item_not_available');
      }
      throw conflict(MSG.stockShort(line.item_name, Math.max(0, item.quantity), line.quantity_requested), 'short_stock');
    }
    const units = unitsOf.get(line.item_id!);
    if (units) {
      const taken = await lendUnits(trx, actor.id, line.item_id!, units, requestId, at);
      if (taken) throw conflict(UNIT_APPROVE.taken(taken), 'unit_not_available');
      await trx
        .insertInto('borrow_line_units')
        .values(units.map((u) => ({ line_id: line.id, unit_id: u.id, tag: u.tag, returned_at: null })))
        .execute();
    }
    await trx.updateTable('borrow_request_items').set({ quantity_approved: line.quantity_requested }).where('id', '=', line.id).execute();
  }
}

/**
 * The office hands out a reservation on its day (docs/decisions/reservations.md): the reserved quantities are taken
 * from the shelf and the tracked lines' units named, exactly as an ordinary approval does; from then on it is a loan.
 */
export async function handOutReservation(ctx: Ctx, actor: Account, id: number, unitTags: string[] = []): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const request = await lockRequest(trx, id);
    if (request.status !== 'approved' || request.book_ahead !== 1 || request.handed_out_at !== null)
      throw conflict(AVAILABILITY_MSG.notReservation, 'wrong_state');
    if (request.date_needed > today(ctx)) throw conflict(AVAILABILITY_MSG.handOutDay(request.date_needed), 'wrong_state');
    const lines = (await linesOfRequest(trx, id)).filter((l) => l.item_id !== null && l.quantity_reserved > 0);
    await lockItems(
      trx,
      lines.map((l) => l.item_id!),
    );
    const asLent = lines.map((l) => ({ ...l, quantity_requested: l.quantity_reserved }));
    const unitsOf = await unitsForLines(trx, asLent, unitTags);
    await lendLines(trx, actor, id, asLent, unitsOf, at);
    const { numUpdatedRows } = await trx
      .updateTable('borrow_requests')
      .set({ handed_out_at: at })
      .where('id', '=', id)
      .where('handed_out_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(numUpdatedRows) === 0) throw conflict(AVAILABILITY_MSG.notReservation, 'wrong_state');
    const borrower = await nameOf(trx, request.account_id);
    return ctx.activity.tell(
      about(actor, request),
      say.reservationHandedOut(
        actor.full_name,
        id,
        borrower,
        asLent.map((l) => ({ quantity: l.quantity_requested, name: l.item_name })),
        request.date_expected_return,
      ),
      trx,
    );
  });
  send();
  return reload(ctx, id);
}

export async function rejectRequest(
  ctx: Ctx,
  actor: Account,
  id: number,
  reason: string | undefined,
  tellBorrower = true,
): Promise<BorrowRequestDto> {
  const why = reason?.trim() || MSG.defaultRejectReason(actor.role);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const request = await move(trx, id, 'reject', { reject_reason: why, decided_at: now(), decided_by: actor.id });
    const borrower = await nameOf(trx, request.account_id);
    return telling(ctx, tellBorrower)(about(actor, request), say.requestRejected(actor.full_name, id, borrower, why), trx);
  });
  send();
  return reload(ctx, id);
}

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

export const REMINDER_JOB = 'return_reminders';

/**
 * The daily reminder run (server/lib/scheduler.ts claims the day): each borrower with loans due tomorrow or
 * overdue gets one digest, bell and email. An overdue loan is reminded again only every few days, and never
 * on a day the office already reminded of it by hand.
 */
export function returnReminders(ctx: Ctx): DailyJob | null {
  const at = ctx.config.reminderTime;
  if (!at) return null;
  return {
    name: REMINDER_JOB,
    at,
    async work(trx, today) {
      // docs/decisions/office-calendar.md: nothing on a closed day; an open day reminds of the loans due before
      // the next open one (a loan due after a holiday weekend hears on the Friday).
      const calendar = await ctx.settings.calendar(trx);
      if (!isOpenDay(today, calendar)) return { summary: { officeClosed: true, borrowers: 0, loans: 0 }, afterCommit: () => {} };
      const dueBy = nextOpenDay(today, calendar);
      const again = addDays(today, -ctx.config.reminderRepeatDays);
      const due = await trx
        .selectFrom('borrow_requests')
        .select(['id', 'account_id', 'purpose', 'date_expected_return'])
        .where('status', '=', 'approved')
        .where('account_id', 'is not', null)
        // A reservation not handed out has nothing to bring back (docs/decisions/reservations.md).
        .where((eb) => eb.or([eb('book_ahead', '=', 0), eb('handed_out_at', 'is not', null)]))
        .where((eb) =>
          eb.or([
            eb.and([eb('date_expected_return', '>', today), eb('date_expected_return', '<=', dueBy)]),
            eb.and([
              eb('date_expected_return', '<', today),
              eb.or([eb('auto_reminded_on', 'is', null), eb('auto_reminded_on', '<=', again)]),
            ]),
          ]),
        )
        .where((eb) => eb.or([eb('auto_reminded_on', 'is', null), eb('auto_reminded_on', '<', today)]))
        .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', startOfDayUtc(today, ctx.config.campusTimeZone))]))
        .orderBy('account_id')
        .orderBy('date_expected_return')
        .orderBy('id')
        .execute();
      const byBorrower = new Map<number, typeof due>();
      for (const r of due) {
        const loans = byBorrower.get(r.account_id!);
        if (loans) loans.push(r);
        else byBorrower.set(r.account_id!, [r]);
      }
      const mails: SendMail[] = [];
      const out = await stillOutWords(
        trx,
        due.map((r) => r.id),
      );
      for (const [accountId, loans] of byBorrower) {
        const digest = say.returnDigest(
          loans.map((l) => ({ id: l.id, purpose: l.purpose, returnBy: l.date_expected_return, stillOut: out.get(l.id) ?? null })),
          today,
        );
        mails.push(await ctx.activity.notify(accountId, { type: 'borrow_request', id: loans[0].id }, digest, trx));
      }
      if (due.length) {
        await trx
          .updateTable('borrow_requests')
          .set({ auto_reminded_on: today })
          .where(
            'id',
            'in',
            due.map((r) => r.id),
          )
          .execute();
        await ctx.activity.record(BY_THE_SYSTEM, say.remindersSent(byBorrower.size, due.length), trx);
      }
      const overdue = due.filter((r) => r.date_expected_return < today).length;
      return {
        summary: { borrowers: byBorrower.size, loans: due.length, overdue, dueSoon: due.length - overdue },
        afterCommit: () => mails.forEach((send) => send()),
      };
    },
  };
}

/** What the office found at a return: the entries (core/borrowing/conditions.ts) and their photos by entry index. */
export interface Findings {
  entries: ConditionEntry[];
  photos: Map<number, ReadFile>;
}

/** Whether the request can be verified now (404, or 409 when not awaiting verification): asked before uploads are read. */
export async function assertVerifiable(ctx: Ctx, id: number): Promise<void> {
  const current = await ctx.db.selectFrom('borrow_requests').select('status').where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound(MSG.requestNotFound);
  if (current.status === 'approved') {
    const out = await stillOut(ctx.db, id);
    if (out > 0) throw conflict(RETURN_MSG.itemsOut(out), 'items_out');
  }
  if (!canDo('complete', current.status)) throw conflict(wrongStateMessage('complete', current.status), 'wrong_state');
}

/**
 * Each photo of a finding not good: present and an image by its bytes (400 otherwise); a good one's photo is not
 * kept. A finding that names a reported problem may come without one: it takes the problem's photo, and a thing
 * the borrower reported missing is found lost on their report (docs/decisions/loan-problems.md).
 */
function checkPhotos(found: Findings, reported: OpenProblem[] = []): Map<number, { buffer: Buffer; kind: FileKind }> {
  const out = new Map<number, { buffer: Buffer; kind: FileKind }>();
  found.entries.forEach((e, i) => {
    if (e.condition === 'good') return;
    const file = found.photos.get(i);
    const problem = reported.find((p) => p.id === e.problemId);
    if ((!file || file.buffer.length === 0) && problem && (problem.photo_path || e.condition === 'lost')) return;
    const what = e.tag ? tidyTag(e.tag) : `the ${RETURN_CONDITION_LABELS[e.condition].toLowerCase()} items`;
    if (!file || file.buffer.length === 0) throw badRequest(MSG.conditionPhotoRequired(what), 'photo_required');
    if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
    out.set(i, { buffer: file.buffer, kind: file.kind as FileKind });
  });
  return out;
}

/** The feed entry and notices of a verification: what was found, or (no findings) that everything came back good. */
function tellChecked(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  request: BorrowRequest,
  borrower: string,
  findings: Awaited<ReturnType<typeof checkIn>>,
  plain = say.returnConfirmed,
) {
  const texts = findings
    ? say.returnChecked(actor.full_name, request.id, borrower, findings)
    : plain(actor.full_name, request.id, borrower);
  return ctx.activity.tell(about(actor, request), texts, trx);
}

/**
 * Saves the photos of findings not good (before the transaction); removes them again if it fails. A finding that
 * names a problem the borrower reported may come without its own photo (docs/decisions/loan-problems.md).
 */
async function withPhotos<T>(ctx: Ctx, id: number, found: Findings | null, work: (saved: Saved) => Promise<T>): Promise<T> {
  // Read before the transaction: on SQLite's one connection ctx.db inside it would wait for ever.
  const reported = found ? await openProblemsOf(ctx.db, id) : [];
  const photos = found ? checkPhotos(found, reported) : new Map<number, { buffer: Buffer; kind: FileKind }>();
  const settings = found ? await ctx.settings.getAll(['office_name', 'damage_trades']) : null;
  const saved = new Map<number, string>();
  try {
    for (const [i, photo] of photos) saved.set(i, await ctx.files.save('returns', photo));
    return await work({ photos: saved, settings });
  } catch (err) {
    for (const path of saved.values()) await ctx.files.remove(path);
    throw err;
  }
}

/**
 * Checks a scope in (docs/decisions/return-conditions.md, partial-returns.md): without findings everything good,
 * back to stock and units available; with them each thing goes where its condition says and damage opens a repair.
 * Answers the findings in words, or null when everything was good without findings.
 */
type Saved = { photos: Map<number, string>; settings: Record<'office_name' | 'damage_trades', string> | null };

async function checkIn(ctx: Ctx, trx: Db, actor: Account, request: BorrowRequest, scope: Scope, found: Findings | null, saved: Saved) {
  const { settings } = saved;
  const within = { tags: new Set(scope.lent.map((u) => u.tag)), lineIds: new Set(scope.lines.map((l) => l.id)) };
  if (!found || !settings) {
    await restockScope(trx, request.id, actor.id, scope);
    await resolveProblems(trx, request.id, actor.id, false, within);
    return null;
  }
  const checked = checkFindings(scope.lines, scope.lent, found.entries);
  // docs/decisions/loan-problems.md: a finding naming a reported problem takes its photo when it brings none.
  const fromProblems = problemPhotos(await openProblemsOf(trx, request.id), found.entries);
  const findings = await applyFindings(ctx, trx, actor, checked, {
    request,
    lines: scope.lines,
    lent: scope.lent,
    photos: new Map([...fromProblems, ...saved.photos]),
    trades: readDamageTrades(settings.damage_trades),
    officeName: settings.office_name,
  });
  await resolveProblems(trx, request.id, actor.id, true, within);
  return findings;
}

/** Everything good: the scope's quantities back on the shelf, its units checked back in. */
async function restockScope(trx: Db, requestId: number, actorId: number, scope: Scope) {
  const at = now();
  for (const line of scope.lines) {
    if (line.item_id !== null && line.quantity_approved > 0) await returnToStock(trx, line.item_id, line.quantity_approved);
    const lent = scope.lent.filter((u) => u.line_id === line.id);
    if (!lent.length) continue;
    await trx
      .updateTable('borrow_line_units')
      .set({ returned_at: at })
      .where(
        'id',
        'in',
        lent.map((u) => u.id),
      )
      .execute();
    const unitIds = lent.flatMap((u) => (u.unit_id === null ? [] : [u.unit_id]));
    if (line.item_id !== null && unitIds.length) await checkInUnits(trx, actorId, line.item_id, unitIds, requestId);
  }
}

/**
 * Staff confirm a return (the whole request: every return awaiting verification at once). Without findings
 * everything came back good; with them (docs/decisions/return-conditions.md) each thing goes where its condition
 * says. Refused while things are still out (409 items_out): the request completes when everything is back.
 */
export async function completeRequest(ctx: Ctx, actor: Account, id: number, found: Findings | null = null): Promise<BorrowRequestDto> {
  await withPhotos(ctx, id, found, async (saved) => {
    const send = await ctx.db.transaction().execute(async (trx) => {
      const current = await lockRequest(trx, id);
      if (current.status === 'approved') {
        const out = await stillOut(trx, id);
        if (out > 0) throw conflict(RETURN_MSG.itemsOut(out), 'items_out');
      }
      const request = await move(trx, id, 'complete', { completed_at: now() });
      const borrower = await nameOf(trx, request.account_id);
      const scope = await unverifiedScope(trx, id, false);
      await claimAllBatches(trx, id, actor.id);
      const findings = await checkIn(ctx, trx, actor, request, scope, found, saved);
      await markVerified(trx, scope, false);
      return tellChecked(ctx, trx, actor, request, borrower, findings);
    });
    send();
  });
  return reload(ctx, id);
}

/** Whether a return batch of the request can be verified now (404, 409): asked before uploads are read. */
export { assertBatchOpen } from './returns';

/**
 * The office verifies one return (docs/decisions/partial-returns.md): once (a guarded update), with findings
 * restricted to what that return brought back. The request completes when this was the last awaiting return and
 * nothing is out.
 */
export async function verifyReturnBatch(
  ctx: Ctx,
  actor: Account,
  id: number,
  batchId: number,
  found: Findings | null = null,
): Promise<BorrowRequestDto> {
  await withPhotos(ctx, id, found, async (saved) => {
    const send = await ctx.db.transaction().execute(async (trx) => {
      let request = await lockRequest(trx, id);
      await claimBatch(trx, id, batchId, actor.id);
      const scope = await batchScope(trx, id, batchId);
      const findings = await checkIn(ctx, trx, actor, request, scope, found, saved);
      await markVerified(trx, scope, false);
      if (request.status === 'returned' && !(await awaitingBatches(trx, id)).length) {
        request = await move(trx, id, 'complete', { completed_at: now() });
      }
      const borrower = await nameOf(trx, request.account_id);
      return tellChecked(ctx, trx, actor, request, borrower, findings);
    });
    send();
  });
  return reload(ctx, id);
}

/** Not Yet Returned on one return: its proof refused, its things count as out again; a returned request goes back to approved. */
export async function refuseReturnBatch(ctx: Ctx, actor: Account, id: number, batchId: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    let request = await lockRequest(trx, id);
    await refuseBatch(trx, id, batchId);
    const batch = await trx.selectFrom('return_batches').select('proof_path').where('id', '=', batchId).executeTakeFirstOrThrow();
    if (batch.proof_path) {
      await trx
        .updateTable('return_proofs')
        .set({ rejected_at: now() })
        .where('request_id', '=', id)
        .where('path', '=', batch.proof_path)
        .where('rejected_at', 'is', null)
        .execute();
    }
    if (request.status === 'returned') request = await move(trx, id, 'notReturned', { proof_path: null, returned_at: null });
    const borrower = await nameOf(trx, request.account_id);
    return ctx.activity.tell(about(actor, request), say.returnNotAccepted(actor.full_name, id, borrower), trx);
  });
  send();
  return reload(ctx, id);
}

/**
 * The office records a return at its counter for the borrower (docs/decisions/partial-returns.md): what comes back
 * (nothing named: everything out), a photo if it has one, and, with `verify` or findings, verified in the same step.
 * The request moves to returned when nothing is out, or to completed when that is verified too.
 */
export async function counterReturn(
  ctx: Ctx,
  actor: Account,
  id: number,
  input: { selection: ReturnSelection | null; proof: ReadFile | null; verify: boolean; found: Findings | null },
): Promise<BorrowRequestDto> {
  const { proof } = input;
  if (proof && proof.buffer.length > 0 && (!proof.kind || !PROOF_IMAGE_KINDS.includes(proof.kind)))
    throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  const verify = input.verify || input.found !== null;
  const proofPath =
    proof && proof.buffer.length > 0 ? await ctx.files.save('proofs', { buffer: proof.buffer, kind: proof.kind as FileKind }) : null;
  try {
    await withPhotos(ctx, id, input.found, async (saved) => {
      const send = await ctx.db.transaction().execute(async (trx) => {
        const at = now();
        let request = await lockRequest(trx, id);
        if (!canDo('return', request.status)) throw conflict(wrongStateMessage('return', request.status), 'wrong_state');
        const batch = await recordBatch(trx, request, actor.id, input.selection, { proofPath, atCounter: true });
        if (proofPath)
          await trx.insertInto('return_proofs').values({ request_id: id, path: proofPath, created_at: at, rejected_at: null }).execute();
        let findings = null;
        if (verify) {
          await claimBatch(trx, id, batch.batchId, actor.id);
          const scope = await batchScope(trx, id, batch.batchId);
          findings = await checkIn(ctx, trx, actor, request, scope, input.found, saved);
          await markVerified(trx, scope, false);
        }
        if (batch.allBack) {
          const done = verify && !(await awaitingBatches(trx, id)).length;
          request = done
            ? await move(trx, id, 'markReturned', { returned_at: at, completed_at: at })
            : await move(trx, id, 'return', { returned_at: at, proof_path: proofPath });
        }
        const borrower = await nameOf(trx, request.account_id);
        const received = say.counterReturn(actor.full_name, id, borrower, batch.what);
        if (!verify) return ctx.activity.tell(about(actor, request), received, trx);
        return tellChecked(ctx, trx, actor, request, borrower, findings);
      });
      send();
    });
  } catch (err) {
    if (proofPath) await ctx.files.remove(proofPath);
    throw err;
  }
  return reload(ctx, id);
}

/** "Not Yet Returned" (docs/decisions/borrow-lifecycle.md): back to approved; the refused proof stays in the history. */
export async function refuseReturn(ctx: Ctx, actor: Account, id: number): Promise<BorrowRequestDto> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    await lockRequest(trx, id);
    const request = await move(trx, id, 'notReturned', { proof_path: null, returned_at: null });
    for (const batchId of await awaitingBatches(trx, id)) await refuseBatch(trx, id, batchId);
    // What is back is what was verified (a request returned before migration 031 had no batches to release).
    await trx
      .updateTable('borrow_request_items')
      .set((eb) => ({ quantity_back: eb.ref('quantity_verified') }))
      .where('request_id', '=', id)
      .execute();
    await trx
      .updateTable('return_proofs')
      .set({ rejected_at: now() })
      .where('request_id', '=', id)
      .where('rejected_at', 'is', null)
      .execute();
    const borrower = await nameOf(trx, request.account_id);
    return ctx.activity.tell(about(actor, request), say.returnNotAccepted(actor.full_name, id, borrower), trx);
  });
  send();
  return reload(ctx, id);
}

/**
 * Staff mark a loan returned from the borrow records (docs/decisions/stock-and-approval.md): everything not checked in
 * yet (still out, or handed back and awaiting verification) is checked in, with findings when given
 * (docs/decisions/partial-returns.md; none: all good), and the request is completed.
 */
export async function markLoanReturned(ctx: Ctx, actor: Account, id: number, found: Findings | null = null): Promise<BorrowRequestDto> {
  await withPhotos(ctx, id, found, async (saved) => {
    const send = await ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const current = await lockRequest(trx, id);
      if (current.book_ahead === 1 && current.handed_out_at === null && current.status === 'approved')
        throw conflict(AVAILABILITY_MSG.notHandedOut, 'not_handed_out');
      const request = await move(trx, id, 'markReturned', { returned_at: at, completed_at: at });
      const scope = await unverifiedScope(trx, id, true);
      await claimAllBatches(trx, id, actor.id);
      const findings = await checkIn(ctx, trx, actor, request, scope, found, saved);
      await markVerified(trx, scope, true);
      const borrower = await nameOf(trx, request.account_id);
      return tellChecked(ctx, trx, actor, request, borrower, findings, say.loanMarkedReturned);
    });
    send();
  });
  return reload(ctx, id);
}

export const RELEASE_JOB = 'reservation_release';

/**
 * The nightly release (docs/decisions/reservations.md; server/lib/scheduler.ts claims the day once across
 * processes): every reservation approved and not handed out whose day has ended is cancelled, its dates freed, and
 * its borrower told. Each move is guarded by the status and the hand-out, so one handed out meanwhile stays.
 */
export function reservationRelease(ctx: Ctx): DailyJob {
  return {
    name: RELEASE_JOB,
    at: '00:05',
    async work(trx, today) {
      const lapsed = await trx
        .selectFrom('borrow_requests')
        .select(['id', 'account_id', 'date_needed'])
        .where('status', '=', 'approved')
        .where('book_ahead', '=', 1)
        .where('handed_out_at', 'is', null)
        .where('date_needed', '<', today)
        .orderBy('id')
        .execute();
      const mails: SendMail[] = [];
      let released = 0;
      for (const r of lapsed) {
        const { numUpdatedRows } = await trx
          .updateTable('borrow_requests')
          .set({ status: 'cancelled', reject_reason: say.reservationReleased(r.id, r.date_needed).message })
          .where('id', '=', r.id)
          .where('status', '=', 'approved')
          .where('handed_out_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(numUpdatedRows) === 0) continue;
        released++;
        if (r.account_id !== null)
          mails.push(
            await ctx.activity.notify(
              r.account_id,
              { type: 'borrow_request', id: r.id },
              say.reservationReleased(r.id, r.date_needed),
              trx,
            ),
          );
      }
      if (released) await ctx.activity.record(BY_THE_SYSTEM, say.reservationsReleased(released), trx);
      return { summary: { released }, afterCommit: () => mails.forEach((send) => send()) };
    },
  };
}
