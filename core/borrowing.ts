/**
 * Borrowing rules (spec 000 s4-5, 001 s4, 002 s4; DECISIONS 10-14). Pure: no I/O, shared by the
 * server and the browser, so every screen and every service says the same thing.
 */
import { MSG } from './messages';
import type { Role } from './roles';
import { daysBetween, isCalendarDate } from './time';

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
  /** The borrower hands the items back with a photo. */
  return: { from: ['approved'], to: 'returned', verb: 'returned' },
  /** Staff confirm a return; the quantities go back to stock. */
  complete: { from: ['returned'], to: 'completed', verb: 'marked as completed' },
  /** "Not Yet Returned": the proof is not accepted (DECISIONS 14). */
  notReturned: { from: ['returned'], to: 'approved', verb: 'marked as not returned' },
  /** Staff mark a loan returned from the borrow records; the quantities go back to stock. */
  markReturned: { from: ['approved'], to: 'completed', verb: 'marked as returned' },
  /** A reminder changes nothing but the reminder time. */
  remind: { from: ['approved'], to: 'approved', verb: 'reminded' },
} as const satisfies Record<string, { from: readonly RequestStatus[]; to: RequestStatus; verb: string }>;
export type RequestAction = keyof typeof REQUEST_ACTIONS;

export function canDo(action: RequestAction, status: string): boolean {
  return (REQUEST_ACTIONS[action].from as readonly string[]).includes(status);
}

/** Why an action is refused in the request's present state, in words a person can act on. */
export function wrongStateMessage(action: RequestAction, status: string): string {
  const { from, verb } = REQUEST_ACTIONS[action];
  const label = REQUEST_STATUS_LABELS[status as RequestStatus]?.toLowerCase() ?? status;
  return `Only ${from.join(' or ')} requests can be ${verb}; this request is ${label}.`;
}

export const isFinal = (status: string) => !(Object.keys(REQUEST_ACTIONS) as RequestAction[]).some((a) => a !== 'remind' && canDo(a, status));

/** Admin All tab (spec 001 s2): pending, approved, returned, completed, rejected, others last. */
export const ALL_TAB_ORDER: readonly RequestStatus[] = ['pending', 'approved', 'returned', 'completed', 'rejected', 'cancelled'];
export function statusRank(status: string): number {
  const i = ALL_TAB_ORDER.indexOf(status as RequestStatus);
  return i < 0 ? ALL_TAB_ORDER.length - 1 : i;
}

/** Statuses whose approved quantities are out of stock: the loan is not closed yet. */
export const OPEN_LOAN_STATUSES: readonly RequestStatus[] = ['approved', 'returned'];

// ---- ids ----

export const requestCode = (id: number) => `REQ-${id}`;
export const recordCode = (id: number) => `BRW-${id}`;

/** "REQ-12", "brw 12", "#12" or "12" to 12; anything else to null. */
export function parseRequestCode(text: string): number | null {
  const m = text.trim().match(/^(?:(?:REQ|BRW)\s*-?\s*|#)?(\d{1,9})$/i);
  return m ? Number(m[1]) : null;
}

// ---- items: categories, availability, stock ----

export const CATEGORIES = ['HVAC', 'Plumbing', 'Janitorial', 'Electrical', 'Maintenance'] as const;
export type Category = (typeof CATEGORIES)[number];

export const ITEM_STATUSES = ['available', 'unavailable', 'damaged'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Students cannot borrow electrical items; faculty can (spec 000 s1). */
export const FACULTY_ONLY_CATEGORY: Category = 'Electrical';
export const mayBorrowCategory = (role: Role, category: string) => !(role === 'student' && category === FACULTY_ONLY_CATEGORY);

export interface StockedItem {
  quantity: number;
  item_status: string;
}

export interface Availability {
  /** Whether it can go in a request now. */
  borrowable: boolean;
  /** How many can be requested: the stock on hand, or 0 when it cannot be borrowed. */
  availableQuantity: number;
  /** 'available', or the reason it is not: 'unavailable', 'damaged', 'out of stock'. */
  status: string;
}

/**
 * THE availability rule (DECISIONS 10): quantity is the stock on hand; an item can be borrowed
 * when its item status is available and there is at least one on hand.
 */
export function availabilityOf(item: StockedItem): Availability {
  if (item.item_status !== 'available') return { borrowable: false, availableQuantity: 0, status: item.item_status };
  if (item.quantity <= 0) return { borrowable: false, availableQuantity: 0, status: 'out of stock' };
  return { borrowable: true, availableQuantity: item.quantity, status: 'available' };
}

export type StockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';
export type StockLevel = 'good' | 'low' | 'critical';

/** Spec 002 s4: out of stock at 0 or less, low at or below the minimum, else in stock. */
export function stockStatus(quantity: number, minStock: number): StockStatus {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= minStock) return 'low_stock';
  return 'in_stock';
}

/** The admin view's names for the same three states (spec 001: good, low, critical). */
export const STOCK_LEVEL: Record<StockStatus, StockLevel> = { in_stock: 'good', low_stock: 'low', out_of_stock: 'critical' };
export const stockLevel = (quantity: number, minStock: number): StockLevel => STOCK_LEVEL[stockStatus(quantity, minStock)];

// ---- dates: overdue, badges, loan status ----

/**
 * Days past the expected return date (spec 002 s4), never negative. Calendar dates in the campus
 * time zone, so a loan is overdue from the day after its expected return, never on the day (DECISIONS 13).
 */
export function overdueDays(expectedReturn: string, today: string): number {
  return Math.max(0, daysBetween(expectedReturn, today));
}

export const isOverdue = (expectedReturn: string, today: string) => overdueDays(expectedReturn, today) > 0;

export type OverdueBand = 'over7' | 'over3' | 'over0' | 'onTime';
export const OVERDUE_BAND_COLORS: Record<OverdueBand, string> = { over7: 'red', over3: 'orange', over0: 'yellow', onTime: 'green' };

/** Spec 000 s9: over 7 days, over 3 days, over 0, on time. */
export function overdueBand(days: number): OverdueBand {
  if (days > 7) return 'over7';
  if (days > 3) return 'over3';
  if (days > 0) return 'over0';
  return 'onTime';
}

const dayCount = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Due-soon window for the expected-return badge (spec 001 s9). */
export const DUE_SOON_DAYS = 3;

/** Spec 001 s4: negative days left red "N days overdue"; 0 to 3 yellow; otherwise green "N days left". */
export function returnBadgeFor(daysLeft: number): { color: 'red' | 'yellow' | 'green'; label: string; daysLeft: number } {
  if (daysLeft < 0) return { color: 'red', label: `${dayCount(-daysLeft)} overdue`, daysLeft };
  const label = daysLeft === 0 ? 'Due today' : `${dayCount(daysLeft)} left`;
  return { color: daysLeft <= DUE_SOON_DAYS ? 'yellow' : 'green', label, daysLeft };
}

export const expectedReturnBadge = (expectedReturn: string, today: string) => returnBadgeFor(daysBetween(today, expectedReturn));

export const RECORD_STATUSES = ['active', 'overdue', 'returned', 'completed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = { active: 'Active', overdue: 'Overdue', returned: 'Returned', completed: 'Completed' };

/** Borrow-record tabs across both portals; "approved" is every loan still out (active and overdue). */
export const RECORD_TABS = ['all', 'active', 'overdue', 'approved', 'returned', 'completed'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];
/** Request statuses that have a borrow record (the loan side of an approved request). */
export const RECORD_REQUEST_STATUSES: readonly RequestStatus[] = ['approved', 'returned', 'completed'];

/**
 * DECISIONS 12: active while out and not yet due, overdue when past due, returned when the borrower
 * has submitted proof, completed when staff confirm. Derived when asked, never stored. Null when the
 * request has no loan (pending, rejected, cancelled).
 */
export function recordStatus(status: string, expectedReturn: string, today: string): RecordStatus | null {
  if (status === 'approved') return isOverdue(expectedReturn, today) ? 'overdue' : 'active';
  if (status === 'returned') return 'returned';
  if (status === 'completed') return 'completed';
  return null;
}

// ---- the borrow form (spec 000 s5), checked the same way in the browser and on the server ----

export interface BorrowRequestInput {
  purpose?: string;
  dateNeeded?: string;
  dateExpectedReturn?: string;
  items?: { itemId: number; quantity: number }[];
}

/** The first problem with a borrow request that needs no inventory lookup, or null. */
export function firstBorrowRequestError(input: BorrowRequestInput, today: string): string | null {
  if (!input.purpose?.trim() || !input.dateNeeded || !input.dateExpectedReturn || !input.items?.length) return MSG.borrowRequiredFields;
  if (!isCalendarDate(input.dateNeeded) || !isCalendarDate(input.dateExpectedReturn)) return MSG.borrowInvalidDate;
  if (input.dateNeeded < today) return MSG.dateNeededPast;
  if (input.dateExpectedReturn < input.dateNeeded) return MSG.returnBeforeNeeded;
  const ids = input.items.map((i) => i.itemId);
  if (new Set(ids).size !== ids.length) return MSG.duplicateCartItem;
  if (input.items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 1)) return MSG.quantityAtLeastOne;
  return null;
}

/** Cart quantity stays between 1 and what is available (spec 000 s5). */
export const clampQuantity = (wanted: number, available: number) => Math.max(1, Math.min(Math.floor(wanted) || 1, available));

// ---- money ----

const PESO = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Philippine pesos, two decimals (DECISIONS 20): ₱1,234.50. */
export function formatPeso(amount: number): string {
  return `${amount < 0 ? '-' : ''}₱${PESO.format(Math.abs(amount))}`;
}
