/** The To Reorder list's contract and words (docs/decisions/reorder.md). */
import { z } from 'zod';
import type { ActivityText, NoticeText } from '../activity/notices';
import { plural } from '../format';
import { REORDER_DAYS } from './supplies';

export const reorderRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  kind: z.enum(['lent', 'supply']),
  quantity: z.number().int(),
  reorderLevel: z.number().int(),
  reorderQuantity: z.number().int(),
  /** Issued and lent in the last 90 days, from the stock card. */
  used: z.number().int(),
  /** core suggestedReorder: at least the reorder quantity, enough for 90 days' use above the level. */
  suggested: z.number().int(),
});
export type ReorderRow = z.infer<typeof reorderRow>;
export const reorderList = z.object({ items: z.array(reorderRow), days: z.number().int() });
export type ReorderList = z.infer<typeof reorderList>;

/** The CSV for purchasing: one row per item on the list. */
export const REORDER_CSV_HEADER = [
  'Item Name',
  'Category',
  'Kind',
  'On Hand',
  'Reorder Level',
  `Used (last ${REORDER_DAYS} days)`,
  'Reorder Quantity',
  'Suggested Quantity',
];

export { REORDER_WORDS } from './supplies';

/** The day's digest of items that crossed their reorder level: the office's bell and mail. */
export const reorderDigest = (names: string[]): NoticeText => ({
  title: 'Items to reorder',
  message: `${plural(names.length, 'item')} reached the reorder level: ${names.join(', ')}. See To Reorder in the inventory.`,
});
export const reorderDigestEntry = (names: string[]): ActivityText => ({
  actionType: 'inventory_update',
  description: `${plural(names.length, 'item')} reached the reorder level: ${names.join(', ')}`,
});
