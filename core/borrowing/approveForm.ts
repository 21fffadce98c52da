/**
 * Approve's form (docs/decisions/borrow-lifecycle.md, supplies.md): the items chosen, and what is issued of each
 * supply line chosen. Checked against the request as the office's list last read it (what is on hand); the server
 * decides again in the approval's transaction.
 */
import * as z from 'zod/mini';
import { SUPPLY_MSG } from '../inventory/supplies';
import { MSG } from '../messages';

/** What the rule needs of a request's line. */
export interface ApproveLine {
  itemId: number | null;
  name: string;
  quantityRequested: number;
  onHand: number | null;
  supply: boolean;
}

/** A lent line that stock cannot cover now (booked ahead, only the dates count: never short here). */
export const isShortLine = (l: ApproveLine, bookAhead: boolean) => !bookAhead && l.onHand !== null && l.onHand < l.quantityRequested;

/** What a supply line issues by default: what was asked, or what is on hand when less (a short supply goes in part). */
export const defaultIssue = (l: ApproveLine) => Math.max(0, Math.min(l.quantityRequested, l.onHand ?? l.quantityRequested));

/** The approval as the API takes it: { items, issue } (units are chosen by their picker, checked apart). */
export function approveForm(lines: readonly ApproveLine[], bookAhead: boolean) {
  const line = (itemId: number) => lines.find((l) => l.itemId === itemId);
  const shortLent = (ids: number[]) =>
    lines.filter((l) => l.itemId !== null && ids.includes(l.itemId) && !l.supply && isShortLine(l, bookAhead));
  const issueProblem = ({ itemId, quantity }: { itemId: number; quantity: number }) => {
    const l = line(itemId);
    if (!l) return null;
    if (!Number.isInteger(quantity) || quantity < 1) return SUPPLY_MSG.issueTooFew(l.name);
    if (quantity > l.quantityRequested) return SUPPLY_MSG.issueTooMany(l.name, l.quantityRequested);
    if (l.onHand !== null && quantity > l.onHand) return SUPPLY_MSG.issueOverStock(l.name, l.onHand);
    return null;
  };
  return z.object({
    items: z.array(z.number()).check(
      z.minLength(1, MSG.selectItemsToApprove),
      z.superRefine((ids, ctx) => {
        const short = shortLent(ids);
        if (short.length) ctx.issues.push({ code: 'custom', message: MSG.shortLinesSelected(short.map((l) => l.name)), input: ids });
      }),
    ),
    // A quantity box left empty is no number (NaN): said in the words of a quantity too small.
    issue: z.array(z.object({ itemId: z.number(), quantity: z.unknown() })).check(
      z.superRefine((entries, ctx) => {
        const problem = entries.map((e) => issueProblem({ itemId: e.itemId, quantity: Number(e.quantity) })).find(Boolean);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: entries });
      }),
    ),
  });
}
export type ApproveValues = { items: number[]; issue: { itemId: number; quantity: number }[] };

/** Approve Dates' message when no date is ticked: rejecting every date is done date by date, not by approving none. */
export const NO_DATE_TICKED = 'Tick at least one date, or reject the dates one by one.';

/**
 * Approve Dates' form (docs/decisions/reservations.md): the weekly series' dates to approve, at least one; the
 * others are rejected. The server checks the same rule unless every date is asked for ({ all: true }).
 */
export const approveDatesForm = z.object({ requests: z.array(z.number()).check(z.minLength(1, NO_DATE_TICKED)) });
