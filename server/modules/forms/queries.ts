/** Reads of saved inspections: the history per building and room, newest first, paged by the database. */
import { MSG } from '../../../core/messages';
import { inspectionCode, type InspectionDto, type InspectionList } from '../../../core/inspections/schemas';
import type { Particular } from '../../../core/forms/checklist';
import type { Priority } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Selectable } from 'kysely';
import type { InspectionsTable } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

type Row = Selectable<InspectionsTable> & { saved_by: string | null };

const withSaver = (db: Db) =>
  db.selectFrom('inspections as i').leftJoin('accounts as a', 'a.id', 'i.created_by').selectAll('i').select('a.full_name as saved_by');

function toInspectionDto(row: Row): InspectionDto {
  const particulars = JSON.parse(row.particulars) as Record<string, Particular>;
  return {
    id: row.id,
    code: inspectionCode(row.id),
    campus: row.campus,
    building: row.building,
    designation: row.designation,
    roomOffice: row.room,
    monthYear: row.month_year,
    priority: row.priority as Priority,
    particulars,
    problems: Object.values(particulars).filter((p) => p.status === 'x').length,
    repairReportIds: JSON.parse(row.repair_report_ids) as number[],
    savedBy: row.saved_by ?? MSG.deletedUser,
    createdAt: row.created_at,
  };
}

export async function findInspection(db: Db, id: number): Promise<InspectionDto | null> {
  const row = await withSaver(db).where('i.id', '=', id).executeTakeFirst();
  return row ? toInspectionDto(row) : null;
}

/** The history: every inspection, or those of one building (and room), newest first. */
export async function listInspections(
  ctx: Ctx,
  q: { page: number; pageSize: number; building?: string; room?: string },
): Promise<InspectionList> {
  let base = ctx.db.selectFrom('inspections as i');
  if (q.building) base = base.where('i.building', '=', q.building);
  if (q.room) base = base.where('i.room', '=', q.room);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('accounts as a', 'a.id', 'i.created_by')
      .selectAll('i')
      .select('a.full_name as saved_by')
      .orderBy('i.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
  ]);
  return { items: rows.map(toInspectionDto), total: Number(total.n) };
}
