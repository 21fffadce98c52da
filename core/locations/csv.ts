/** The rooms as a CSV file (docs/decisions/locations.md): the export's query, the import's body, preview and result (the columns: csvColumns.ts). */
import { z } from 'zod';
import { count, idParam, text } from '../common/schemas';
import { LOCATION_CSV_MAX_CHARS } from './csvColumns';

export const locationCsvExportQuery = z.object({
  search: text().trim().max(200).optional(),
  building: idParam.optional(),
});
export type LocationCsvExportQuery = z.input<typeof locationCsvExportQuery>;

/** Import CSV: the file's text; the server reads it again at confirming, so what is imported is what was checked. */
export const locationCsvImportBody = z.object({ csv: text().max(LOCATION_CSV_MAX_CHARS) });

const previewRow = z.object({
  line: z.number().int(),
  buildingCode: z.string(),
  buildingName: z.string(),
  roomCode: z.string(),
  roomName: z.string(),
  floor: z.string(),
  notes: z.string(),
  /** What importing would do to the room: add it, update the room of that code, or nothing. */
  action: z.enum(['create', 'update', 'unchanged']),
  /** Whether the row's building is new (added with the row's building name). */
  newBuilding: z.boolean(),
  error: z.string().nullable(),
});
export type LocationCsvPreviewRow = z.infer<typeof previewRow>;

export const locationCsvPreview = z
  .object({
    rows: z.array(previewRow),
    errors: count,
    creates: count,
    updates: count,
    newBuildings: count,
    fileError: z.string().nullable(),
  })
  .meta({ id: 'LocationsCsvPreview' });
export type LocationCsvPreview = z.infer<typeof locationCsvPreview>;

export const locationCsvImportResult = z.object({ message: z.string(), created: count, updated: count, buildings: count });
export type LocationCsvImportResult = z.infer<typeof locationCsvImportResult>;
