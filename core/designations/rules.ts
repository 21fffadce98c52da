/** Personnel designations (docs/product.md): text trimmed; empty text is not a designation. */
import * as z from 'zod/mini';
import { MSG } from '../messages';

export const DESIGNATION_MAX = 200;

/** The designation as stored: trimmed; refused when empty or too long. */
export const designationForm = z.object({
  designation: z
    .string({ error: MSG.designationRequired })
    .check(z.trim(), z.minLength(1, MSG.designationRequired), z.maxLength(DESIGNATION_MAX, MSG.designationTooLong(DESIGNATION_MAX))),
});

/** What the card does with a typed text: nothing when it is blank (spec: "empty text is ignored"). */
export const cleanDesignation = (text: string): string | null => {
  const t = text.trim();
  return t.length === 0 ? null : t;
};
