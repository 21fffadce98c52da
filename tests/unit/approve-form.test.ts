import { describe, expect, it } from 'vitest';
import { approveForm, defaultIssue, type ApproveLine } from '../../core/borrowing/approveForm';
import { firstError } from '../../core/common/forms';
import { SUPPLY_MSG } from '../../core/inventory/supplies';
import { MSG } from '../../core/messages';

const paper: ApproveLine = { itemId: 1, name: 'Bond paper', quantityRequested: 10, onHand: 8, supply: true };
const drill: ApproveLine = { itemId: 2, name: 'Drill', quantityRequested: 2, onHand: 1, supply: false };
const rule = approveForm([paper, drill], false);

describe('Approve form (docs/decisions/supplies.md)', () => {
  it('starts a short supply at what is on hand, else at what was asked', () => {
    expect(defaultIssue(paper)).toBe(8);
    expect(defaultIssue({ ...paper, onHand: 50 })).toBe(10);
    expect(defaultIssue({ ...paper, onHand: 0 })).toBe(0);
  });

  it('issues a short supply in part, and refuses a short lent line', () => {
    expect(firstError(rule, { items: [1], issue: [{ itemId: 1, quantity: 8 }] })).toBeNull();
    expect(firstError(rule, { items: [1, 2], issue: [{ itemId: 1, quantity: 8 }] })).toBe(MSG.shortLinesSelected(['Drill']));
    expect(firstError(rule, { items: [], issue: [] })).toBe(MSG.selectItemsToApprove);
  });

  it('keeps each issue between 1 and what was asked, and within what is on hand', () => {
    const issuing = (quantity: number) => firstError(rule, { items: [1], issue: [{ itemId: 1, quantity }] });
    expect(issuing(0)).toBe(SUPPLY_MSG.issueTooFew('Bond paper'));
    expect(issuing(Number.NaN)).toBe(SUPPLY_MSG.issueTooFew('Bond paper'));
    expect(issuing(2.5)).toBe(SUPPLY_MSG.issueTooFew('Bond paper'));
    expect(issuing(11)).toBe(SUPPLY_MSG.issueTooMany('Bond paper', 10));
    expect(issuing(9)).toBe(SUPPLY_MSG.issueOverStock('Bond paper', 8));
  });
});
