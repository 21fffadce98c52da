import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { MSG } from '../../core/messages';
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

  it('the assign form: a status and personnel, both times or neither', () => {
    const ok = { status: 'scheduled', assignedTo: 3, estimatedCost: null, day: null, timeStart: null, timeEnd: null, adminNotes: '' };
    expect(firstError(assignmentForm, ok)).toBeNull();
    expect(firstError(assignmentForm, { ...ok, assignedTo: undefined })).toBe(MSG.assignStatusAndPersonnel);
    expect(firstError(assignmentForm, { ...ok, timeStart: '09:00' })).toBe(MSG.repairBothTimes);
    expect(firstError(assignmentForm, { ...ok, timeStart: '09:00', timeEnd: '08:00' })).toBe(MSG.repairEndBeforeStart);
    expect(firstError(assignmentForm, { ...ok, estimatedCost: 1.001 })).toBe(MSG.costInvalid('Estimated cost'));
  });
});
