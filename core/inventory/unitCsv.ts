/** Tracked units as a CSV file (docs/decisions/units.md): the export's query, the import's body, preview and result (the columns: csvColumns.ts). */
import { z } from 'zod';
import { count, idParam, text } from '../common/schemas';
import { UNIT_CSV_MAX_CHARS } from './csvColumns';

/** Export: every unit, or one item's. */
export const unitCsvExportQuery = z.object({ item: idParam.optional() });

export const unitCsvImportBody = z.object({ csv: text().max(UNIT_CSV_MAX_CHARS) });

const unitCsvPreviewRow = z.object({
  line: z.number().int(),
  item: z.string(),
  tag: z.string(),
  serialNumber: z.string(),
  condition: z.string(),
  status: z.string(),
  room: z.string(),
  /** Add a new unit, update the unit of that tag, or nothing. */
  action: z.enum(['create', 'update', 'unchanged']),
  error: z.string().nullable(),
});
export type UnitCsvPreviewRow = z.infer<typeof unitCsvPreviewRow>;

export const unitCsvPreview = z
  .object({
    rows: z.array(unitCsvPreviewRow),
    errors: count,
    creates: count,
    updates: count,
    fileError: z.string().nullable(),
  })
  .meta({ id: 'UnitCsvPreview' });
export type UnitCsvPreview = z.infer<typeof unitCsvPreview>;

export const unitCsvImportResult = z.object({ message: z.string(), created: count, updated: count });
