/** Cells of the CSV files the office exports and imports (inventory, locations, activity log). */

/** A cell as written to the file: one that a spreadsheet would run as a formula gets a leading apostrophe. */
export const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
/** A cell as read from the file: the apostrophe of safeCell taken off again. */
export const unsafeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);
