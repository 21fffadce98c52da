/** The Generate Inventory Report modal and its PDF (docs/product.md, docs/decisions/form-checks.md): counts, one table per group, the unreturned loans. */
import { z } from 'zod';
import { unreturnedItemSchema } from '../borrowing/schemas';
import { count, idList, isoTime } from '../common/schemas';
import { plural } from '../format';
import { STOCK_LEVELS } from './rules';

/**
 * Available, on loan, in repair and lost of one item (docs/decisions/stock-figures.md): a tracked item's units by
 * status; a counted item's stock on hand, quantities out on loans not yet verified back, held by damage repairs
 * not ended, and found lost.
 */
export const stockFigures = z.object({ available: count, onLoan: count, inRepair: count, lost: count });
export type StockFigures = z.infer<typeof stockFigures>;
export const STOCK_FIGURE_LABELS = [
  ['available', 'Available'],
  ['onLoan', 'On loan'],
  ['inRepair', 'In repair'],
  ['lost', 'Lost'],
] as const;

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
  })
  .meta({ id: 'InventoryReport' });
export type InventoryReport = z.infer<typeof inventoryReport>;

/** The report's group titles and its unreturned table's columns, the same in the modal and the PDF. */
export const REPORT_GROUPS = [
  { key: 'available', title: 'Available Items' },
  { key: 'damaged', title: 'Damaged Items' },
  { key: 'unavailable', title: 'Unavailable Items' },
] as const;
export const REPORT_ITEM_COLUMNS = ['Item Name', 'Category', 'Quantity', 'Min Stock', 'Status', 'On loan', 'In repair', 'Lost'] as const;
export const UNRETURNED_COLUMNS = ['Request ID', 'User ID', 'Item Name', 'Quantity', 'Date Needed', 'Expected Return'] as const;
export const REPORT_COUNT_LABELS = [
  ['available', 'Available'],
  ['damaged', 'Damaged'],
  ['unavailable', 'Unavailable'],
  ['unreturned', 'Unreturned'],
  ['total', 'Total Inventory'],
] as const;

/** The unreturned table's title, the same in the modal and the PDF: loans counted as loans, not as their lines. */
export const unreturnedTitle = (report: Pick<InventoryReport, 'counts' | 'unreturnedUnits'>) =>
  `Unreturned Items (${plural(report.counts.unreturned, 'loan')}, ${plural(report.unreturnedUnits, 'unit')})`;

/** The PDF's file name, by the campus date it was made. */
export const inventoryReportFileName = (date: string) => `inventory_report_${date}.pdf`;
