import { describe, expect, it } from 'vitest';
import { clockOf, DEFAULT_TARGETS, deadlinesOf, readTargets, repairTargetsForm, shiftedBy, targetText } from '../../core/repairs/deadlines';
import { workingMinutesBetween } from '../../core/site/workingTime';
import { firstError } from '../../core/common/forms';
import { DEFAULT_WEEK, type OfficeCalendar } from '../../core/site/calendar';
import { instantAt } from '../../core/time';

// Repair deadlines (docs/decisions/repair-deadlines.md). 2026-12-21 is a Monday; the office keeps 8:00-17:00 on weekdays.
const TZ = 'Asia/Manila';
const at = (date: string, hhmm: string) => new Date(instantAt(date, hhmm, TZ));
const iso = (date: string, hhmm: string) => at(date, hhmm).toISOString();
const weekdays: OfficeCalendar = { week: DEFAULT_WEEK, closures: [] };
const christmas: OfficeCalendar = {
  week: DEFAULT_WEEK,
  closures: [{ id: 1, name: 'Christmas Break', from: '2026-12-24', to: '2027-01-01' }],
};

describe('repair deadlines', () => {
  it('counts a high-priority report from a Monday afternoon in working hours and days', () => {
    const d = deadlinesOf(at('2026-12-21', '15:00'), 'high', DEFAULT_TARGETS, weekdays, TZ);
    // Respond within 4 working hours: 2 on Monday, 2 on Tuesday; due soon after 3 of them.
    expect(d.respondBy).toBe(iso('2026-12-22', '10:00'));
    expect(d.respondSoon).toBe(iso('2026-12-22', '09:00'));
    // Fix within 1 working day: the same time on the next open day; due soon after three quarters of its 9 working
    // hours (2 on Monday, 4 h 45 min on Tuesday).
    expect(d.fixBy).toBe(iso('2026-12-22', '15:00'));
    expect(d.fixSoon).toBe(iso('2026-12-22', '12:45'));
  });

  it('carries a deadline over a holiday break and a weekend', () => {
    const d = deadlinesOf(at('2026-12-23', '16:00'), 'medium', DEFAULT_TARGETS, christmas, TZ);
    // Respond within 1 working day: the break and the weekend are skipped.
    expect(d.respondBy).toBe(iso('2027-01-04', '16:00'));
    // Fix within 5 working days.
    expect(d.fixBy).toBe(iso('2027-01-08', '16:00'));
  });

  it('has no deadline when the office never opens again', () => {
    const never: OfficeCalendar = { week: Object.fromEntries(Object.keys(DEFAULT_WEEK).map((d) => [d, null])) as never, closures: [] };
    expect(deadlinesOf(at('2026-12-21', '09:00'), 'low', DEFAULT_TARGETS, never, TZ)).toEqual({
      respondBy: null,
      respondSoon: null,
      fixBy: null,
      fixSoon: null,
    });
  });

  it('runs the response clock until the first assignment, then the fix clock; none once completed', () => {
    const d = deadlinesOf(at('2026-12-21', '15:00'), 'high', DEFAULT_TARGETS, weekdays, TZ);
    const pending = { status: 'pending', assignedTo: null, ...d };
    expect(clockOf(pending, at('2026-12-21', '16:00'))).toEqual({ kind: 'respond', due: d.respondBy, state: 'on_track' });
    expect(clockOf(pending, at('2026-12-22', '09:30'))?.state).toBe('due_soon');
    expect(clockOf(pending, at('2026-12-22', '10:00'))?.state).toBe('overdue');
    const assigned = { ...pending, status: 'scheduled', assignedTo: 7 };
    expect(clockOf(assigned, at('2026-12-22', '10:00'))).toEqual({ kind: 'fix', due: d.fixBy, state: 'on_track' });
    expect(clockOf(assigned, at('2026-12-22', '13:00'))?.state).toBe('due_soon');
    expect(clockOf(assigned, at('2026-12-23', '08:00'))?.state).toBe('overdue');
    expect(clockOf({ ...assigned, status: 'completed' }, at('2026-12-23', '08:00'))).toBeNull();
    expect(clockOf({ ...pending, respondBy: null, respondSoon: null, fixBy: null, fixSoon: null })).toBeNull();
  });

  it('moves a deadline on by the working time spent on hold, across a night', () => {
    // On hold from 4:00 PM Monday to 9:00 AM Tuesday: 1 working hour each side of the night.
    const waited = workingMinutesBetween(at('2026-12-21', '16:00'), at('2026-12-22', '09:00'), weekdays, TZ);
    expect(waited).toBe(120);
    expect(shiftedBy(iso('2026-12-22', '10:00'), waited, weekdays, TZ)).toBe(iso('2026-12-22', '12:00'));
    // A fix-by at 4:00 PM Tuesday moves past the closing, to 9:00 AM Wednesday.
    expect(shiftedBy(iso('2026-12-22', '16:00'), waited, weekdays, TZ)).toBe(iso('2026-12-23', '09:00'));
    // Over the Christmas break: the closed days do not count.
    expect(shiftedBy(iso('2026-12-23', '16:30'), waited, christmas, TZ)).toBe(iso('2027-01-04', '09:30'));
    expect(shiftedBy(null, waited, weekdays, TZ)).toBeNull();
  });

  it('takes whole targets within bounds, and reads a stored setting or falls back to the defaults', () => {
    const good = { ...DEFAULT_TARGETS, low: { respond: { amount: 2, unit: 'days' }, fix: { amount: 15, unit: 'days' } } };
    expect(firstError(repairTargetsForm, good)).toBeNull();
    for (const amount of [0, 1.5, 121, -1])
      expect(firstError(repairTargetsForm, { ...good, high: { ...good.high, fix: { amount, unit: 'days' } } })).toMatch(/whole number/);
    expect(firstError(repairTargetsForm, { ...good, high: { ...good.high, respond: { amount: 201, unit: 'hours' } } })).toMatch(
      /200 working hours/,
    );
    expect(readTargets(JSON.stringify(good)).low.fix.amount).toBe(15);
    expect(readTargets('not json')).toEqual(DEFAULT_TARGETS);
    expect(readTargets(JSON.stringify({ high: 1 }))).toEqual(DEFAULT_TARGETS);
    expect(targetText({ amount: 1, unit: 'days' })).toBe('1 working day');
    expect(targetText({ amount: 4, unit: 'hours' })).toBe('4 working hours');
  });
});
