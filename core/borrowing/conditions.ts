/**
 * What the office finds when it verifies a return (docs/decisions/return-conditions.md): a condition per unit of a
 * tracked line, per quantity of a counted one, with a note and a photo when it is not good.
 */

export const RETURN_CONDITIONS = ['good', 'damaged', 'missing_parts', 'lost'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  good: 'Good',
  damaged: 'Damaged',
  missing_parts: 'Missing parts',
  lost: 'Lost',
};

/** Conditions that take the thing to a repair (a unit goes "in repair"; a counted quantity is held out of stock). */
export const opensRepair = (c: ReturnCondition) => c === 'damaged' || c === 'missing_parts';

/** The most entries one verification carries (a loan lends at most this many units or lines). */
export const MAX_CONDITION_ENTRIES = 500;

/** The most photos one verification carries (multipart), and the largest `conditions` field. */
export const MAX_CONDITION_PHOTOS = 20;
export const MAX_CONDITIONS_FIELD = 100_000;

/** The multipart file part carrying an entry's photo. */
export const photoField = (index: number) => `photo${index}`;

/**
 * What the return check found, in words for the borrower's request: "Projector PRJ-0002: damaged (Cracked lens),
 * sent to repair"; "2 × Chairs: lost". Good ones say nothing: the request shows only what went wrong.
 */
export function findingText(c: {
  itemName: string;
  tag: string | null;
  quantity: number;
  condition: ReturnCondition;
  note: string | null;
  repairId: number | null;
}): string {
  const what = c.tag ? `${c.itemName} ${c.tag}` : `${c.quantity} × ${c.itemName}`;
  const note = c.note ? ` (${c.note})` : '';
  return `${what}: ${RETURN_CONDITION_LABELS[c.condition].toLowerCase()}${note}${c.repairId !== null ? ', sent to repair' : ''}`;
}
