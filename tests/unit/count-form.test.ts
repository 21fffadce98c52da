import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { COUNT_MSG, COUNT_NAME_MAX, COUNT_SCREEN, startCountForm, startCountProblem } from '../../core/inventory/counts';

/** Start count's checks in the browser are the server's (docs/decisions/counts.md), in field order. */
describe('start count form', () => {
  it('asks for a valid reference first, then a name', () => {
    expect(startCountProblem({ reference: '', name: '' })).toBe(COUNT_MSG.referenceInvalid);
    expect(startCountProblem({ reference: 'bad ref!', name: 'Yearly' })).toBe(COUNT_MSG.referenceInvalid);
    expect(startCountProblem({ reference: ' cnt-2026-001 ', name: '  ' })).toBe(COUNT_MSG.nameRequired);
    expect(startCountProblem({ reference: 'CNT-1', name: 'x'.repeat(COUNT_NAME_MAX + 1) })).toBe(COUNT_MSG.nameTooLong);
    expect(startCountProblem({ reference: 'cnt-2026-001', name: 'Yearly count' })).toBeNull();
    expect(firstError(startCountForm, { reference: 'CNT 1', name: 'x' })).toBe(COUNT_MSG.referenceInvalid);
    expect(firstError(startCountForm, { reference: 'CNT-1', name: 'x' })).toBeNull();
  });

  it('says how many scans wait, one or several', () => {
    expect(COUNT_SCREEN.scansWaiting(1)).toBe('1 scan waiting');
    expect(COUNT_SCREEN.scansWaiting(3)).toBe('3 scans waiting');
    expect(COUNT_SCREEN.markLost(1)).toBe('Mark 1 unit lost');
    expect(COUNT_SCREEN.markLost(4)).toBe('Mark 4 units lost');
  });
});
