import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';

/** The fields of a form schema in the order the form shows them (the first stage's, for a staged schema). */
function fieldOrder(schema: $ZodType): string[] {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: $ZodType };
  if (def.type === 'object') return Object.keys(def.shape!);
  if (def.type === 'pipe') return fieldOrder(def.in!);
  return [];
}

/**
 * "Only the first failure is shown" (docs/product.md, docs/decisions/form-checks.md), for any form: the message of the schema's first issue,
 * in the form's field order (within a field, in the order its checks are written), or null when the input
 * passes. A staged schema (`z.pipe(a, b)`) reports a later stage only once the earlier ones pass, which is
 * how a form says "fill everything in" before it looks at any value. The browser and the server both call
 * this. Form rules are written with zod/mini, which keeps them small in the browser.
 */
export function firstError(schema: $ZodType, input: unknown): string | null {
  return firstIssue(schema, input)?.message ?? null;
}

/** The same first failure, with the field it is about (null when it is about the form as a whole), so a form can mark it. */
export function firstIssue(schema: $ZodType, input: unknown): { field: string | null; message: string } | null {
  const result = safeParse(schema, input);
  if (result.success) return null;
  const order = fieldOrder(schema);
  const rank = (issue: $ZodIssue) => {
    const i = order.indexOf(String(issue.path[0]));
    return i < 0 ? order.length : i;
  };
  const [first] = [...result.error.issues].sort((a, b) => rank(a) - rank(b));
  return { field: first.path.length ? String(first.path[0]) : null, message: first.message };
}

/** A check that runs even when other fields already failed, so its issue can be ordered among theirs. */
export const always = { when: () => true } as const;

/** Every field's first failure (for a form that marks each field at once), keyed by field; empty when the input passes. */
export function fieldErrors(schema: $ZodType, input: unknown): Record<string, string> {
  const result = safeParse(schema, input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    errors[field] ??= issue.message;
  }
  return errors;
}
