/**
 * A borrower files a request (docs/product.md, docs/decisions/form-checks.md, reservations.md): its checks in the
 * form's order, then against the calendar and the inventory; then one transaction writes it and the office is told.
 */
import * as say from '../../../core/borrowing/notices';
import { borrowRequestForm, mayBorrowCategory } from '../../../core/borrowing/rules';
import type { BorrowRequestDto, NewRequest } from '../../../core/borrowing/schemas';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import { timesProblem } from '../../../core/borrowing/timesOfDay';
import { firstError } from '../../../core/common/forms';
import { availabilityOf } from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import {
  readSupplyRequesters,
  SUPPLIES_ONLY_ROLES,
  SUPPLY_MSG,
  supplyRefusal,
  type SupplyRequesters,
} from '../../../core/inventory/supplies';
import type { Role } from '../../../core/roles';
import { closedReason } from '../../../core/site/calendar';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, Item } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../errors';
import { borrowHoldNow } from '../accounts';
import { itemsByIds } from '../inventory';
import { assertDatesFree, spanOfRequest, spansOf } from './availability';
import { now, reload, today } from './moves';
import { searchTextOf } from './queries';
import { about } from './telling';

/** A write refused by a foreign key (PostgreSQL 23503, SQLite's FOREIGNKEY constraint): what it points at is gone. */
const isForeignKeyViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};

export type RequestLine = { item: Item; quantity: number };

/**
 * A request's checks before anything is written, in the form's order (docs/product.md,
 * docs/decisions/form-checks.md), then against the calendar and the inventory as it is now. Answers its lines.
 */
export async function checkNewRequest(ctx: Ctx, me: Account, input: NewRequest): Promise<RequestLine[]> {
  // docs/decisions/borrow-holds.md: a hold is said first (read again inside the transaction that writes).
  if (me.borrow_hold_reason) throw forbidden(MSG.borrowOnHold(me.borrow_hold_reason), 'borrow_hold');
  const items = await itemsByIds(
    ctx.db,
    input.items.map((i) => i.itemId),
  );
  // docs/decisions/supplies.md: a request of supplies only has no return date; it is the day needed.
  const allSupplies = input.items.length > 0 && input.items.every((l) => items.get(l.itemId)?.supply === 1);
  if (allSupplies && !input.dateExpectedReturn) input.dateExpectedReturn = input.dateNeeded;
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
  const requesters = readSupplyRequesters(await ctx.settings.get('supply_requesters'));
  for (const line of input.items) {
    const item = items.get(line.itemId);
    if (!item) throw badRequest(MSG.itemNotInInventory(`Item #${line.itemId}`), 'item_not_found');
    assertMayRequest(me, item, requesters, input.bookAhead);
    if (item.supply !== 1 && !mayBorrowCategory(me.role, item.category)) throw forbidden(MSG.electricalFacultyOnly, 'access_restricted');
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
  const lent = input.items.filter((l) => items.get(l.itemId)!.supply !== 1);
  await assertDatesFree(ctx.db, spansOf(lent, span), today(ctx));
  return input.items.map((l) => ({ item: items.get(l.itemId)!, quantity: l.quantity }));
}

/**
 * Who may ask for what (docs/decisions/supplies.md): a supply by the roles its category allows (students by default
 * not), never booked ahead; personnel and staff ask for supplies only.
 */
function assertMayRequest(me: Account, item: Item, requesters: SupplyRequesters, bookAhead: boolean) {
  if (item.supply === 1) {
    const refusal = supplyRefusal(requesters, me.role as Role, { name: item.name, category: item.category });
    if (refusal) throw forbidden(refusal, 'supply_not_allowed');
    if (bookAhead) throw badRequest(SUPPLY_MSG.noBookAhead(item.name), 'supply_not_allowed');
  } else if (SUPPLIES_ONLY_ROLES.includes(me.role as Role)) {
    throw forbidden(SUPPLY_MSG.suppliesOnly, 'supplies_only');
  }
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
      // docs/decisions/departments.md: charged to the requester's department as it is now, kept if they move.
      department_id: me.department_id,
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
        supply: item.supply,
      })),
    )
    .execute();
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  await ctx.activity.record(about(me, { id, account_id: me.id }), say.requestCreated(me.full_name, id, units, purpose), trx);
  // Told to the office once the transaction has committed.
  return {
    id,
    alertOffice: ctx.activity.officeAlert(say.officeRequestFiled(me.full_name, id, units, purpose), { type: 'borrow_request', id }),
  };
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
