/** The inventory as a CSV file: the export's query, the import's body, preview and result (the columns: csvColumns.ts). */
import { z } from 'zod';
import { count, text } from '../common/schemas';
import { CSV_MAX_CHARS } from './csvColumns';
import { CATEGORIES } from './rules';

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
