/** Reads of personnel designations. */
import type { DesignationList } from '../../../core/designations/schemas';
import type { Db } from '../../db/database';
import { personnelAccounts } from '../accounts';

/** Accepted personnel by name, each with their designations (oldest first); `only` narrows to one person. */
export async function designationList(db: Db, only?: number): Promise<DesignationList> {
  const people = (await personnelAccounts(db)).filter((p) => only === undefined || p.id === only);
  if (people.length === 0) return { personnel: [] };
  const rows = await db
    .selectFrom('designations')
    .select(['id', 'personnel_id', 'designation'])
    .where(
      'personnel_id',
      'in',
      people.map((p) => p.id),
    )
    .orderBy('personnel_id')
    .orderBy('id')
    .execute();
  return {
    personnel: people.map((p) => ({
      userId: p.id,
      fullName: p.full_name,
      jobType: p.job_type,
      designations: rows.filter((r) => r.personnel_id === p.id).map((r) => ({ id: r.id, designation: r.designation })),
    })),
  };
}

export const findDesignation = (db: Db, id: number) => db.selectFrom('designations').selectAll().where('id', '=', id).executeTakeFirst();
