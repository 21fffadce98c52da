/** The inventory report's layout, the same in the modal and the PDF (docs/decisions/printed-documents.md). */
import { plural } from '../format';
import type { InventoryReport } from './report';

/** The group titles and the unreturned table's columns. */
export const REPORT_GROUPS = [
  { key: 'available', title: 'Available Items' },
  { key: 'damaged', title: 'Damaged Items' },
  { key: 'unavailable', title: 'Unavailable Items' },
] as const;
export const REPORT_ITEM_COLUMNS = [
  'Item Name',
  'Category',
  'Quantity',
  'Min Stock',
  'Status',
  'On loan',
  'Issued',
  'In repair',
  'Lost',
  'Value on hand',
] as const;
/** The total of the value column, under the counts. */
export const TOTAL_VALUE_LABEL = 'Total value on hand';
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
