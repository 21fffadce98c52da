import { describe, expect, it } from 'vitest';
import { CHECKLIST_GROUPS, PARTICULAR_KEYS, particularName } from '../../core/forms/checklist';
import { checklistForm } from '../../core/forms/schemas';
import { safeCell, unsafeCell } from '../../core/common/csv';
import { formatDateTimeIn, formatWallTime } from '../../core/time';

describe('preventive checklist (docs/product.md, docs/decisions/form-checks.md)', () => {
  it('has 19 particulars in 6 groups, keyed 1.1 to 6.4', () => {
    expect(CHECKLIST_GROUPS).toHaveLength(6);
    expect(PARTICULAR_KEYS).toHaveLength(19);
    expect(PARTICULAR_KEYS[0]).toBe('1.1');
    expect(PARTICULAR_KEYS.at(-1)).toBe('6.4');
    expect(particularName('5.2')).toBe('WINDOWS - Hinges');
  });

  it('has no required fields, and refuses unknown particulars and marks', () => {
    expect(checklistForm.safeParse({}).success).toBe(true);
    expect(checklistForm.safeParse({ particulars: { '7.1': { status: 'x' } } }).success).toBe(false);
    expect(checklistForm.safeParse({ particulars: { '1.1': { status: 'maybe' } } }).success).toBe(false);
  });
});

describe('printed dates', () => {
  it('prints form dates as the campus wrote them, and instants in the campus zone', () => {
    expect(formatWallTime('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatWallTime('2026-11-21T15:05')).toBe('Nov 21, 2026, 3:05 PM');
    expect(formatWallTime('next week')).toBe('next week');
    expect(formatDateTimeIn('2026-11-20T16:30:00.000Z', 'Asia/Manila')).toBe('Nov 21, 2026, 12:30 AM');
  });
});

describe('CSV cells', () => {
  it('defuses formulas on export and restores them on import', () => {
    expect(safeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(unsafeCell(safeCell('-5 mop'))).toBe('-5 mop');
    expect(safeCell('Mop')).toBe('Mop');
  });
});
