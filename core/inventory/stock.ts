/**
 * The stock card (docs/decisions/stock-card.md): every movement of an item's stock is an entry with its kind, a
 * signed quantity and the balance after it. The kinds, their labels, and which kind a tracked unit's move is.
 */
import type { UnitStatus } from './units';

export const STOCK_KINDS = [
  'opening',
  'received',
  'issued',
  'lent',
  'returned',
  'damaged',
  'repaired',
  'lost',
  'retired',
  'counted',
  'adjusted',
  'reversed',
] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

export const STOCK_KIND_LABELS: Record<StockKind, string> = {
  opening: 'Opening balance',
  received: 'Received',
  issued: 'Issued',
  lent: 'Lent',
  returned: 'Returned',
  damaged: 'Damaged',
  repaired: 'Repaired',
  lost: 'Lost',
  retired: 'Retired',
  counted: 'Counted',
  adjusted: 'Adjusted',
  reversed: 'Reversed',
};

/** The longest reason a hand adjustment or a reversal keeps. */
export const STOCK_REASON_MAX = 500;

/**
 * The kind of a tracked unit's move from one status to another, as its item's stock sees it: only moves into or
 * out of "available" change the stock (null otherwise).
 */
export function unitMoveKind(from: UnitStatus | null, to: UnitStatus): StockKind | null {
  if (from === to) return null;
  if (to === 'available') {
    if (from === null) return 'received';
    if (from === 'on_loan' || from === 'issued') return 'returned';
    if (from === 'in_repair') return 'repaired';
    return 'counted'; // a lost or retired unit found again
  }
  if (from !== 'available' && from !== null) return null;
  if (to === 'on_loan') return 'lent';
  if (to === 'issued') return 'issued';
  if (to === 'in_repair') return 'damaged';
  if (to === 'lost') return 'lost';
  return 'retired';
}

export const STOCK_MSG = {
  stockCard: 'Stock card',
  adjustReasonRequired: 'Say why the quantity changed (the stock card keeps the reason).',
  adjustReasonTooLong: `The reason can be at most ${STOCK_REASON_MAX} characters.`,
  openingReason: 'Stock on hand when the stock card began',
  trackedReason: 'Tracked unit by unit from now on',
  importReason: 'Inventory CSV import',
  unitImportReason: 'Units CSV import',
} as const;
