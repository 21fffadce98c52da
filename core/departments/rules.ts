/** The departments' rules (docs/decisions/departments.md): what a name and a code are, and which department may be chosen. */
import * as z from 'zod/mini';
import { filledIn } from '../auth/rules';
import { DEPT } from './words';

export const DEPARTMENT_NAME_MAX = 120;
export const DEPARTMENT_CODE_MAX = 10;
/** Capitals and digits, a hyphen allowed, starting with a letter: CENG, CAS, REG, COE-2. */
export const DEPARTMENT_CODE_RE = /^[A-Z][A-Z0-9-]{1,9}$/;

/** A code as typed becomes the code as kept: trimmed, in capitals ("ceng " is CENG). */
export const normalCode = (code: string) => code.trim().toUpperCase();
/** Names compare without case or surrounding spaces: "College of Arts" and "college of arts " are one name. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A department as an administrator types it: the name trimmed (inner runs of spaces made one), the code in capitals. */
export const departmentForm = z.object({
  name: filledIn(DEPT.nameRequired).check(
    z.overwrite((s) => s.replace(/\s+/g, ' ')),
    z.maxLength(DEPARTMENT_NAME_MAX, DEPT.nameTooLong(DEPARTMENT_NAME_MAX)),
  ),
  code: filledIn(DEPT.codeRequired).check(z.overwrite(normalCode), z.regex(DEPARTMENT_CODE_RE, DEPT.codeInvalid(DEPARTMENT_CODE_MAX))),
});
export type DepartmentInput = z.input<typeof departmentForm>;

export interface DepartmentRef {
  id: number;
  name: string;
  code: string;
  archived: boolean;
}

/**
 * Why a person may not be given `chosen` (null: no department, always allowed), or null when they may. An archived
 * department is not offered for new choices, but a person who already has it keeps it (`current`).
 */
export function departmentChoiceProblem(chosen: number | null, found: DepartmentRef | undefined, current: number | null): string | null {
  if (chosen === null) return null;
  if (!found) return DEPT.unknownChoice;
  if (found.archived && found.id !== current) return DEPT.archivedChoice(found.name);
  return null;
}

/**
 * The department an import's cell names, matched by code or by name without regard to case; an empty cell is no
 * department. An unknown or archived one is the row's error.
 */
export function departmentOfCell(
  cell: string | undefined,
  departments: readonly DepartmentRef[],
): { department: DepartmentRef | null; error: null } | { department: null; error: string } {
  const typed = (cell ?? '').trim();
  if (!typed) return { department: null, error: null };
  const code = normalCode(typed);
  const key = nameKey(typed);
  const found = departments.find((d) => d.code === code) ?? departments.find((d) => nameKey(d.name) === key);
  if (!found) return { department: null, error: DEPT.importUnknown(typed) };
  if (found.archived) return { department: null, error: DEPT.importArchived(found.name) };
  return { department: found, error: null };
}
