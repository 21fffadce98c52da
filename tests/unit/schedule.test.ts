import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { MSG } from '../../core/messages';
import { countByStatus, isWeekStart, scheduleEntryForm, weekStartOf } from '../../core/schedule/rules';

const FORM = {
  day: 'Monday',
  startTime: '08:00',
  endTime: '09:30',
  workType: 'Inspection',
  personnelId: 4,
  location: 'Room 1',
  building: 'Library',
  priority: 'medium',
  issueDescription: '',
};

describe('schedule rules', () => {
  it('names a week by its Monday', () => {
    expect(weekStartOf('2026-01-01')).toBe('2025-12-29');
    expect(weekStartOf('2026-01-04')).toBe('2025-12-29');
    expect(weekStartOf('2026-01-05')).toBe('2026-01-05');
    expect(isWeekStart('2026-01-05')).toBe(true);
    expect(isWeekStart('2026-01-06')).toBe(false);
    expect(isWeekStart('2026-02-30')).toBe(false);
  });

  it('checks the Add Schedule form in its order', () => {
    expect(firstError(scheduleEntryForm, FORM)).toBeNull();
    expect(firstError(scheduleEntryForm, { ...FORM, building: '', day: 'Someday' })).toBe(MSG.scheduleMissingInformation);
    expect(firstError(scheduleEntryForm, { ...FORM, personnelId: null })).toBe(MSG.schedulePersonnelRequired);
    expect(firstError(scheduleEntryForm, { ...FORM, day: 'Someday', endTime: '7' })).toBe(MSG.repairInvalidDay);
    expect(firstError(scheduleEntryForm, { ...FORM, endTime: '07:00' })).toBe(MSG.repairEndBeforeStart);
    expect(firstError(scheduleEntryForm, { ...FORM, startTime: '25:00' })).toBe(MSG.repairInvalidTime);
    expect(firstError(scheduleEntryForm, { ...FORM, workType: 'x'.repeat(101) })).toBe(MSG.scheduleFieldTooLong('Work type', 100));
  });

  it('counts each status under its own name', () => {
    const items = (['pending', 'scheduled', 'in-progress', 'in-progress', 'completed'] as const).map((status) => ({ status }));
    expect(countByStatus(items)).toEqual({ pending: 1, scheduled: 1, 'in-progress': 2, completed: 1 });
  });
});
