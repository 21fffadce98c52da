import { describe, expect, it } from 'vitest';
import { percentByMonth, perMonth } from '../../client/lib/format';
import { plural } from '../../core/format';
import { MSG } from '../../core/messages';
import { WORK_ORDER_TITLE } from '../../core/forms/workOrder';
import { CHECKLIST_TITLE } from '../../core/forms/checklist';

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

describe('counts in words (issue 27 point 25)', () => {
  it('says one thing in the singular, and others in their own plural', () => {
    expect(plural(1, 'account')).toBe('1 account');
    expect(plural(0, 'account')).toBe('0 accounts');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(1204, 'entry', 'entries')).toBe('1,204 entries');
  });
});

describe('the download notice of a form (issue 27 point 25)', () => {
  it('says "form" once', () => {
    expect(MSG.downloadStarted(WORK_ORDER_TITLE)).toBe('Work Order Request Form is being downloaded...');
    expect(MSG.downloadStarted(CHECKLIST_TITLE)).toBe('Preventive Maintenance Checklist form is being downloaded...');
  });
});
