/**
 * One report as the API shows it: the report with the reporter's and the assignee's names and the room's code
 * (read-only joins for display), written as its DTO; and the reports alone, which the lists filter, count and order.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Weekday } from '../../../core/time';
import { MSG } from '../../../core/messages';
import { fromCentavos, repairCode, type Priority, type RepairStatus } from '../../../core/repairs/rules';
import { requestCode } from '../../../core/borrowing/rules';
import type { DamageDto, RepairReportDto } from '../../../core/repairs/schemas';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { scheduledSlot } from './slot';
import { officeNameColumn, reporterNameOf } from './reporter';

/** Reports with the reporter's and the assignee's names and the room's code and name (read-only joins for display). */
export const reportsTable = (db: Db) =>
  db
    .selectFrom('repair_reports as rr')
    .leftJoin('accounts as rep', 'rep.id', 'rr.reporter_id')
    .leftJoin('accounts as asg', 'asg.id', 'rr.assigned_to')
    .leftJoin('rooms as rm', 'rm.id', 'rr.room_id')
    .leftJoin('accounts as bor', 'bor.id', 'rr.damage_borrower_id');
type NamedReports = ReturnType<typeof reportsTable>;
/** The reports alone: what lists filter, count and order. */
export const reports = (db: Db) => db.selectFrom('repair_reports as rr');
export type ReportFilter = ReturnType<typeof reports>;
export type ReportEb = ExpressionBuilder<DB & { rr: DB['repair_reports'] }, 'rr'>;

const reportRows = (q: NamedReports) =>
  q
    .selectAll('rr')
    .select([
      'rep.full_name as reporter_name',
      'asg.full_name as assigned_name',
      'asg.job_type as assigned_job_type',
      'rm.code as room_code',
      'bor.full_name as borrower_name',
      officeNameColumn,
      (eb) =>
        eb
          .selectFrom('repair_followers as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.report_id', '=', 'rr.id')
          .as('followers'),
    ]);
export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>;

const proofUrl = (id: number, which: 'proof' | 'start-proof', path: string | null) => (path ? `/api/repairs/${id}/${which}` : null);

export function toRepairDto(r: ReportRow): RepairReportDto {
  return {
    id: r.id,
    code: repairCode(r.id),
    status: r.status as RepairStatus,
    priority: r.priority as Priority,
    building: r.building,
    room: r.room,
    issueDescription: r.issue_description,
    reporterId: r.reporter_id,
    reporterName: reporterNameOf(r),
    day: r.day as Weekday | null,
    timeStart: r.time_start,
    timeEnd: r.time_end,
    scheduled: scheduledSlot(r),
    dateReported: r.created_at,
    assignedTo: r.assigned_to,
    assignedName: r.assigned_to === null ? null : (r.assigned_name ?? MSG.deletedUser),
    assignedJobType: r.assigned_job_type ?? null,
    dateScheduled: r.assigned_at,
    startedAt: r.started_at,
    completedAt: r.completed_at,
    dateCompleted: r.date_completed,
    adminNotes: r.admin_notes,
    personnelNotes: r.personnel_notes,
    workDescription: r.work_description,
    estimatedCost: fromCentavos(r.estimated_cost_cents),
    actualCost: fromCentavos(r.actual_cost_cents),
    proofUrl: proofUrl(r.id, 'proof', r.proof_path ?? r.start_proof_path),
    startProofUrl: proofUrl(r.id, 'start-proof', r.start_proof_path),
    completionProofUrl: proofUrl(r.id, 'proof', r.proof_path),
    issuePhotoUrl: r.issue_photo_path ? `/api/repairs/${r.id}/photo` : null,
    rating: r.rating,
    ratingComment: r.rating_comment,
    ratedAt: r.rated_at,
    roomId: r.room_id,
    roomCode: r.room_id === null ? null : (r.room_code ?? null),
    followers: Number(r.followers ?? 0),
    respondBy: r.respond_by,
    respondSoon: r.respond_soon,
    fixBy: r.fix_by,
    fixSoon: r.fix_soon,
    onHold: r.held_at ? { since: r.held_at, reason: r.hold_reason ?? '' } : null,
    damage: damageOf(r),
  };
}

function damageOf(r: ReportRow): DamageDto | null {
  if (r.damage_item_name === null) return null;
  return {
    requestId: r.damage_request_id,
    requestCode: r.damage_request_id === null ? null : requestCode(r.damage_request_id),
    itemId: r.damage_item_id,
    itemName: r.damage_item_name,
    unitTag: r.damage_tag,
    quantity: r.damage_quantity ?? 1,
    borrowerId: r.damage_borrower_id,
    borrowerName: r.borrower_name ?? MSG.deletedUser,
    photoUrl: r.damage_photo_path ? `/api/repairs/${r.id}/damage-photo` : null,
    suggestedTrade: r.suggested_trade,
    outcome: (r.damage_outcome as DamageDto['outcome']) ?? null,
  };
}

/** The page's reports in the list's order, with their names. */
export async function namedPage(db: Db, page: ReportFilter): Promise<ReportRow[]> {
  return namedRows(
    db,
    (await page.select('rr.id').execute()).map((r) => r.id),
  );
}

/** Reports by id, in the order given, with their names. */
export async function namedRows(db: Db, ids: number[]): Promise<ReportRow[]> {
  if (!ids.length) return [];
  const rows = new Map((await reportRows(reportsTable(db).where('rr.id', 'in', ids)).execute()).map((r) => [r.id, r]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

export async function findRepair(db: Db, id: number): Promise<RepairReportDto | null> {
  const row = await reportRows(reportsTable(db).where('rr.id', '=', id)).executeTakeFirst();
  return row ? toRepairDto(row) : null;
}

/** Who may see a report and its photos: its reporter, the person assigned to it, and administrators. */
export const repairAccess = (db: Db, id: number) =>
  db
    .selectFrom('repair_reports')
    .select(['reporter_id', 'assigned_to', 'proof_path', 'start_proof_path', 'damage_photo_path', 'work_description'])
    .where('id', '=', id)
    .executeTakeFirst();
