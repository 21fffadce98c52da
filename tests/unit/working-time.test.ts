import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK, type OfficeCalendar } from '../../core/site/calendar';
import { addWorkingDays, addWorkingMinutes, workingMinutesBetween } from '../../core/site/workingTime';
import { instantAt } from '../../core/time';

// Working time on the office calendar (docs/decisions/office-calendar.md). 2026-12-21 is a Monday.
const TZ = 'Asia/Manila';
const at = (date: string, hhmm: string, tz = TZ) => new Date(instantAt(date, hhmm, tz));
const christmas = { id: 1, name: 'Christmas Break', from: '2026-12-24', to: '2027-01-01' };
const weekdays: OfficeCalendar = { week: DEFAULT_WEEK, closures: [] };
const withSaturday: OfficeCalendar = { week: { ...DEFAULT_WEEK, Saturday: { open: '08:00', close: '12:00' } }, closures: [christmas] };

describe('working time', () => {
  it('adds working hours within the day, across the night, and from before the office opens', () => {
    expect(addWorkingMinutes(at('2026-12-21', '09:00'), 120, weekdays, TZ)).toEqual(at('2026-12-21', '11:00'));
    expect(addWorkingMinutes(at('2026-12-21', '15:00'), 240, weekdays, TZ)).toEqual(at('2026-12-22', '10:00'));
    expect(addWorkingMinutes(at('2026-12-21', '06:00'), 60, weekdays, TZ)).toEqual(at('2026-12-21', '09:00'));
    expect(addWorkingMinutes(at('2026-12-21', '20:00'), 30, weekdays, TZ)).toEqual(at('2026-12-22', '08:30'));
  });

  it('skips closed weekdays, and counts a short Saturday', () => {
    expect(addWorkingMinutes(at('2026-12-18', '16:00'), 180, weekdays, TZ)).toEqual(at('2026-12-21', '10:00'));
    expect(addWorkingMinutes(at('2026-12-18', '16:00'), 180, withSaturday, TZ)).toEqual(at('2026-12-19', '10:00'));
    expect(addWorkingMinutes(at('2026-12-19', '11:00'), 120, withSaturday, TZ)).toEqual(at('2026-12-21', '09:00'));
  });

  it('carries a deadline over a holiday break', () => {
    expect(addWorkingMinutes(at('2026-12-23', '16:00'), 120, withSaturday, TZ)).toEqual(at('2027-01-02', '09:00'));
    expect(addWorkingDays(at('2026-12-23', '10:00'), 1, withSaturday, TZ)).toEqual(at('2027-01-02', '10:00'));
    expect(addWorkingDays(at('2026-12-23', '10:00'), 2, withSaturday, TZ)).toEqual(at('2027-01-04', '10:00'));
  });

  it('adds working days at the same time of day, cut to a shorter day’s closing', () => {
    expect(addWorkingDays(at('2026-12-21', '09:00'), 1, weekdays, TZ)).toEqual(at('2026-12-22', '09:00'));
    expect(addWorkingDays(at('2026-12-21', '09:00'), 5, weekdays, TZ)).toEqual(at('2026-12-28', '09:00'));
    expect(addWorkingDays(at('2026-12-18', '15:00'), 1, withSaturday, TZ)).toEqual(at('2026-12-19', '12:00'));
    // Reported on a Sunday: work can start Monday at opening.
    expect(addWorkingDays(at('2026-12-20', '10:00'), 0, weekdays, TZ)).toEqual(at('2026-12-21', '08:00'));
    expect(addWorkingDays(at('2026-12-20', '10:00'), 1, weekdays, TZ)).toEqual(at('2026-12-22', '08:00'));
  });

  it('measures working minutes between two instants (a job on hold overnight counts only the open hours)', () => {
    expect(workingMinutesBetween(at('2026-12-18', '16:00'), at('2026-12-21', '10:00'), weekdays, TZ)).toBe(180);
    expect(workingMinutesBetween(at('2026-12-21', '16:00'), at('2026-12-22', '09:00'), weekdays, TZ)).toBe(120);
    expect(workingMinutesBetween(at('2026-12-23', '08:00'), at('2027-01-04', '08:00'), withSaturday, TZ)).toBe(9 * 60 + 4 * 60);
    expect(workingMinutesBetween(at('2026-12-22', '09:00'), at('2026-12-21', '09:00'), weekdays, TZ)).toBe(0);
  });

  it('counts in the campus’s time zone, across a daylight-saving change', () => {
    const ny = 'America/New_York'; // clocks go forward on Sunday 2026-03-08
    const due = addWorkingMinutes(at('2026-03-06', '16:00', ny), 120, weekdays, ny);
    expect(due).toEqual(at('2026-03-09', '09:00', ny));
    expect(due!.toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('answers null when the office never opens again', () => {
    const never: OfficeCalendar = {
      week: { ...DEFAULT_WEEK, Monday: null, Tuesday: null, Wednesday: null, Thursday: null, Friday: null },
      closures: [],
    };
    expect(addWorkingMinutes(at('2026-12-21', '09:00'), 60, never, TZ)).toBeNull();
    expect(addWorkingDays(at('2026-12-21', '09:00'), 1, never, TZ)).toBeNull();
  });
});
