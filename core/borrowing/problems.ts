/**
 * Problems a borrower reports during a loan (docs/decisions/loan-problems.md): a unit (tracked) or a quantity of a
 * counted line that broke or went missing, described and, when broken, photographed. The office sees them at once,
 * and verifying the return carries them into the findings (broken → damaged, missing → lost).
 */
import * as z from 'zod/mini';
import { always } from '../common/forms';
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

/** A counted line being reported, as the dialog offers it: its words and how many of it are lent. */
export type CountedChoice = { label: string; max: number };

const howMany = ({ label, max }: CountedChoice) => {
  const message = PROBLEM_MSG.quantityRequired(label);
  return z.number({ error: message }).check(z.int(message), z.minimum(1, message), z.maximum(max, message));
};

/**
 * The report's rule, in the form's order: what (a unit's tag or a counted line), the description, how many, the
 * photo of a broken thing (`photo`: whether one comes). The dialog checks it with the counted line it offers (how
 * many are lent); the server, which counts what is already reported, without.
 */
export const problemForm = (counted?: CountedChoice) =>
  z
    .object({
      tag: z.optional(z.string()),
      lineId: z.optional(z.number()),
      kind: z.enum(PROBLEM_KINDS, { error: PROBLEM_MSG.kindRequired }),
      description: z.string({ error: PROBLEM_MSG.descriptionRequired }).check(
        z.trim(),
        z.minLength(1, PROBLEM_MSG.descriptionRequired),
        z.maxLength(PROBLEM_DESCRIPTION_MAX, PROBLEM_MSG.descriptionTooLong),
        z.refine((s) => !s.includes('\u0000'), PROBLEM_MSG.descriptionNul),
      ),
      quantity: z.optional(counted ? howMany(counted) : z.number()),
      photo: z.optional(z.unknown()),
    })
    .check(
      z.refine((f) => !!f.tag || f.lineId !== undefined, { message: PROBLEM_MSG.whatRequired, path: ['tag'], ...always }),
      z.refine((f) => !photoRequiredFor(f.kind) || !!f.photo, { message: PROBLEM_MSG.photoRequired, path: ['photo'], ...always }),
    );
