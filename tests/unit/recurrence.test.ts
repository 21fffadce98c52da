import { describe, expect, it } from 'vitest';
import { MAX_SERIES_DATES, RECURRENCE_MSG } from '../../core/borrowing/recurrence';
import { seriesDates } from '../../server/modules/borrowing/recurrence';

/** docs/decisions/reservations.md: a weekly pattern's dates, read by rrule on calendar dates only. */
describe('recurring booking dates', () => {
  it('every Tuesday for N weeks, or until a date (inclusive), whatever the weekday of the start', () => {
    expect(seriesDates({ startDate: '2026-12-01', weekdays: ['TU'], interval: 1, count: 6 })).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
      '2026-12-29',
      '2027-01-05',
    ]);
    expect(seriesDates({ startDate: '2026-12-02', weekdays: ['TU'], interval: 1, until: '2026-12-15' })).toEqual([
      '2026-12-08',
      '2026-12-15',
    ]);
  });

  it('several weekdays, every other week', () => {
    expect(seriesDates({ startDate: '2026-11-30', weekdays: ['MO', 'TH'], interval: 2, count: 4 })).toEqual([
      '2026-11-30',
      '2026-12-03',
      '2026-12-14',
      '2026-12-17',
    ]);
  });

  it('refuses what it cannot read, too many dates, or none', () => {
    expect(seriesDates({ startDate: '2026-12-01', weekdays: ['TU'], interval: 1 })).toBe(RECURRENCE_MSG.invalid);
    expect(seriesDates({ startDate: '2026-12-01', weekdays: ['TU'], interval: 1, count: 2, until: '2026-12-30' })).toBe(
      RECURRENCE_MSG.invalid,
    );
    expect(seriesDates({ startDate: '2026-02-30', weekdays: ['TU'], interval: 1, count: 2 })).toBe(RECURRENCE_MSG.invalid);
    expect(seriesDates({ startDate: '2026-12-09', weekdays: ['TU'], interval: 1, until: '2026-12-01' })).toBe(RECURRENCE_MSG.invalid);
    expect(seriesDates({ startDate: '2026-12-01', weekdays: ['MO', 'TU'], interval: 1, until: '2027-11-30' })).toBe(RECURRENCE_MSG.tooMany);
    expect(seriesDates({ startDate: '2026-12-02', weekdays: ['TU'], interval: 1, until: '2026-12-07' })).toBe(RECURRENCE_MSG.none);
    expect(MAX_SERIES_DATES).toBe(52);
  });
});
