/** The inventory as a CSV file (issue 13): the columns, and the import's preview and result. */
import { z } from 'zod';
import { count, text } from '../common/schemas';
import { CATEGORIES } from './rules';

/** The file's columns, in order: header text and the item field each holds. */
export const CSV_COLUMNS = [
  ['Item Name', 'name'],
  ['Description', 'description'],
  ['Category', 'category'],
  ['Quantity', 'quantity'],
  ['Min Stock', 'minStock'],
  ['Item Status', 'itemStatus'],
] as const;
export type CsvField = (typeof CSV_COLUMNS)[number][1];

/** The most rows one import takes. */
export const CSV_MAX_ROWS = 5000;
/** The largest file one import takes, in characters. */
export const CSV_MAX_CHARS = 900_000;

export const csvExportQuery = z.object({
  search: text().trim().max(200).optional(),
  category: z.enum(['all', ...CATEGORIES]).default('all'),
});
export type CsvExportQuery = z.input<typeof csvExportQuery>;

/** Import CSV: the file's text; the server reads it again at confirming, so what is imported is what was checked. */
export const csvImportBody = z.object({ csv: text().max(CSV_MAX_CHARS) });

const csvPreviewRow = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  quantity: z.string(),
  minStock: z.string(),
  itemStatus: z.string(),
  /** What importing would do: add a new item, update the item of that name in that category, or nothing (no change). */
  action: z.enum(['create', 'update', 'unchanged']),
  error: z.string().nullable(),
});
export type CsvPreviewRow = z.infer<typeof csvPreviewRow>;

export const csvPreview = z
  .object({
    rows: z.array(csvPreviewRow),
    /** Rows with an error; nothing can be imported while there is one. */
    errors: count,
    creates: count,
    updates: count,
    /** A problem with the file as a whole (no header, wrong columns), or null. */
    fileError: z.string().nullable(),
  })
  .meta({ id: 'InventoryCsvPreview' });
export type CsvPreview = z.infer<typeof csvPreview>;

export const csvImportResult = z.object({ message: z.string(), created: count, updated: count });
export type CsvImportResult = z.infer<typeof csvImportResult>;
