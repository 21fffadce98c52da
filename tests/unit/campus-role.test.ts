import { describe, expect, it } from 'vitest';
import { campusRole, type RoleRules } from '../../core/auth/campus';

/** docs/decisions/campus-sign-in.md: the groups claim first, then the email rules, faculty before student; else none. */
describe('campus sign-in roles', () => {
  const rules: RoleRules = {
    roleClaim: 'groups',
    facultyGroups: ['faculty'],
    studentGroups: ['students'],
    facultyEmails: [{ domain: 'faculty.campus.edu' }],
    studentEmails: [{ domain: 'students.campus.edu' }, { pattern: /^\d{8}@campus\.edu$/i }],
  };

  it('reads the groups claim, a list or one text, faculty first', () => {
    expect(campusRole({ groups: ['Students', 'Faculty'] }, 'x@campus.edu', rules)).toBe('faculty');
    expect(campusRole({ groups: 'students' }, 'x@campus.edu', rules)).toBe('student');
    expect(campusRole({ groups: ['staff'] }, 'x@campus.edu', rules)).toBeNull();
  });

  it('then the email: a domain (exactly, not a look-alike) or a pattern', () => {
    expect(campusRole({}, 'a@faculty.campus.edu', rules)).toBe('faculty');
    expect(campusRole({}, 'b@students.campus.edu', rules)).toBe('student');
    expect(campusRole({}, '20231234@campus.edu', rules)).toBe('student');
    expect(campusRole({}, 'b@evilstudents.campus.edu', rules)).toBeNull();
    expect(campusRole({}, '2023123@campus.edu', rules)).toBeNull();
  });

  it('ignores the claim when no claim is set', () => {
    expect(campusRole({ groups: ['faculty'] }, 'x@campus.edu', { ...rules, roleClaim: null })).toBeNull();
  });
});
