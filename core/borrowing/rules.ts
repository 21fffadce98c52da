/**
 * Borrowing rules (docs/product.md, docs/decisions/form-checks.md; docs/decisions/stock-and-approval.md, borrow-lifecycle.md, calendar-dates.md). Pure: no I/O, shared by the
 * server and the browser, so every screen and every service says the same thing.
 */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { plural } from '../format';
import type { Category } from '../inventory/rules';
import { MSG } from '../messages';
import type { Role } from '../roles';
import { daysBetween, isCalendarDate } from '../time';

// ---- request statuses and transitions ----

export const REQUEST_STATUSES = ['pending', 'approved', 'returned', 'completed', 'rejected', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  returned: 'Awaiting verification',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** Everything that moves a request, with the statuses it may start from and the one it ends in. */
export const REQUEST_ACTIONS = {
  approve: { from: ['pending'], to: 'approved', verb: 'approved' },
  reject: { from: ['pending'], to: 'rejected', verb: 'rejected' },
  cancel: { from: ['pending'], to: 'cancelled', verb: 'cancelled' },
  /** The borrower gives up a booking approved and not yet handed out (isUncollectedBooking): its dates are freed. */
  cancelBooking: { from: ['approved'], to: 'cancelled', verb: 'cancelled' },
  /** The borrower hands the items back with a photo. */
  return: { from: ['approved'], to: 'returned', verb: 'returned' },
  /** Staff confirm a return; the quantities go back to stock. */
  complete: { from: ['returned'], to: 'completed', verb: 'marked as completed' },
  /** "Not Yet Returned": the proof is not accepted (docs/decisions/borrow-lifecycle.md). */
  notReturned: { from: ['returned'], to: 'approved', verb: 'marked as not returned' },
  /** Staff mark a loan returned from the borrow records; the quantities go back to stock. */
  markReturned: { from: ['approved'], to: 'completed', verb: 'marked as returned' },
  /** Everything approved was issued as supplies, nothing lent: the request is done (docs/decisions/supplies.md). */
  issued: { from: ['approved'], to: 'completed', verb: 'completed by issue' },
  /** A reminder changes nothing but the reminder time. */
  remind: { from: ['approved'], to: 'approved', verb: 'reminded' },
} as const satisfies Record<string, { from: readonly RequestStatus[]; to: RequestStatus; verb: string }>;
export type RequestAction = keyof typeof REQUEST_ACTIONS;

/** A booking the office approved that has not been handed out: it holds dates only, and its borrower may still cancel it. */
export const isUncollectedBooking = (r: { status: string; bookAhead: boolean; handedOutAt: string | null }) =>
  r.status === 'approved' && r.bookAhead && r.handedOutAt === null;

export function canDo(action: RequestAction, status: string): boolean {
  return (REQUEST_ACTIONS[action].from as readonly string[]).includes(status);
}

/** Why an action is refused in the request's present state, in words a person can act on. */
export function wrongStateMessage(action: RequestAction, status: string): string {
  const { from, verb } = REQUEST_ACTIONS[action];
  const label = REQUEST_STATUS_LABELS[status as RequestStatus]?.toLowerCase() ?? status;
  return `Only ${from.join(' or ')} requests can be ${verb}; this request is ${label}.`;
}

export const isFinal = (status: string) =>
  !(Object.keys(REQUEST_ACTIONS) as RequestAction[]).some((a) => a !== 'remind' && canDo(a, status));

/** Admin All tab (docs/product.md): pending, approved, returned, completed, rejected, others last. */
export const ALL_TAB_ORDER: readonly RequestStatus[] = ['pending', 'approved', 'returned', 'completed', 'rejected', 'cancelled'];
export function statusRank(status: string): number {
  const i = ALL_TAB_ORDER.indexOf(status as RequestStatus);
  return i < 0 ? ALL_TAB_ORDER.length - 1 : i;
}

/** Statuses whose approved quantities are out of stock: the loan is not closed yet. */
export const OPEN_LOAN_STATUSES: readonly RequestStatus[] = ['approved', 'returned'];

// ---- ids ----

export const requestCode = (id: number) => `REQ-${id}`;

/** What a request holds, in one line, as the day and week and the pick list say it: "2 x Projector (PJ-0001, PJ-0002); 1 x Cable". */
export const holdsText = (holds: { name: string; quantity: number; units: string[] }[]) =>
  holds.map((h) => `${h.quantity} x ${h.name}${h.units.length ? ` (${h.units.join(', ')})` : ''}`).join('; ');
export const recordCode = (id: number) => `BRW-${id}`;

/** "REQ-12", "brw 12", "#12" or "12" to 12; anything else to null. */
export function parseRequestCode(text: string): number | null {
  const m = text.trim().match(/^(?:(?:REQ|BRW)\s*-?\s*|#)?(\d{1,9})$/i);
  return m ? Number(m[1]) : null;
}

// ---- who may borrow what ----

/** Students cannot borrow electrical items; faculty can (docs/product.md). */
const FACULTY_ONLY_CATEGORY: Category = 'Electrical';
export const mayBorrowCategory = (role: Role, category: string) => !(role === 'student' && category === FACULTY_ONLY_CATEGORY);

// ---- dates: overdue, badges, loan status ----

/**
 * Days past the expected return date (docs/product.md), never negative. Calendar dates in the campus
 * time zone, so a loan is overdue from the day after its expected return, never on the day (docs/decisions/calendar-dates.md).
 */
export function overdueDays(expectedReturn: string, today: string): number {
  return Math.max(0, daysBetween(expectedReturn, today));
}

export const isOverdue = (expectedReturn: string, today: string) => overdueDays(expectedReturn, today) > 0;

export type OverdueBand = 'over7' | 'over3' | 'over0' | 'onTime';

/** docs/product.md: over 7 days, over 3 days, over 0, on time. */
export function overdueBand(days: number): OverdueBand {
  if (days > 7) return 'over7';
  if (days > 3) return 'over3';
  if (days > 0) return 'over0';
  return 'onTime';
}

/** A badge's colour, and whether it is filled (the loudest) or a light tint. */
export type BadgeTone = { color: 'red' | 'orange' | 'yellow' | 'green'; filled: boolean };

/**
 * The overdue bands as every screen draws them (docs/decisions/calendar-dates.md): each day overdue louder than
 * the last band, and none of them the yellow of "due soon".
 */
export const OVERDUE_BAND_TONES: Record<OverdueBand, BadgeTone> = {
  over7: { color: 'red', filled: true },
  over3: { color: 'red', filled: false },
  over0: { color: 'orange', filled: false },
  onTime: { color: 'green', filled: true },
};

/** Due-soon window for the expected-return badge (docs/product.md). */
const DUE_SOON_DAYS = 3;

/**
 * docs/product.md: negative days left "N days overdue" in its overdue band; 0 to 3 yellow ("Due today" on the day);
 * otherwise green "N days left".
 */
export function returnBadgeFor(daysLeft: number): BadgeTone & { label: string; daysLeft: number } {
  if (daysLeft < 0) return { ...OVERDUE_BAND_TONES[overdueBand(-daysLeft)], label: `${plural(-daysLeft, 'day')} overdue`, daysLeft };
  const label = daysLeft === 0 ? 'Due today' : `${plural(daysLeft, 'day')} left`;
  return daysLeft <= DUE_SOON_DAYS
    ? { color: 'yellow', filled: false, label, daysLeft }
    : { color: 'green', filled: true, label, daysLeft };
}

export const expectedReturnBadge = (expectedReturn: string, today: string) => returnBadgeFor(daysBetween(today, expectedReturn));

export const RECORD_STATUSES = ['approved', 'active', 'overdue', 'returned', 'completed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  approved: 'Approved',
  active: 'Active',
  overdue: 'Overdue',
  returned: 'Returned',
  completed: 'Completed',
};

/**
 * Borrow-record tabs across both portals. Approved, active, returned and completed partition the loans (All is
 * their sum); overdue is the part of active past its expected return.
 */
export const RECORD_TABS = ['all', 'active', 'overdue', 'approved', 'returned', 'completed'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];
/** Request statuses that have a borrow record (the loan side of an approved request). */
export const RECORD_REQUEST_STATUSES: readonly RequestStatus[] = ['approved', 'returned', 'completed'];

/**
 * A loan's state, one definition for its badge, its tab and its counter (docs/decisions/borrow-lifecycle.md):
 * approved until its date needed (to be collected), then active, overdue from the day after its expected return,
 * returned once the borrower has sent proof, completed when the office confirms. Derived when asked, never stored.
 * Null when the request has no loan (pending, rejected, cancelled).
 */
export function recordStatus(status: string, dateNeeded: string, expectedReturn: string, today: string): RecordStatus | null {
  if (status === 'approved') return dateNeeded > today ? 'approved' : isOverdue(expectedReturn, today) ? 'overdue' : 'active';
  if (status === 'returned') return 'returned';
  if (status === 'completed') return 'completed';
  return null;
}

// ---- the borrow form (docs/product.md, docs/decisions/form-checks.md), checked the same way in the browser and on the server ----

/** A quantity a cart line may ask for, whatever the stock: a whole number from 1. */
export const isCartQuantity = (n: number) => Number.isInteger(n) && n >= 1;

const filledIn = z.string({ error: MSG.borrowRequiredFields }).check(z.trim(), z.minLength(1, MSG.borrowRequiredFields));
const cartLine = z.object({ itemId: z.number(), quantity: z.number() });
const askedDate = z.string().check(z.refine(isCalendarDate, MSG.borrowInvalidDate));

/**
 * The borrow form's checks that need no inventory lookup, for firstError (core/common/forms.ts), in three
 * stages: everything filled in and a cart; both dates real calendar dates; then the values themselves.
 */
/** The longest purpose a request may give; the form counts toward it. */
export const PURPOSE_MAX = 1000;

export const borrowRequestForm = (today: string) =>
  z.pipe(
    z.pipe(
      z.object({
        purpose: filledIn,
        dateNeeded: filledIn,
        dateExpectedReturn: filledIn,
        items: z.array(cartLine, { error: MSG.borrowRequiredFields }).check(z.minLength(1, MSG.borrowRequiredFields)),
      }),
      z.object({
        purpose: z.string().check(z.maxLength(PURPOSE_MAX, MSG.purposeTooLong)),
        dateNeeded: askedDate,
        dateExpectedReturn: askedDate,
        items: z.array(cartLine),
      }),
    ),
    z
      .object({
        purpose: z.string(),
        dateNeeded: z.string().check(z.refine((d) => d >= today, MSG.dateNeededPast)),
        dateExpectedReturn: z.string(),
        items: z.array(cartLine).check(
          z.refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, MSG.duplicateCartItem),
          z.refine((lines) => lines.every((l) => isCartQuantity(l.quantity)), MSG.quantityInvalid),
        ),
      })
      .check(
        z.refine((r) => r.dateExpectedReturn >= r.dateNeeded, { message: MSG.returnBeforeNeeded, path: ['dateExpectedReturn'], ...always }),
      ),
  );

/** Cart quantity stays between 1 and what is available (docs/product.md, docs/decisions/form-checks.md): Add to Request counts up to the stock. */
export const clampQuantity = (wanted: number, available: number) => Math.max(1, Math.min(Math.floor(wanted) || 1, available));
