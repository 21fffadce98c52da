/** Reads of the departments list, for this module and (through index.ts) for the others. */
import { sql } from 'kysely';
import type { DepartmentRef } from '../../../core/departments/rules';
import type { Department, DepartmentChoices, DepartmentList } from '../../../core/departments/schemas';
import type { Db } from '../../db/database';
import type { DepartmentRow } from '../../db/schema';

export const toDepartment = (d: DepartmentRow): Department => ({
  id: d.id,
  name: d.name,
  code: d.code,
  archived: d.archived_at !== null,
  archivedAt: d.archived_at,
});

const refOf = (d: DepartmentRow): DepartmentRef => ({ id: d.id, name: d.name, code: d.code, archived: d.archived_at !== null });

/** Every department: active ones first, then by name. A campus keeps tens of them, never thousands. */
async function allDepartments(db: Db): Promise<DepartmentRow[]> {
  return db
    .selectFrom('departments')
    .selectAll()
    .orderBy(sql`case when archived_at is null then 0 else 1 end`)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(1000)
    .execute();
}

export async function departmentList(db: Db): Promise<DepartmentList> {
  return { items: (await allDepartments(db)).map(toDepartment) };
}

/** What the registration and profile forms offer: the active departments, and `keep` (a person's own) even when archived. */
export async function departmentChoices(db: Db, keep?: number): Promise<DepartmentChoices> {
  const rows = await allDepartments(db);
  return { items: rows.filter((d) => d.archived_at === null || d.id === keep).map(refOf) };
}

export const findDepartment = (db: Db, id: number) => db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();

/** One department as the rules see it (core/departments/rules.ts), or undefined when there is none with that id. */
export async function departmentRef(db: Db, id: number): Promise<DepartmentRef | undefined> {
  const row = await findDepartment(db, id);
  return row && refOf(row);
}

/** Every department as the rules see it: an import matches its cells against them. */
export const departmentRefs = async (db: Db): Promise<DepartmentRef[]> => (await allDepartments(db)).map(refOf);

/** The names of the departments with these ids (for reports and lists that show them). */
export async function departmentNames(db: Db, ids: readonly number[]): Promise<Map<number, { name: string; code: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name', 'code'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, code: r.code }]));
}
