import { describe, expect, it } from 'vitest';
import { dueDateOf, nextPlannedDate, parseRule, plannedAfterDone, recurrenceText } from '../../core/maintenance/recurrence';
import { DEFAULT_WEEK, type OfficeCalendar } from '../../core/site/calendar';

/** When a maintenance plan's jobs fall due (docs/decisions/maintenance-plans.md). */
describe('maintenance plan recurrence', () => {
  const plan = (frequency: 'days' | 'weeks' | 'months' | 'rule', interval: number, startDate: string, rule: string | null = null) => ({
    frequency,
    interval,
    rule,
    startDate,
  });

  it('counts every N days, weeks and months from the first date, months keeping their day', () => {
    expect(nextPlannedDate(plan('days', 10, '2026-03-01'), null)).toBe('2026-03-01');
    expect(nextPlannedDate(plan('days', 10, '2026-03-01'), '2026-03-01')).toBe('2026-03-11');
    expect(nextPlannedDate(plan('days', 10, '2026-03-01'), '2026-03-15')).toBe('2026-03-21');
    expect(nextPlannedDate(plan('weeks', 2, '2026-03-02'), '2026-03-02')).toBe('2026-03-16');
    const quarterly = plan('months', 3, '2026-01-31');
    expect(nextPlannedDate(quarterly, '2026-01-31')).toBe('2026-04-30');
    expect(nextPlannedDate(quarterly, '2026-04-30')).toBe('2026-07-31');
    expect(nextPlannedDate(quarterly, '2026-12-31')).toBe('2027-01-31');
    // Before the start: the start.
    expect(nextPlannedDate(quarterly, '2025-06-01')).toBe('2026-01-31');
  });

  it('reads recurrence rules, refusing hours, other frequencies and nonsense', () => {
    const rule = plan('rule', 1, '2026-03-02', 'FREQ=WEEKLY;BYDAY=FR');
    expect(nextPlannedDate(rule, null)).toBe('2026-03-06');
    expect(nextPlannedDate(rule, '2026-03-06')).toBe('2026-03-13');
    expect(nextPlannedDate(plan('rule', 1, '2026-03-02', 'FREQ=DAILY;COUNT=2'), '2026-03-03')).toBeNull();
    for (const bad of ['FREQ=HOURLY', 'FREQ=SECONDLY', 'nonsense', '', 'FREQ=DAILY;BYHOUR=9', 'DTSTART:20200101T000000Z\nRRULE:FREQ=DAILY'])
      expect('problem' in parseRule(bad, '2026-03-02'), bad).toBe(true);
    expect('rule' in parseRule('RRULE:FREQ=MONTHLY;INTERVAL=3', '2026-03-02')).toBe(true);
    expect(recurrenceText({ frequency: 'months', interval: 3, rule: null })).toBe('Every 3 months');
    expect(recurrenceText({ frequency: 'weeks', interval: 1, rule: null })).toBe('Every week');
  });

  it('moves a date the office is closed to the next open day; the next job follows the planned date or the day done', () => {
    const calendar: OfficeCalendar = {
      week: DEFAULT_WEEK,
      closures: [{ id: 1, name: 'Foundation Day', from: '2026-03-09', to: '2026-03-10' }],
    };
    expect(dueDateOf('2026-03-06', calendar)).toBe('2026-03-06'); // a Friday
    expect(dueDateOf('2026-03-07', calendar)).toBe('2026-03-11'); // Saturday, then the closure Monday and Tuesday
    const weekly = plan('weeks', 1, '2026-03-02');
    expect(plannedAfterDone(weekly, '2026-03-09', '2026-03-05')).toBe('2026-03-16'); // done early
    expect(plannedAfterDone(weekly, '2026-03-09', '2026-03-25')).toBe('2026-03-30'); // done late
  });
});
