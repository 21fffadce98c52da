import { describe, expect, it } from 'vitest';
import { hoursText, keptPromises, type PromiseRow } from '../../core/repairs/keptPromises';

// Kept promises (docs/decisions/repair-deadlines.md): shares and medians per priority and trade.
const now = new Date('2026-11-26T12:00:00.000Z');
const h = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const row = (over: Partial<PromiseRow>): PromiseRow => ({
  priority: 'high',
  trade: 'plumber',
  createdAt: h(-100),
  assignedAt: null,
  completedAt: null,
  respondBy: h(-96),
  fixBy: h(-76),
  onHold: false,
  ...over,
});

describe('kept promises', () => {
  it('counts kept, late and missed promises; an open one only once its deadline passed; one on hold waits', () => {
    const rows = [
      row({ assignedAt: h(-98), completedAt: h(-80) }), // both kept: 2 h and 20 h
      row({ assignedAt: h(-90), completedAt: h(-70) }), // both late: 10 h and 30 h
      row({}), // missed both, still open
      row({ createdAt: h(-1), respondBy: h(3), fixBy: h(23) }), // not due yet: not measured
      row({ onHold: true, assignedAt: h(-99) }), // fix missed while on hold: waits
      row({ priority: 'low', trade: null, assignedAt: h(-95), respondBy: h(-28), fixBy: h(100) }),
    ];
    const f = keptPromises(rows, now);
    const high = f.byPriority.find((g) => g.key === 'high')!;
    expect(high.reports).toBe(5);
    expect(high.respond).toEqual({ measured: 4, inTime: 2, share: 50, medianHours: 2 });
    expect(high.fix).toEqual({ measured: 3, inTime: 1, share: 33, medianHours: 25 });
    expect(f.byPriority.map((g) => g.key)).toEqual(['high', 'medium', 'low']);
    expect(f.byPriority[1]).toMatchObject({ reports: 0, respond: { measured: 0, share: null, medianHours: null } });
    expect(f.byTrade.map((g) => g.label)).toEqual(['Plumber', 'Not yet assigned']);
    expect(f.all.reports).toBe(6);
    expect(f.all.respond.inTime).toBe(3);
  });

  it('writes a median time in words', () => {
    expect(hoursText(null)).toBe('–');
    expect(hoursText(0.5)).toBe('30 min');
    expect(hoursText(5.25)).toBe('5.3 h');
    expect(hoursText(77)).toBe('3.2 days');
  });
});
