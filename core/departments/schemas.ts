/** The departments API contract (docs/decisions/departments.md). */
import { z } from 'zod';
import { id, idParam, isoTime, line, messageResult } from '../common/schemas';

const departmentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Short, in capitals, unique: CENG. */
    code: z.string(),
    /** Archived: not offered for new choices; people who have it keep it. */
    archived: z.boolean(),
    archivedAt: isoTime.nullable(),
  })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof departmentSchema>;

/** Every department, active ones first, each by name. */
export const departmentList = z.object({ items: z.array(departmentSchema) });
export type DepartmentList = z.infer<typeof departmentList>;

/** A department offered on the registration and profile forms. */
const departmentChoice = z.object({ id: z.number().int(), name: z.string(), code: z.string(), archived: z.boolean() });
export type DepartmentChoice = z.infer<typeof departmentChoice>;
export const departmentChoices = z.object({ items: z.array(departmentChoice) });
export type DepartmentChoices = z.infer<typeof departmentChoices>;
/** `keep`: the department a person already has, listed even when archived (their form shows it). */
export const departmentChoicesQuery = z.object({ keep: idParam.optional() });

export const departmentBody = z.object({ name: line().max(500), code: line().max(100) });
export type DepartmentBody = z.infer<typeof departmentBody>;
export const archiveBody = z.object({ archived: z.boolean() });

export const departmentResult = messageResult.extend({ department: departmentSchema });
export type DepartmentResult = z.infer<typeof departmentResult>;

/** A person's department as the account forms send it: an id, or null for none. */
export const departmentField = id.nullable();
