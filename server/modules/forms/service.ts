/**
 * Save Inspection: the filled checklist kept as an inspection of a building and room for a month,
 * and each particular marked with a problem made a pending repair report, through the repairs service, in the
 * same transaction, so either the inspection and all its reports are saved, or nothing is.
 */
import { MARKS, PARTICULAR_KEYS } from '../../../core/forms/checklist';
import type { ChecklistForm } from '../../../core/forms/schemas';
import { inspectionIssue, type InspectionDto, type SaveInspectionInput } from '../../../core/inspections/schemas';
import { MSG } from '../../../core/messages';
import { BUILDING_MAX, ISSUE_MAX, ROOM_MAX, type Priority } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest } from '../../errors';
import { createReportFromInspection } from '../repairs';
import { findInspection } from './queries';

type Checked = ChecklistForm & { priority: Priority };

function checked(input: SaveInspectionInput & ChecklistForm): Checked {
  const building = input.building.trim();
  const roomOffice = input.roomOffice.trim();
  const monthYear = input.monthYear.trim();
  if (!building) throw badRequest(MSG.inspectionBuildingRequired);
  if (!roomOffice) throw badRequest(MSG.inspectionRoomRequired);
  if (!monthYear) throw badRequest(MSG.inspectionMonthRequired);
  if (building.length > BUILDING_MAX) throw badRequest(MSG.repairFieldTooLong('Building', BUILDING_MAX));
  if (roomOffice.length > ROOM_MAX) throw badRequest(MSG.repairFieldTooLong('Room', ROOM_MAX));
  return {
    ...input,
    building,
    roomOffice,
    monthYear,
    campus: input.campus.trim(),
    designation: input.designation.trim(),
    priority: input.priority ?? 'medium',
  };
}

export async function saveInspection(
  ctx: Ctx,
  admin: Account,
  input: SaveInspectionInput & ChecklistForm,
): Promise<{ inspection: InspectionDto; reports: number }> {
  const form = checked(input);
  const { id, reportIds } = await ctx.db.transaction().execute((trx) => insertInspection(ctx, trx, admin, form));
  return { inspection: (await findInspection(ctx.db, id))!, reports: reportIds.length };
}

/**
 * The checklist kept as an inspection and each particular marked with a problem made a pending repair report, in
 * the caller's transaction (a maintenance plan's job done with the checklist, docs/decisions/maintenance-plans.md).
 */
export async function insertInspection(
  ctx: Ctx,
  trx: Db,
  admin: Account,
  input: SaveInspectionInput & ChecklistForm,
): Promise<{ id: number; reportIds: number[] }> {
  const form = checked(input);
  // Kept in the checklist's order, marked ones only, so the stored JSON is the form as filled.
  const particulars = Object.fromEntries(
    PARTICULAR_KEYS.flatMap((key) => {
      const p = form.particulars[key];
      return p && (p.status || p.remarks.trim()) ? [[key, { status: p.status, remarks: p.remarks.trim() }]] : [];
    }),
  );
  const problems = PARTICULAR_KEYS.filter((k) => form.particulars[k]?.status === MARKS[1]);
  const { id } = await trx
    .insertInto('inspections')
    .values({
      campus: form.campus,
      building: form.building,
      designation: form.designation,
      room: form.roomOffice,
      month_year: form.monthYear,
      priority: form.priority,
      particulars: JSON.stringify(particulars),
      repair_report_ids: '[]',
      created_by: admin.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reportIds: number[] = [];
  for (const key of problems) {
    const issue = inspectionIssue(id, form.monthYear, key, form.particulars[key]!.remarks).slice(0, ISSUE_MAX);
    reportIds.push(
      await createReportFromInspection(ctx, trx, admin, {
        building: form.building,
        room: form.roomOffice,
        issue,
        priority: form.priority,
      }),
    );
  }
  await trx
    .updateTable('inspections')
    .set({ repair_report_ids: JSON.stringify(reportIds) })
    .where('id', '=', id)
    .execute();
  return { id, reportIds };
}
