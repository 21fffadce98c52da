/** Inventory rules (spec 001 s6, 002 s4; DECISIONS 10): categories, item statuses, availability, stock status. */

export const CATEGORIES = ['HVAC', 'Plumbing', 'Janitorial', 'Electrical', 'Maintenance'] as const;
export type Category = (typeof CATEGORIES)[number];

export const ITEM_STATUSES = ['available', 'unavailable', 'damaged'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

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

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const STOCK_LEVELS = ['good', 'low', 'critical'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Spec 002 s4: out of stock at 0 or less, low at or below the minimum, else in stock. */
export function stockStatus(quantity: number, minStock: number): StockStatus {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= minStock) return 'low_stock';
  return 'in_stock';
}

/** The admin view's names for the same three states (spec 001: good, low, critical). */
export const STOCK_LEVEL: Record<StockStatus, StockLevel> = { in_stock: 'good', low_stock: 'low', out_of_stock: 'critical' };
export const stockLevel = (quantity: number, minStock: number): StockLevel => STOCK_LEVEL[stockStatus(quantity, minStock)];
