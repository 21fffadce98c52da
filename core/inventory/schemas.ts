/** The inventory API contract. */
import { z } from 'zod';
import { count, countsOf, line, messageResult, pageOf, pagingQuery, prose, text } from '../common/schemas';
import { CATEGORIES, ITEM_STATUSES, STOCK_LEVELS, STOCK_STATUSES } from './rules';
import { ITEM_KINDS } from './supplies';
import { TRACKINGS } from './units';

const itemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    quantity: z.number().int(),
    minStock: z.number().int(),
    itemStatus: z.string(),
    stockStatus: z.enum(STOCK_STATUSES),
    stockLevel: z.enum(STOCK_LEVELS),
    borrowable: z.boolean(),
    availableQuantity: z.number().int(),
    availability: z.string().meta({ description: "'available', or why not: 'unavailable', 'damaged', 'out of stock'" }),
    /** The item's photo (GET it with ?w= for a thumbnail); the address changes when the photo does. */
    photoUrl: z.string().nullable(),
    /** 'counted' (quantity typed by the office) or 'tracked' (quantity = its units available; docs/decisions/units.md). */
    tracking: z.enum(TRACKINGS),
    /** A tracked item's units not retired (0 for a counted item). */
    unitCount: z.number().int(),
    /** 'lent' (returned, as before) or 'supply' (issued, not returned; docs/decisions/supplies.md). */
    kind: z.enum(ITEM_KINDS),
    /** At or below it the item is on To Reorder; null: not reordered (docs/decisions/reorder.md). */
    reorderLevel: z.number().int().nullable(),
    reorderQuantity: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'Item' });
export type ItemDto = z.infer<typeof itemSchema>;

const ITEM_SORTS = ['name', 'quantity', 'newest'] as const;

export const itemListQuery = z.object({
  ...pagingQuery,
  category: z.enum(['all', ...CATEGORIES]).default('all'),
  itemStatus: z.enum(ITEM_STATUSES).optional(),
  /** Lent items or supplies only. */
  kind: z.enum(ITEM_KINDS).optional(),
  sort: z.enum(ITEM_SORTS).default('name'),
});
export type ItemListQuery = z.input<typeof itemListQuery>;
export type ItemListParams = z.infer<typeof itemListQuery>;

export const itemList = pageOf(itemSchema).extend({
  /** Items per category (under the current search), and 'all'. */
  counts: countsOf(['all', ...CATEGORIES]),
  /** The whole inventory, for the stat cards. */
  summary: z.object({ total: count, inStock: count, lowStock: count, outOfStock: count }),
});
export type ItemList = z.infer<typeof itemList>;

/**
 * Add Item and Edit Item: { name, description?, category, quantity, minStock, itemStatus? (default available) }.
 * The form rule (core itemForm) answers each wrong field in words; this only bounds the body.
 */
export const itemBody = z.object({
  name: line().max(20_000).default(''),
  description: prose().max(20_000).nullable().optional(),
  category: line().max(100).default(''),
  quantity: z.number().optional(),
  minStock: z.number().optional(),
  itemStatus: text().max(100).default('available'),
  /** Absent: kept as it is (a new item is lent). */
  kind: text().max(20).optional(),
  reorderLevel: z.number().nullable().optional(),
  reorderQuantity: z.number().optional(),
  /** Why the quantity changed (Edit Item): required when it did. */
  quantityReason: prose().max(20_000).nullable().optional(),
});
export type ItemBody = z.input<typeof itemBody>;

/** The Item Status dropdown: { itemStatus }. */
export const itemStatusBody = z.object({ itemStatus: text().max(100).default('') });

/** What every item action answers: the spec's sentence and the item as it now is. */
export const itemResult = messageResult.extend({ item: itemSchema });
export type ItemResult = z.infer<typeof itemResult>;
