/**
 * Supplies issued at approval (docs/decisions/supplies.md): what goes of each supply line chosen, at most what was
 * asked and at least one, checked before anything moves.
 */
import type { IssueQuantity } from '../../../core/borrowing/schemas';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { badRequest } from '../../errors';
import type { LineToLend } from './lending';

type Chosen = Omit<LineToLend, 'quantity'> & { supply: number };

/** The chosen lines with the quantity each takes: the issue's for a supply line named there, else the one asked for. */
export function withIssued(chosen: readonly Chosen[], issue: readonly IssueQuantity[]): (Chosen & { quantity: number })[] {
  const byItem = new Map(issue.map((i) => [i.itemId, i.quantity]));
  for (const entry of issue) {
    const line = chosen.find((l) => l.item_id === entry.itemId);
    if (!line) continue; // a line left out of the approval: approved at 0 whatever was typed for it
    if (line.supply !== 1 && entry.quantity !== line.quantity_requested)
      throw badRequest(SUPPLY_MSG.issueNotSupply(line.item_name), 'issue_quantity_invalid');
    if (entry.quantity > line.quantity_requested)
      throw badRequest(SUPPLY_MSG.issueTooMany(line.item_name, line.quantity_requested), 'issue_quantity_invalid');
    if (entry.quantity < 1) throw badRequest(SUPPLY_MSG.issueTooFew(line.item_name), 'issue_quantity_invalid');
  }
  return chosen.map((l) => ({ ...l, quantity: byItem.get(l.item_id!) ?? l.quantity_requested }));
}
