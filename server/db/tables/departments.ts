/** The departments list (the departments module, migration 055). */
import type { Generated, Selectable } from 'kysely';

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  /** Unique, in capitals: CENG. */
  code: string;
  /** When an administrator archived it; null while it is offered. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DepartmentTables {
  departments: DepartmentsTable;
}

export type DepartmentRow = Selectable<DepartmentsTable>;
