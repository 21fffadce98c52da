/**
 * Every change to the departments list (docs/decisions/departments.md): administrators add, rename, recode, archive
 * and restore. The code is unique (in capitals) and the name unique without regard to case: taken ones are refused
 * with 409 before the write, and when two writes race the unique indexes decide. Each write is one transaction with
 * its activity entry. Departments are never deleted: accounts and requests keep the one they name.
 */
import { sql } from 'kysely';
import { firstError } from '../../../core/common/forms';
import { departmentForm } from '../../../core/departments/rules';
import type { Department, DepartmentBody } from '../../../core/departments/schemas';
import { DEPT } from '../../../core/departments/words';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { findDepartment, toDepartment } from './queries';

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error).message));

function checked(body: DepartmentBody): { name: string; code: string } {
  const problem = firstError(departmentForm, body);
  if (problem) throw badRequest(problem);
  return departmentForm.parse(body);
}

/** Refuses a code or a name another department than `ownId` has. */
async function refuseTaken(db: Db, f: { name: string; code: string }, ownId: number | null): Promise<void> {
  const others = await db
    .selectFrom('departments')
    .select(['id', 'code', 'name'])
    .where((eb) => eb.or([eb('code', '=', f.code), eb(sql`lower(name)`, '=', f.name.toLowerCase())]))
    .execute();
  const other = others.find((d) => d.id !== ownId);
  if (!other) return;
  throw conflict(other.code === f.code ? DEPT.codeTaken(f.code) : DEPT.nameTaken(other.name));
}

/** A unique index's refusal of a race, said as the check before it would have. */
function raced(err: unknown, f: { name: string; code: string }): never {
  if (isUniqueViolation(err))
    throw conflict(/code/i.test(String((err as Error).message)) ? DEPT.codeTaken(f.code) : DEPT.nameTaken(f.name));
  throw err;
}

export async function addDepartment(ctx: Ctx, admin: Account, body: DepartmentBody): Promise<Department> {
  const f = checked(body);
  await refuseTaken(ctx.db, f, null);
  const at = new Date().toISOString();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('departments')
        .values({ name: f.name, code: f.code, archived_at: null, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.activity.record(
        { actorId: admin.id, subjectId: null, entity: null },
        { actionType: 'department_added', description: `${admin.full_name} added the department ${f.name} (${f.code})` },
        trx,
      );
      return toDepartment(row);
    });
  } catch (err) {
    raced(err, f);
  }
}

export async function updateDepartment(ctx: Ctx, admin: Account, id: number, body: DepartmentBody): Promise<Department> {
  const f = checked(body);
  const before = await findDepartment(ctx.db, id);
  if (!before) throw notFound(DEPT.notFound);
  await refuseTaken(ctx.db, f, id);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('departments')
        .set({ name: f.name, code: f.code, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(DEPT.notFound);
      await ctx.activity.record(
        { actorId: admin.id, subjectId: null, entity: null },
        {
          actionType: 'department_updated',
          description: `${admin.full_name} changed the department ${before.name} (${before.code}) to ${f.name} (${f.code})`,
        },
        trx,
      );
      return toDepartment(row);
    });
  } catch (err) {
    raced(err, f);
  }
}

/** Archives (no longer offered; people and requests keep it) or restores a department. Doing it twice changes nothing. */
export async function archiveDepartment(ctx: Ctx, admin: Account, id: number, archived: boolean): Promise<Department> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .updateTable('departments')
      .set({ archived_at: archived ? sql<string>`coalesce(archived_at, ${now})` : null, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(DEPT.notFound);
    await ctx.activity.record(
      { actorId: admin.id, subjectId: null, entity: null },
      {
        actionType: archived ? 'department_archived' : 'department_restored',
        description: `${admin.full_name} ${archived ? 'archived' : 'restored'} the department ${row.name} (${row.code})`,
      },
      trx,
    );
    return toDepartment(row);
  });
}
