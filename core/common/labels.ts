/** QR label sheets (docs/decisions/labels-and-scanning.md): their layouts and how many labels one file holds, for the server that draws them and the screens that ask. */

/** 'sheet': A4 with 3 x 8 labels of 70 x 37 mm (Avery 3474); 'single': one 62 x 29 mm label per page (Brother DK-11209). */
export const LABEL_LAYOUTS = ['sheet', 'single'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

/** Labels on one A4 sheet. */
export const LABELS_PER_SHEET = 24;

/** The most labels one PDF holds (42 A4 sheets): a bigger run is split by the list's filters, and no request makes the server draw without end. */
export const MAX_LABELS = 1000;
