/** The rooms as a CSV file (docs/decisions/locations.md): the columns, and the import's preview and result. */
import { z } from 'zod';
import { count, id, text } from '../common/schemas';

/** The file's columns, in order: header text and the field each holds. */
export const LOCATION_CSV_COLUMNS = [
  ['Building Code', 'buildingCode'],
  ['Building Name', 'buildingName'],
  ['Room Code', 'roomCode'],
  ['Room Name', 'roomName'],
  ['Floor', 'floor'],
  ['Notes', 'notes'],
] as const;
export type LocationCsvField = (typeof LOCATION_CSV_COLUMNS)[number][1];

export const LOCATION_CSV_MAX_ROWS = 5000;
export const LOCATION_CSV_MAX_CHARS = 900_000;

export const locationCsvExportQuery = z.object({
  search: text().trim().max(200).optional(),
  building: id.optional(),
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
