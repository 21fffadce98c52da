/** The rooms' CSV file (docs/decisions/locations.md): its columns and size limits. */

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
