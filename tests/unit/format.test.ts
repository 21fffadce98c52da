import { describe, expect, it } from 'vitest';
import { percentByMonth, perMonth } from '../../client/lib/format';

describe('dashboard notes (issue 12)', () => {
  it('says how many happened each month', () => {
    expect(perMonth({ thisMonth: 4, lastMonth: 2 })).toBe('4 this month, 2 last month');
  });

  it('shows a change of a percentage in percentage points, not as a percentage', () => {
    expect(percentByMonth(80, 75)).toBe('80% this month, 75% last month (+5 pts)');
    expect(percentByMonth(50, 100)).toBe('50% this month, 100% last month (−50 pts)');
    expect(percentByMonth(60, 60)).toBe('60% this month, 60% last month (±0 pts)');
    expect(percentByMonth(null, 75)).toBe('no loans this month, 75% last month');
  });
});
