/**
 * A person's department as the forms choose it (docs/decisions/departments.md): one from the departments list, or
 * none. An unknown one is refused, and an archived one too unless the person already has it.
 */
import { departmentChoiceProblem } from '../../../core/departments/rules';
import { DEPT } from '../../../core/departments/words';
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import { departmentRef } from '../departments';

/** The department to keep for the person (undefined: leave theirs as it is), or a 400 saying why it cannot be chosen. */
export async function checkedDepartment(db: Db, chosen: number | null | undefined, current: number | null = null) {
  if (chosen === undefined) return undefined;
  const problem = departmentChoiceProblem(chosen, chosen === null ? undefined : await departmentRef(db, chosen), current);
  if (problem) throw badRequest(problem, 'invalid_input');
  return chosen;
}

/** A registration's multipart field: plain digits, or empty for none; anything else is no department on the list. */
export function departmentOfField(value: string | undefined): number | null {
  const typed = (value ?? '').trim();
  if (!typed) return null;
  if (!/^[1-9][0-9]{0,9}$/.test(typed) || Number(typed) > 2147483647) throw badRequest(DEPT.unknownChoice);
  return Number(typed);
}
