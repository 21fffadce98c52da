/** The inventory's CSV files (docs/decisions/inventory-csv.md, units.md): each file's columns and size limits. */

/** Items: the file's columns, in order: header text and the item field each holds. */
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

/** Tracked units: the file's columns, in order: header text and the field each holds. */
export const UNIT_CSV_COLUMNS = [
  ['Item', 'item'],
  ['Asset Tag', 'tag'],
  ['Serial Number', 'serialNumber'],
  ['Condition', 'condition'],
  ['Status', 'status'],
  ['Home Room Code', 'room'],
] as const;
export type UnitCsvField = (typeof UNIT_CSV_COLUMNS)[number][1];

export const UNIT_CSV_MAX_ROWS = 5000;
export const UNIT_CSV_MAX_CHARS = 900_000;
