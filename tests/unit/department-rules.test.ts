import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { departmentChoiceProblem, departmentForm, departmentOfCell, type DepartmentRef } from '../../core/departments/rules';
import { DEPT } from '../../core/departments/words';

const CENG: DepartmentRef = { id: 1, name: 'College of Engineering', code: 'CENG', archived: false };
const OLD: DepartmentRef = { id: 2, name: 'Old Institute', code: 'OLD', archived: true };

describe('a department as typed', () => {
  it('keeps the name trimmed with single spaces and the code in capitals', () => {
    expect(departmentForm.parse({ name: '  College  of Law ', code: ' claw ' })).toEqual({ name: 'College of Law', code: 'CLAW' });
  });
  it('refuses an empty name or code, and a code that is not 2 to 10 capitals or digits starting with a letter', () => {
    expect(firstError(departmentForm, { name: ' ', code: 'AB' })).toBe(DEPT.nameRequired);
    expect(firstError(departmentForm, { name: 'A', code: ' ' })).toBe(DEPT.codeRequired);
    for (const code of ['A', '1AB', 'AB CD', 'ABCDEFGHIJK', 'ÄB'])
      expect(firstError(departmentForm, { name: 'A', code }), code).not.toBeNull();
    for (const code of ['AB', 'CENG', 'COE-2', 'ABCDEFGHIJ']) expect(firstError(departmentForm, { name: 'A', code }), code).toBeNull();
  });
});

describe('choosing a department', () => {
  it('allows none, or an active one', () => {
    expect(departmentChoiceProblem(null, undefined, null)).toBeNull();
    expect(departmentChoiceProblem(1, CENG, null)).toBeNull();
  });
  it('refuses an unknown one, and an archived one unless the person already has it', () => {
    expect(departmentChoiceProblem(9, undefined, null)).toBe(DEPT.unknownChoice);
    expect(departmentChoiceProblem(2, OLD, null)).toBe(DEPT.archivedChoice('Old Institute'));
    expect(departmentChoiceProblem(2, OLD, 1)).toBe(DEPT.archivedChoice('Old Institute'));
    expect(departmentChoiceProblem(2, OLD, 2)).toBeNull();
  });
});

describe('an import’s department cell', () => {
  const list = [CENG, OLD];
  it('matches a code or a name without regard to case; an empty cell is none', () => {
    expect(departmentOfCell('ceng', list)).toEqual({ department: CENG, error: null });
    expect(departmentOfCell(' college of  ENGINEERING ', list)).toEqual({ department: CENG, error: null });
    expect(departmentOfCell('', list)).toEqual({ department: null, error: null });
    expect(departmentOfCell(undefined, list)).toEqual({ department: null, error: null });
  });
  it('says why an unknown or archived one cannot be used', () => {
    expect(departmentOfCell('Nursing', list)).toEqual({ department: null, error: DEPT.importUnknown('Nursing') });
    expect(departmentOfCell('old', list)).toEqual({ department: null, error: DEPT.importArchived('Old Institute') });
  });
});
