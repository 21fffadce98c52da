/**
 * The return dialogs' rule (docs/decisions/partial-returns.md): a return names at least one thing, in the words of
 * the dialog asking. The API reads an empty selection as everything still out, so only the dialogs can ask this.
 */
import * as z from 'zod/mini';

/** `picked`: how many things are ticked to come back. */
export const returnPicked = (message: string) => z.object({ picked: z.number().check(z.minimum(1, message)) });
