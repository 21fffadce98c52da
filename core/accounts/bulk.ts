/**
 * Accounts from the registrar (docs/decisions/registrar-accounts.md): the students and faculty another system sends
 * in bulk, each row checked with Add User's field rules and the department as an import's cell names it, every
 * row's problems answered together; and the leavers it deactivates by email.
 */
import * as z from 'zod/mini';
import { fieldErrors } from '../common/forms';
import { departmentOfCell, type DepartmentRef } from '../departments/rules';
import { plural } from '../format';
import { userFields } from './forms';

/** The most rows one call takes: a term's intake fits, and one transaction stays short. */
export const BULK_MAX = 5000;
export const BULK_ROLES = ['student', 'faculty'] as const;
export type BulkRole = (typeof BULK_ROLES)[number];

export const BULK_MSG = {
  roleInvalid: 'Role must be student or faculty',
  emailTwice: (row: number) => `This email is also on row ${row}: each person once per call.`,
  notStudentOrFaculty: (role: string) => `This email belongs to a ${role} account: the registrar can only send students and faculty.`,
  tooMany: `At most ${BULK_MAX.toLocaleString('en-US')} accounts per call: send the rest in another.`,
  rowsInvalid: (n: number) =>
    `${plural(n, 'row')} ${n === 1 ? 'has' : 'have'} problems: nothing was saved. Each row's problems are listed.`,
  noneGiven: 'Send at least one account.',
};

/** One row: Add User's fields (name, email, contact number), the role, and a department by code or name. */
export const bulkRowForm = z.object({
  role: z.enum(BULK_ROLES, { error: BULK_MSG.roleInvalid }),
  ...userFields,
});

export interface BulkRowInput {
  role?: unknown;
  fullName?: unknown;
  email?: unknown;
  contactNumber?: unknown;
  department?: string | null;
}

export interface CheckedRow {
  role: BulkRole;
  fullName: string;
  email: string;
  contactNumber: string;
  departmentId: number | null;
}

export interface RowProblem {
  /** The row's place in the list, from 1. */
  row: number;
  email: string | null;
  errors: string[];
}

/**
 * Every row checked on its own (each field's first problem, in the form's order) and against the others (an email
 * twice); answers the rows as they will be kept, or every problem.
 */
export function checkBulkRows(
  rows: readonly BulkRowInput[],
  departments: readonly DepartmentRef[],
): { rows: CheckedRow[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const checked: CheckedRow[] = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((input, i) => {
    const row = i + 1;
    const errors = Object.values(fieldErrors(bulkRowForm, input));
    const department = departmentOfCell(input.department ?? undefined, departments);
    if (department.error) errors.push(department.error);
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    const earlier = email ? firstRowOf.get(email) : undefined;
    if (earlier !== undefined) errors.push(BULK_MSG.emailTwice(earlier));
    else if (email) firstRowOf.set(email, row);
    if (errors.length) {
      problems.push({ row, email: email || null, errors });
      return;
    }
    const form = bulkRowForm.parse(input);
    checked.push({ ...form, email, departmentId: department.department?.id ?? null });
  });
  return { rows: checked, problems };
}
