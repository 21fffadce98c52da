/**
 * Supplies and reorder (docs/decisions/supplies.md, reorder.md): who may request a category's supplies, what a
 * supply line says, and how much to reorder. Pure: shared by the server and the browser.
 */
import { CATEGORIES, type Category } from './rules';
import type { Role } from '../roles';

/** How an item leaves the office: lent (and returned) or issued as a supply (not returned). */
export const ITEM_KINDS = ['lent', 'supply'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const ITEM_KIND_LABELS: Record<ItemKind, string> = { lent: 'Lent', supply: 'Supply' };

/** The roles that may ask for supplies at all; administrators choose among them per category. */
export const SUPPLY_REQUESTER_ROLES = ['student', 'faculty', 'personnel', 'staff'] as const satisfies readonly Role[];
export type SupplyRequesterRole = (typeof SUPPLY_REQUESTER_ROLES)[number];
export type SupplyRequesters = Record<Category, SupplyRequesterRole[]>;

/** A new site's choice: faculty, staff and personnel may request every category's supplies; students not. */
export const DEFAULT_SUPPLY_REQUESTERS: SupplyRequesters = Object.fromEntries(
  CATEGORIES.map((c) => [c, ['faculty', 'personnel', 'staff']]),
) as SupplyRequesters;

/** The stored setting read back, each category falling back to the default when missing or unreadable. */
export function readSupplyRequesters(json: string | null | undefined): SupplyRequesters {
  const out: SupplyRequesters = { ...DEFAULT_SUPPLY_REQUESTERS };
  try {
    const stored = JSON.parse(json ?? '{}') as Record<string, unknown>;
    for (const c of CATEGORIES) {
      const v = stored[c];
      if (Array.isArray(v)) out[c] = SUPPLY_REQUESTER_ROLES.filter((r) => v.includes(r));
    }
  } catch {
    // An unreadable setting is the default.
  }
  return out;
}

/** Whether a role may request the supplies of a category. */
export const mayRequestSupply = (requesters: SupplyRequesters, role: Role, category: string): boolean =>
  (CATEGORIES as readonly string[]).includes(category) && (requesters[category as Category] as readonly string[]).includes(role);

/** Why a role may not request an item's supplies, in the server's words (403 supply_not_allowed); null when it may. */
export function supplyRefusal(requesters: SupplyRequesters, role: Role, item: { name: string; category: string }): string | null {
  if (mayRequestSupply(requesters, role, item.category)) return null;
  return role === 'student' ? SUPPLY_MSG.studentsNoSupplies(item.name) : SUPPLY_MSG.roleNotAllowed(item.name, item.category);
}

/** Roles that ask for supplies only (nothing lent to them through a request): personnel and staff. */
export const SUPPLIES_ONLY_ROLES: readonly Role[] = ['personnel', 'staff'];

/** What a supply line says once issued: "8 of 10 issued", or "10 issued" when all were. */
export const issuedText = (issued: number, requested: number) =>
  issued === requested ? `${issued} issued` : `${issued} of ${requested} issued`;

/** How many days of use the reorder list counts and the suggestion covers. */
export const REORDER_DAYS = 90;

/**
 * THE reorder suggestion (docs/decisions/reorder.md): at least the reorder quantity, and enough to bring the stock
 * back to the level plus what was used in the last 90 days. Never below 1 for an item on the list.
 */
export function suggestedReorder(item: { quantity: number; reorderLevel: number; reorderQuantity: number; used: number }): number {
  const cover = item.reorderLevel + item.used - Math.max(0, item.quantity);
  return Math.max(1, item.reorderQuantity, cover);
}

/** Whether an item is at or below its reorder level (never, without one). */
export const atReorderLevel = (quantity: number, reorderLevel: number | null) => reorderLevel !== null && quantity <= reorderLevel;

export const SUPPLY_MSG = {
  supplyBadge: 'Supply',
  noReturnDate: 'No return date (issued, not returned)',
  studentsNoSupplies: (name: string) => `Students cannot request supplies. ${name} is issued to faculty, staff and personnel only.`,
  roleNotAllowed: (name: string, category: string) =>
    `Your role may not request ${category} supplies such as ${name}. Ask the General Services Office.`,
  suppliesOnly: 'Personnel and staff request supplies only; lent items are borrowed through the user portal.',
  noBookAhead: (name: string) => `${name} is a supply: supplies are issued, not booked ahead. Remove it or request it on its own.`,
  issueTooMany: (name: string, requested: number) => `${name}: at most ${requested} can be issued (the quantity asked for).`,
  issueTooFew: (name: string) => `${name}: issue at least 1, or leave it out of the approval.`,
  issueOverStock: (name: string, onHand: number) => `${name}: only ${onHand} on hand, issue at most ${onHand}.`,
  issueNotSupply: (name: string) => `${name} is lent, not issued: its quantity is the one asked for.`,
  trackedSupply: 'A supply is counted, not tracked by unit: stop tracking its units first, or keep it lent.',
  approveIssues:
    'Supplies are issued, not lent: what you issue leaves the stock for good, with no return date. You may issue fewer than asked; the request says so.',
  issueLabel: (name: string) => `Issue of ${name}`,
  issueHelp: (requested: number, onHand: number | null) =>
    onHand !== null && onHand < requested
      ? `Asked ${requested}, ${onHand} on hand: issue up to ${onHand}`
      : `Asked ${requested}: from 1 to ${requested} may be issued`,
  issueSlip: 'Issue Slip',
  suppliesIssued: 'Supplies issued: nothing to return.',
  notRequestable: 'Not requestable',
  mixedReturnHelp: 'For the lent items only: supplies are issued and not returned.',
  suppliesNoReturn: 'Supplies only: no return date. They are issued on the day needed and not returned.',
  suppliesSent: 'The office issues them when it approves the request, and you are told.',
  supplyNotAvailable: (status: string) => `This supply is currently ${status} and cannot be requested.`,
  notIssued: 'This request issued no supplies: there is no issue slip to print.',
  supplyNotReported: 'A supply is issued, not lent: there is nothing of it to report as broken or missing.',
} as const;

/** To Reorder's words (docs/decisions/reorder.md), here without schemas so the screens can import them. */
export const REORDER_WORDS = {
  title: 'To Reorder',
  empty: 'Nothing is at or below its reorder level.',
  download: 'Download CSV',
  /** The inventory list's mark on an item at or below its level. */
  badge: 'Reorder',
  usedHeader: `Used (${REORDER_DAYS} days)`,
};
