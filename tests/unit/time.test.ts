import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  formatCalendarDate,
  formatDateTimeIn,
  formatDayIn,
  instantAt,
  isCalendarDate,
  isTimeOfDay,
  minutesOfDay,
  monthBounds,
  relativeTimeCoarse,
  relativeTimeFine,
  startOfDayUtc,
  todayIn,
  weekdayOf,
  weekOf,
} from '../../core/time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relative time', () => {
  it('user feed: under 1 hour Just now, then hours up to 23, then days', () => {
    expect(relativeTimeCoarse(ago(59 * MIN), now)).toBe('Just now');
    expect(relativeTimeCoarse(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTimeCoarse(ago(23 * HOUR + 59 * MIN), now)).toBe('23 hours ago');
    expect(relativeTimeCoarse(ago(24 * HOUR), now)).toBe('1 day ago');
    expect(relativeTimeCoarse(ago(50 * HOUR), now)).toBe('2 days ago');
  });
  it('admin feed: under 1 minute Just now, then minutes, hours, days', () => {
    expect(relativeTimeFine(ago(59_000), now)).toBe('Just now');
    expect(relativeTimeFine(ago(2 * MIN), now)).toBe('2 minutes ago');
    expect(relativeTimeFine(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTimeFine(ago(72 * HOUR), now)).toBe('3 days ago');
  });
  it('never shows a future time as ago', () => {
    expect(relativeTimeFine(new Date(now.getTime() + HOUR).toISOString(), now)).toBe('Just now');
  });
});

describe('calendar dates in the campus time zone', () => {
  it('today follows the campus zone, not UTC', () => {
    expect(todayIn('Asia/Manila', new Date('2026-03-10T17:30:00Z'))).toBe('2026-03-11');
    expect(todayIn('UTC', new Date('2026-03-10T17:30:00Z'))).toBe('2026-03-10');
  });
  it('counts whole days between dates', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });
  it('validates real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
  });
  it('finds the UTC instant a campus day and month begins', () => {
    expect(startOfDayUtc('2026-03-10', 'Asia/Manila')).toBe('2026-03-09T16:00:00.000Z');
    expect(monthBounds('Asia/Manila', new Date('2026-01-15T00:00:00Z'))).toEqual({
      lastMonth: '2025-11-30T16:00:00.000Z',
      thisMonth: '2025-12-31T16:00:00.000Z',
      nextMonth: '2026-01-31T16:00:00.000Z',
    });
  });
});

describe('campus weeks and times of day (dayjs with time zones)', () => {
  it('starts weeks on Monday and names the weekday', () => {
    expect(weekOf('2026-11-22')).toEqual({
      start: '2026-11-16',
      days: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'],
    });
    expect(weekOf('2026-11-16').start).toBe('2026-11-16');
    expect(weekdayOf('2026-11-22')).toBe('Sunday');
    expect(weekOf('2027-01-01').start).toBe('2026-12-28');
  });

  it('reads HH:MM times of day', () => {
    expect(isTimeOfDay('08:30')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isTimeOfDay('8:30')).toBe(false);
    expect(minutesOfDay('13:45')).toBe(13 * 60 + 45);
  });

  it('keeps days and times right across daylight-saving changes', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(instantAt('2026-03-08', '01:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(instantAt('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(startOfDayUtc('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayUtc('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
    expect(todayIn('America/New_York', new Date('2026-11-02T04:30:00Z'))).toBe('2026-11-01');
    expect(instantAt('2026-11-22', '08:00', 'Asia/Manila')).toBe('2026-11-22T00:00:00.000Z');
  });
});

describe('instants as the campus reads them', () => {
  it('writes the campus day and time in the product style, whatever the reader’s zone', () => {
    // 12:57 AM on Nov 25 in Manila is 4:57 PM on Nov 24 in UTC: the card and the log agree on the campus day.
    const at = '2026-11-24T16:57:00.000Z';
    expect(formatDayIn(at, 'Asia/Manila')).toBe('Nov 25, 2026');
    expect(formatDateTimeIn(at, 'Asia/Manila')).toBe('Nov 25, 2026, 12:57 AM');
    expect(formatDayIn(at, 'America/New_York')).toBe('Nov 24, 2026');
    // The same style as a plain calendar date.
    expect(formatDayIn(at, 'Asia/Manila')).toBe(formatCalendarDate('2026-11-25'));
  });
});
