/** Inventory rules (docs/product.md; docs/decisions/stock-and-approval.md): categories, item statuses, availability, stock status. */
import * as z from 'zod/mini';
import { MSG } from '../messages';
import { STOCK_MSG, STOCK_REASON_MAX } from './stock';

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
 * THE availability rule (docs/decisions/stock-and-approval.md): quantity is the stock on hand; an item can be borrowed
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

/**
 * THE stock rule (docs/product.md), used by the admin cards, the personnel counters, the report and every badge:
 * out of stock (critical) at 0 or less, low at or below the minimum stock, else in stock (good). An item
 * whose minimum is 0 is low only when none is left, which is out of stock.
 */
export function stockStatus(quantity: number, minStock: number): StockStatus {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= minStock) return 'low_stock';
  return 'in_stock';
}

/** The admin view's names for the same three states (docs/product.md: good, low, critical). */
const STOCK_LEVEL: Record<StockStatus, StockLevel> = { in_stock: 'good', low_stock: 'low', out_of_stock: 'critical' };
export const stockLevel = (quantity: number, minStock: number): StockLevel => STOCK_LEVEL[stockStatus(quantity, minStock)];

// ---- the item form (docs/product.md, docs/decisions/form-checks.md), checked the same way in the browser and on the server ----

/** The largest quantity or minimum stock an item may have: well inside both databases' integers. */
export const MAX_STOCK = 1_000_000;
export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 1000;

const wholeFromZero = (message: string) =>
  z.number({ error: message }).check(
    z.refine((n) => Number.isInteger(n) && n >= 0, message),
    z.refine((n) => n <= MAX_STOCK, MSG.itemAmountTooLarge),
  );

/**
 * Add Item and Edit Item (docs/product.md, docs/decisions/form-checks.md): item name required; category one of the five; quantity and min
 * stock whole numbers from 0; description optional; item status one of three. For firstError/fieldErrors.
 */
export const itemForm = z.object({
  name: z
    .string({ error: MSG.itemNameRequired })
    .check(z.trim(), z.minLength(1, MSG.itemNameRequired), z.maxLength(ITEM_NAME_MAX, MSG.itemNameTooLong)),
  description: z.optional(z.nullable(z.string().check(z.maxLength(ITEM_DESCRIPTION_MAX, MSG.itemDescriptionTooLong)))),
  category: z.enum(CATEGORIES, { error: MSG.itemCategoryRequired }),
  quantity: wholeFromZero(MSG.itemQuantityInvalid),
  minStock: wholeFromZero(MSG.itemMinStockInvalid),
  itemStatus: z.enum(ITEM_STATUSES, { error: MSG.itemStatusInvalid }),
  /** Lent or supply (docs/decisions/supplies.md); absent (a CSV row): kept as it is. */
  kind: z.optional(z.enum(['lent', 'supply'], { error: MSG.itemKindInvalid })),
  /** The reorder level (null: not reordered) and quantity (docs/decisions/reorder.md); absent: kept as they are. */
  reorderLevel: z.optional(z.nullable(wholeFromZero(MSG.reorderLevelInvalid))),
  reorderQuantity: z.optional(wholeFromZero(MSG.reorderQuantityInvalid)),
  /** Why the quantity changed on Edit Item: the stock card's adjustment needs it (docs/decisions/stock-card.md). */
  quantityReason: z.optional(z.nullable(z.string().check(z.maxLength(STOCK_REASON_MAX, STOCK_MSG.adjustReasonTooLong)))),
});
export type ItemForm = z.infer<typeof itemForm>;

/** An item status change on its own (the table's Item Status dropdown). */
export const itemStatusForm = z.object({ itemStatus: itemForm.shape.itemStatus });

/** The description as stored: trimmed, and none rather than blank. */
export const cleanDescription = (d: string | null | undefined) => (d?.trim() ? d.trim() : null);

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In Stock',
  low_stock: 'Low Stock',
  out_of_stock: 'Out of Stock',
};
export const STOCK_LEVEL_LABELS: Record<StockLevel, string> = { good: 'Good', low: 'Low', critical: 'Critical' };
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = { available: 'Available', unavailable: 'Unavailable', damaged: 'Damaged' };
