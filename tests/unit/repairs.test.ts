import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { MSG } from '../../core/messages';
import { datedWhenText } from '../../core/repairs/notices';
import {
  assignmentForm,
  canDoRepair,
  isPesoAmount,
  nextRepairStatus,
  parseRepairCode,
  repairReportForm,
  wrongRepairStateMessage,
} from '../../core/repairs/rules';

/** The repair rules shared by the server and the browser (core/repairs/rules.ts). */
describe('repair rules', () => {
  it('the lifecycle table (docs/decisions/repairs-lifecycle.md)', () => {
    expect(canDoRepair('edit', 'pending')).toBe(true);
    expect(canDoRepair('edit', 'scheduled')).toBe(false);
    expect(canDoRepair('assign', 'pending')).toBe(true);
    expect(canDoRepair('assign', 'scheduled')).toBe(false);
    expect(canDoRepair('start', 'scheduled')).toBe(true);
    expect(canDoRepair('start', 'pending')).toBe(true);
    expect(canDoRepair('start', 'in-progress')).toBe(false);
    expect(canDoRepair('complete', 'in-progress')).toBe(true);
    expect(canDoRepair('complete', 'scheduled')).toBe(false);
    expect(canDoRepair('rate', 'completed')).toBe(true);
    expect(['pending', 'scheduled', 'in-progress', 'completed'].map(nextRepairStatus)).toEqual([
      'in-progress',
      'in-progress',
      'completed',
      null,
    ]);
    expect(wrongRepairStateMessage('complete', 'scheduled')).toBe(
      'Only in progress reports can be marked as completed; this report is scheduled.',
    );
  });

  it('report codes and pesos', () => {
    expect(['RPR-12', 'rpr 12', '#12', '12', 'REQ-12'].map(parseRepairCode)).toEqual([12, 12, 12, 12, null]);
    expect([0, 10, 10.5, 10.55, 10_000_000].every(isPesoAmount)).toBe(true);
    expect([-0.01, 10.555, Number.NaN, Infinity, 10_000_000.01].some(isPesoAmount)).toBe(false);
  });

  it('the report form: everything required first, then the values, the end after the start', () => {
    const ok = {
      building: 'A',
      room: '1',
      priority: 'medium',
      day: 'Monday',
      timeStart: '08:00',
      timeEnd: '09:30',
      issueDescription: 'Leak',
    };
    expect(firstError(repairReportForm, ok)).toBeNull();
    expect(firstError(repairReportForm, { ...ok, room: ' ', timeEnd: '07:00' })).toBe(MSG.repairMissingInformation);
    expect(firstError(repairReportForm, { ...ok, timeEnd: '07:00' })).toBe(MSG.repairEndBeforeStart);
    expect(firstError(repairReportForm, { ...ok, timeStart: '8:00' })).toBe(MSG.repairInvalidTime);
  });

  it('a notice names the day with its date, in the campus format', () => {
    // 2026-11-28 is a Saturday: the next Monday is Nov 30; a Saturday is that same day.
    expect(datedWhenText('Monday', '09:00', '11:00', '2026-11-28')).toBe('Monday, Nov 30, 2026, 09:00-11:00');
    expect(datedWhenText('Saturday', null, null, '2026-11-28')).toBe('Saturday, Nov 28, 2026');
    expect(datedWhenText('Friday', null, null, '2026-12-30')).toBe('Friday, Jan 1, 2027');
    expect(datedWhenText(null, null, null, '2026-11-28')).toBe('');
  });

  it('the report form: the preferred day and times are optional (any time), but both times or neither', () => {
    const leak = { building: 'A', room: '1', priority: 'medium', day: '', timeStart: '', timeEnd: '', issueDescription: 'Leak' };
    expect(firstError(repairReportForm, leak)).toBeNull();
    expect(firstError(repairReportForm, { ...leak, day: 'Friday' })).toBeNull();
    expect(firstError(repairReportForm, { ...leak, timeStart: '08:00' })).toBe(MSG.repairBothTimes);
    expect(firstError(repairReportForm, { ...leak, day: 'Someday' })).toBe(MSG.repairInvalidDay);
  });

  it('the assign form: a status and personnel, both times or neither', () => {
    const ok = { status: 'scheduled', assignedTo: 3, estimatedCost: null, day: null, timeStart: null, timeEnd: null, adminNotes: '' };
    expect(firstError(assignmentForm, ok)).toBeNull();
    expect(firstError(assignmentForm, { ...ok, assignedTo: undefined })).toBe(MSG.assignStatusAndPersonnel);
    expect(firstError(assignmentForm, { ...ok, timeStart: '09:00' })).toBe(MSG.repairBothTimes);
    expect(firstError(assignmentForm, { ...ok, timeStart: '09:00', timeEnd: '08:00' })).toBe(MSG.repairEndBeforeStart);
    expect(firstError(assignmentForm, { ...ok, estimatedCost: 1.001 })).toBe(MSG.costInvalid('Estimated cost'));
  });
});
