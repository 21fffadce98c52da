import { describe, expect, it } from 'vitest';
import { nextRunAfter, periodOfRun } from '../../core/reports/schedule';
import { reportPeriod } from '../../core/reports/rules';
import { reportFilters } from '../../core/reports/schemas';
import { termOf } from '../../core/reports/terms';

/** Campus terms and the schedule of saved reports (docs/decisions/reports.md). */
describe('report terms and schedules', () => {
  it('puts each month in its campus term: Aug–Dec, Jan–May, Jun–Jul', () => {
    expect(termOf('2026-08-01')).toEqual({ key: '2026-3', label: 'Aug–Dec 2026', from: '2026-08-01', to: '2026-12-31' });
    expect(termOf('2026-12-31').key).toBe('2026-3');
    expect(termOf('2027-01-01')).toEqual({ key: '2027-1', label: 'Jan–May 2027', from: '2027-01-01', to: '2027-05-31' });
    expect(termOf('2027-05')).toMatchObject({ key: '2027-1' });
    expect(termOf('2027-06-15')).toEqual({ key: '2027-2', label: 'Jun–Jul 2027', from: '2027-06-01', to: '2027-07-31' });
    expect(termOf('2027-07-31').key).toBe('2027-2');
    // Keys sort in time order.
    expect(['2027-2', '2026-3', '2027-1'].sort()).toEqual(['2026-3', '2027-1', '2027-2']);
  });

  it('sends weekly on Mondays and monthly on the 1st at 7:00 campus time, the period just ended', () => {
    const tz = 'Asia/Manila';
    // Thursday Nov 26, 2026, 10:00 in Manila.
    const now = new Date('2026-11-26T02:00:00Z');
    expect(nextRunAfter('weekly', now, tz)).toBe('2026-11-29T23:00:00.000Z'); // Monday Nov 30, 7:00
    expect(nextRunAfter('monthly', now, tz)).toBe('2026-11-30T23:00:00.000Z'); // Dec 1, 7:00
    expect(nextRunAfter('none', now, tz)).toBeNull();
    // On a Monday before 7:00, the same day; at 7:00 or after, the next Monday.
    expect(nextRunAfter('weekly', new Date('2026-11-29T22:00:00Z'), tz)).toBe('2026-11-29T23:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-11-29T23:00:00Z'), tz)).toBe('2026-12-06T23:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-31T23:30:00Z'), tz)).toBe('2027-01-31T23:00:00.000Z');
    expect(periodOfRun('weekly', '2026-11-29T23:00:00.000Z', tz)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOfRun('monthly', '2026-11-30T23:00:00.000Z', tz)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('defaults to the last 30 days and refuses an end before the start or more than three years', () => {
    expect(reportPeriod({}, '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(reportPeriod({ from: '2026-11-01' }, '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(reportFilters.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(reportFilters.safeParse({ from: '2024-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(reportFilters.safeParse({ from: '2023-12-31', to: '2026-12-31' }).success).toBe(false);
  });
});
