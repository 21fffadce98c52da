import { describe, expect, it } from 'vitest';
import { freeByDay, hoursPhrase, leftByDay, type Hold } from '../../core/borrowing/availability';
import { timesProblem, TIMES_MSG } from '../../core/borrowing/timesOfDay';
import { minutesOfDay } from '../../core/time';
import { DEFAULT_WEEK } from '../../core/site/calendar';

const calendar = { week: DEFAULT_WEEK, closures: [] };
const h = (from: string, to: string, quantity: number, fromTime?: string, toTime?: string): Hold => ({
  from,
  to,
  quantity,
  ...(fromTime ? { fromMin: minutesOfDay(fromTime) } : {}),
  ...(toTime ? { toMin: minutesOfDay(toTime) } : {}),
});

describe('availability by the hour', () => {
  it('counts the most held at one moment, not every hold of the day', () => {
    const holds = [h('2026-12-01', '2026-12-01', 1, '08:00', '12:00'), h('2026-12-01', '2026-12-01', 1, '12:00', '16:00')];
    expect(freeByDay(2, holds, { from: '2026-12-01', to: '2026-12-01' })).toEqual([{ date: '2026-12-01', free: 1 }]);
    // A third over both meets each of them, never both at once: two at the busiest moment.
    const three = [...holds, h('2026-12-01', '2026-12-01', 1, '11:00', '13:00')];
    expect(leftByDay(2, three, { from: '2026-12-01', to: '2026-12-01' })).toEqual([{ date: '2026-12-01', free: 0 }]);
    expect(
      leftByDay(2, three, { from: '2026-12-01', to: '2026-12-01', fromMin: minutesOfDay('16:00'), toMin: minutesOfDay('18:00') }),
    ).toEqual([{ date: '2026-12-01', free: 2 }]);
  });

  it('a span over days takes its hours on its first and last day only; whole days hold every hour', () => {
    const holds = [h('2026-12-01', '2026-12-03', 1, '15:00', '10:00'), h('2026-12-05', '2026-12-05', 1)];
    const span = { from: '2026-12-01', to: '2026-12-05', fromMin: minutesOfDay('09:00'), toMin: minutesOfDay('09:00') };
    expect(freeByDay(1, holds, span).map((d) => d.free)).toEqual([0, 0, 0, 1, 0]);
    expect(freeByDay(1, holds, { from: '2026-12-01', to: '2026-12-01', fromMin: 0, toMin: minutesOfDay('15:00') })[0].free).toBe(1);
    expect(freeByDay(1, holds, { from: '2026-12-03', to: '2026-12-03', fromMin: minutesOfDay('10:00'), toMin: 1440 })[0].free).toBe(1);
  });

  it('names the hours of a conflict, and none for whole days', () => {
    expect(hoursPhrase({ from: '2026-12-01', to: '2026-12-01', fromMin: 780, toMin: 960 })).toBe('between 13:00 and 16:00');
    expect(hoursPhrase({ from: '2026-12-01', to: '2026-12-02', fromMin: 900, toMin: 600 })).toBe(
      'from 15:00 on the first day to 10:00 on the last',
    );
    expect(hoursPhrase({ from: '2026-12-01', to: '2026-12-01' })).toBeUndefined();
  });
});

describe('a booking’s hours', () => {
  // 2026-12-01 is a Tuesday (open 08:00-17:00 by default); 2026-12-05 a Saturday.
  const b = (timeFrom: string, timeTo: string, over: Partial<Parameters<typeof timesProblem>[0]> = {}) =>
    timesProblem({ bookAhead: true, dateNeeded: '2026-12-01', dateExpectedReturn: '2026-12-01', timeFrom, timeTo, ...over }, calendar);

  it('takes none, or both within the office hours, the return after the pick-up on one day', () => {
    expect(b('', '')).toBeNull();
    expect(b('13:00', '16:00')).toBeNull();
    expect(b('08:00', '17:00')).toBeNull();
    expect(b('16:00', '09:00', { dateExpectedReturn: '2026-12-02' })).toBeNull();
    expect(b('13:00', '')).toEqual({ field: 'timeTo', message: TIMES_MSG.both });
    expect(b('', '16:00')).toEqual({ field: 'timeFrom', message: TIMES_MSG.both });
    expect(b('24:00', '24:30')).toEqual({ field: 'timeFrom', message: TIMES_MSG.both });
    expect(b('16:00', '13:00')).toEqual({ field: 'timeTo', message: TIMES_MSG.order });
    expect(b('07:30', '09:00')?.message).toBe(TIMES_MSG.outsideHours('pick-up', '2026-12-01', '08:00', '17:00'));
    expect(b('17:00', '17:30')?.field).toBe('timeFrom');
    expect(b('13:00', '17:01')?.message).toBe(TIMES_MSG.outsideHours('return', '2026-12-01', '08:00', '17:00'));
    expect(b('13:00', '16:00', { bookAhead: false })).toEqual({ field: 'timeFrom', message: TIMES_MSG.bookAheadOnly });
  });
});
