/** The Generate Inventory Report modal and its PDF (docs/product.md, docs/decisions/form-checks.md): what the API answers (the layout: reportLayout.ts). */
import { z } from 'zod';
import { unreturnedItemSchema } from '../borrowing/schemas';
import { count, idList, isoTime } from '../common/schemas';
import { STOCK_LEVELS } from './rules';

/**
 * Available, on loan, issued, in repair and lost of one item (docs/decisions/stock-figures.md): a tracked item's
 * units by status (issued: in someone's custody); a counted item's stock on hand, quantities out on loans not yet
 * verified back, held by damage repairs not ended, and found lost (a counted item has none issued for custody).
 */
export const stockFigures = z.object({ available: count, onLoan: count, issued: count, inRepair: count, lost: count });
export type StockFigures = z.infer<typeof stockFigures>;

/** The admin inventory list asks for its page's figures: at most 100 ids. */
export const stockFiguresQuery = z.object({ ids: idList('item') });
export const stockFiguresList = z
  .object({ items: z.array(stockFigures.extend({ itemId: z.number().int() })).max(100) })
  .meta({ id: 'StockFigures' });
export type StockFiguresList = z.infer<typeof stockFiguresList>;

const reportItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  quantity: z.number().int(),
  minStock: z.number().int(),
  stockLevel: z.enum(STOCK_LEVELS),
  figures: stockFigures,
  /**
   * What the item the office holds is worth, in pesos (docs/decisions/value-on-hand.md): a tracked item's units'
   * purchase costs, a counted item's average unit cost times what it holds; null when no cost is known.
   */
  valueOnHand: z.number().nullable(),
});
export type ReportItem = z.infer<typeof reportItem>;

export const inventoryReport = z
  .object({
    generatedAt: isoTime,
    /** Items per item status; unreturned is the approved loans not yet returned (not their lines); total is every item. */
    counts: z.object({ available: count, damaged: count, unavailable: count, unreturned: count, total: count }),
    available: z.array(reportItem),
    damaged: z.array(reportItem),
    unavailable: z.array(reportItem),
    /** The lines of those loans, one per item lent. */
    unreturned: z.array(unreturnedItemSchema),
    /** Units out on those loans. */
    unreturnedUnits: count,
    /** The value on hand of every item, in pesos. */
    totalValue: z.number(),
  })
  .meta({ id: 'InventoryReport' });
export type InventoryReport = z.infer<typeof inventoryReport>;
