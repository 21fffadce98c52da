import { describe, expect, it } from 'vitest';
import { atReorderLevel, issuedText, mayRequestSupply, readSupplyRequesters, suggestedReorder } from '../../core/inventory/supplies';

describe('the reorder suggestion', () => {
  it('is at least the reorder quantity', () => {
    expect(suggestedReorder({ quantity: 9, reorderLevel: 10, reorderQuantity: 50, used: 0 })).toBe(50);
  });
  it('covers 90 days of use above the level', () => {
    // Level 10, 120 used in 90 days, 4 on hand: 126 brings it back to 130 = level + use.
    expect(suggestedReorder({ quantity: 4, reorderLevel: 10, reorderQuantity: 20, used: 120 })).toBe(126);
  });
  it('counts a negative stock as none, and never suggests nothing', () => {
    expect(suggestedReorder({ quantity: -3, reorderLevel: 5, reorderQuantity: 0, used: 0 })).toBe(5);
    expect(suggestedReorder({ quantity: 0, reorderLevel: 0, reorderQuantity: 0, used: 0 })).toBe(1);
  });
  it('an item is at its level at or below it, never without one', () => {
    expect(atReorderLevel(10, 10)).toBe(true);
    expect(atReorderLevel(11, 10)).toBe(false);
    expect(atReorderLevel(0, null)).toBe(false);
  });
});

describe('who may request supplies', () => {
  it('by default faculty, staff and personnel, not students; per category as set', () => {
    const d = readSupplyRequesters(null);
    expect(mayRequestSupply(d, 'faculty', 'Janitorial')).toBe(true);
    expect(mayRequestSupply(d, 'student', 'Janitorial')).toBe(false);
    const set = readSupplyRequesters(JSON.stringify({ Janitorial: ['student', 'wizard'] }));
    expect(set.Janitorial).toEqual(['student']);
    expect(mayRequestSupply(set, 'faculty', 'Janitorial')).toBe(false);
    expect(mayRequestSupply(set, 'faculty', 'HVAC')).toBe(true);
    expect(mayRequestSupply(d, 'faculty', 'Nothing')).toBe(false);
    expect(readSupplyRequesters('not json').HVAC).toEqual(['faculty', 'personnel', 'staff']);
  });
  it('says a partial issue', () => {
    expect(issuedText(8, 10)).toBe('8 of 10 issued');
    expect(issuedText(10, 10)).toBe('10 issued');
  });
});
