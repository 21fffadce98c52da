/** The API's shapes of a problem reported during a loan (docs/decisions/loan-problems.md). */
import { z } from 'zod';
import { idParam } from '../common/schemas';
import { PROBLEM_KINDS, PROBLEM_MSG } from './problems';

/**
 * The report's fields (multipart, with the photo as the file part "photo"): a unit by its tag, or a counted line by
 * its id with a quantity; the kind; the description. Their shapes; the report's rule is problemForm (problems.ts).
 */
export const problemFields = z.object({
  tag: z.string().trim().max(40).optional(),
  lineId: idParam.optional(),
  quantity: z.coerce.number().int().min(1).max(100_000).optional(),
  kind: z.enum(PROBLEM_KINDS, { error: PROBLEM_MSG.kindRequired }),
  description: z.string().trim().default(''),
});
export type ProblemFields = z.infer<typeof problemFields>;

/** A problem as the request shows it, to the office and to its borrower. */
export const loanProblemSchema = z.object({
  id: z.number().int(),
  lineId: z.number().int(),
  itemName: z.string(),
  /** The unit's tag (tracked), else null. */
  tag: z.string().nullable(),
  quantity: z.number().int(),
  kind: z.enum(PROBLEM_KINDS),
  description: z.string(),
  photoUrl: z.string().nullable(),
  reportedBy: z.string(),
  createdAt: z.string(),
  /** When the verification took it up, else null (open). */
  resolvedAt: z.string().nullable(),
  /** The finding it became at the verification. */
  conditionId: z.number().int().nullable(),
});
export type LoanProblemDto = z.infer<typeof loanProblemSchema>;

export const problemParams = z.object({ id: idParam, problemId: idParam });
