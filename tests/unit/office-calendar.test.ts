import { describe, expect, it } from 'vitest';
import {
  closedDaysText,
  closedReason,
  closureForm,
  DEFAULT_WEEK,
  hoursText,
  isOpenDay,
  nextOpenDay,
  readWeek,
  type OfficeCalendar,
} from '../../core/site/calendar';
import { firstError } from '../../core/common/forms';
import { formatTimeOfDay } from '../../core/time';

// docs/decisions/office-calendar.md. 2026-12-25 is a Friday.
const calendar: OfficeCalendar = {
  week: { ...DEFAULT_WEEK, Saturday: { open: '08:00', close: '12:00' } },
  closures: [
    { id: 1, name: 'Christmas Break', from: '2026-12-24', to: '2027-01-01' },
    { id: 2, name: 'Rizal Day', from: '2026-12-30', to: '2026-12-30' },
  ],
};

describe('the office calendar', () => {
  it('writes the week in words, like days together', () => {
    expect(hoursText(DEFAULT_WEEK)).toBe('Monday to Friday, 8:00 AM - 5:00 PM');
    expect(hoursText(calendar.week)).toBe('Monday to Friday, 8:00 AM - 5:00 PM; Saturday, 8:00 AM - 12:00 PM');
    const split = { ...DEFAULT_WEEK, Wednesday: null, Thursday: { open: '13:00', close: '17:30' } };
    expect(hoursText(split)).toBe('Monday and Tuesday, 8:00 AM - 5:00 PM; Thursday, 1:00 PM - 5:30 PM; Friday, 8:00 AM - 5:00 PM');
    expect(hoursText({ ...DEFAULT_WEEK, Monday: null, Tuesday: null, Wednesday: null, Thursday: null, Friday: null })).toBe('Closed');
    expect(formatTimeOfDay('00:05')).toBe('12:05 AM');
    expect(formatTimeOfDay('12:00')).toBe('12:00 PM');
  });

  it('says why a day is closed: a closure first (an inner one found too), else a weekday without hours', () => {
    expect(closedReason('2026-12-25', calendar)).toBe(
      'The office is closed on Dec 25, 2026 (Christmas Break). Please choose another date.',
    );
    expect(closedReason('2027-01-01', calendar)).toMatch(/Christmas Break/);
    expect(closedReason('2027-01-03', calendar)).toBe(
      'The office is closed on Sundays: Jan 3, 2027 is a Sunday. Please choose another date.',
    );
    expect(closedReason('2027-01-02', calendar)).toBeNull(); // a Saturday morning
    expect(isOpenDay('2026-12-23', calendar)).toBe(true);
  });

  it('finds the next open day across weekends and breaks', () => {
    expect(nextOpenDay('2026-12-23', calendar)).toBe('2027-01-02');
    expect(nextOpenDay('2027-01-02', calendar)).toBe('2027-01-04');
    expect(nextOpenDay('2026-12-21', calendar)).toBe('2026-12-22');
    const never = { week: { ...DEFAULT_WEEK, Monday: null, Tuesday: null, Wednesday: null, Thursday: null, Friday: null }, closures: [] };
    expect(nextOpenDay('2026-12-21', never)).toBe('2026-12-22');
  });

  it('lists the closed days for the date fields', () => {
    expect(closedDaysText(calendar, '2026-12-01')).toBe(
      'The office is closed on Sundays; Christmas Break, Dec 24, 2026 to Jan 1, 2027; Rizal Day, Dec 30, 2026.',
    );
    expect(closedDaysText({ week: DEFAULT_WEEK, closures: [] }, '2026-12-01')).toBe('The office is closed on Saturdays and Sundays.');
  });

  it('checks a closure in the form’s order, and reads a stored week safely', () => {
    expect(firstError(closureForm, { name: '', from: 'x', to: 'y' })).toBe('Closure name is required');
    expect(firstError(closureForm, { name: 'A', from: '2026-01-02', to: '2026-01-01' })).toBe(
      'The last day cannot be before the first day.',
    );
    expect(firstError(closureForm, { name: 'A', from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(readWeek('not json')).toBe(DEFAULT_WEEK);
    expect(readWeek(JSON.stringify({ Monday: null }))).toBe(DEFAULT_WEEK);
    expect(readWeek(JSON.stringify(calendar.week))).toEqual(calendar.week);
  });
});
