/**
 * Problems a borrower reports during a loan (docs/decisions/loan-problems.md): a unit (tracked) or a quantity of a
 * counted line that broke or went missing, described and, when broken, photographed. The office sees them at once,
 * and verifying the return carries them into the findings (broken → damaged, missing → lost).
 */
import type { ReturnCondition } from './conditions';

export const PROBLEM_KINDS = ['broken', 'missing'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = { broken: 'Broken', missing: 'Missing' };

/** The finding a reported problem pre-fills at verification. */
export const PROBLEM_CONDITION: Record<ProblemKind, ReturnCondition> = { broken: 'damaged', missing: 'lost' };

/** A photo is required for a broken thing (what the repair will see); a missing one cannot be photographed. */
export const photoRequiredFor = (kind: ProblemKind) => kind === 'broken';

export const PROBLEM_DESCRIPTION_MAX = 1000;

export const PROBLEM_MSG = {
  formRequired: 'Send the report as a form upload (multipart), with the photo in the field "photo".',
  kindRequired: 'Choose whether it is broken or missing.',
  descriptionRequired: 'Describe the problem.',
  descriptionTooLong: `The description can be at most ${PROBLEM_DESCRIPTION_MAX} characters.`,
  descriptionNul: 'The description must not contain NUL characters.',
  whatRequired: 'Choose the item or unit that has the problem.',
  photoRequired: 'Add a photo of the broken item.',
  notOut: 'Problems can only be reported while the items are out on loan.',
  unitNotLent: (tag: string) => `${tag} is not a unit lent on this request.`,
  lineNotLent: 'That item was not lent on this request.',
  lineTracked: (name: string) => `${name} is lent by unit: choose the unit.`,
  quantityRequired: (name: string) => `Say how many of ${name} have the problem.`,
  alreadyReported: (what: string) => `A problem with ${what} is already reported.`,
  quantityOver: (name: string, left: number) =>
    left === 0 ? `Every ${name} lent already has a problem reported.` : `At most ${left} more of ${name} can be reported.`,
  reported: 'Problem reported. The office has been told.',
  problemNotFound: 'Problem not found.',
  noPhoto: 'No photo was added to this problem.',
  problemMismatch: 'A reported problem named in the findings is not an open problem of this thing on this request.',
} as const;
