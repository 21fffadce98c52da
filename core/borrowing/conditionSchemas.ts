/** The API's shapes of a return's findings (docs/decisions/return-conditions.md): what the office sends, what a request shows. */
import { z } from 'zod';
import { id, text } from '../common/schemas';
import { PRIORITIES } from '../repairs/rules';
import { MAX_CONDITION_ENTRIES, RETURN_CONDITIONS } from './conditions';

/**
 * One finding: a unit of a tracked line by its tag, or a quantity of a counted line by the line's id. A photo
 * comes with a multipart body as the file part `photo<index>` (the entry's place in the list).
 */
export const conditionEntry = z.object({
  lineId: id.optional(),
  tag: text().trim().max(40).optional(),
  quantity: z.number().int().min(1).max(100_000).optional(),
  condition: z.enum(RETURN_CONDITIONS),
  note: text().trim().max(1000).optional(),
  /** The repair's priority when it opens one (damaged, missing parts); medium when not said. */
  priority: z.enum(PRIORITIES).optional(),
  /**
   * The problem the borrower reported about this thing during the loan (docs/decisions/loan-problems.md): without
   * a photo part of its own, the entry takes the problem's photo.
   */
  problemId: id.optional(),
});
export type ConditionEntry = z.infer<typeof conditionEntry>;

/** The verify body (JSON, or the multipart field `conditions`): none at all means everything came back good. */
export const verifyBody = z.object({ entries: z.array(conditionEntry).min(1).max(MAX_CONDITION_ENTRIES) });
export type VerifyBody = z.infer<typeof verifyBody>;

/** A finding as the request shows it, to the office and to its borrower. */
export const returnConditionSchema = z.object({
  id: z.number().int(),
  lineId: z.number().int(),
  itemName: z.string(),
  /** The unit's tag (tracked), else null. */
  tag: z.string().nullable(),
  quantity: z.number().int(),
  condition: z.enum(RETURN_CONDITIONS),
  note: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** The repair it opened (damaged, missing parts), else null. */
  repairId: z.number().int().nullable(),
});
export type ReturnConditionDto = z.infer<typeof returnConditionSchema>;
