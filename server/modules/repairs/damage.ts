/**
 * Repairs opened by equipment damage found when the office verifies a return (docs/decisions/return-conditions.md).
 * Borrowing opens them in its verification's transaction; when one ends, the modules that hold its equipment out
 * (borrowing's return conditions) are told through ctx.repairEnds, so this module imports none of them.
 */
import { OFFICE_REPAIR_ROOM, type RepairOutcome } from '../../../core/repairs/damage';
import * as say from '../../../core/repairs/notices';
import type { Priority } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { findRoom } from '../locations';
import { insertReport } from './newReport';

export interface DamageReport {
  requestId: number;
  itemId: number | null;
  itemName: string;
  unitId: number | null;
  tag: string | null;
  quantity: number;
  borrowerId: number | null;
  /** What was found, in words: the issue of the report. */
  issue: string;
  photoPath: string | null;
  priority: Priority;
  trade: string | null;
  /** The unit's home room; the office's counter when none. */
  homeRoomId: number | null;
  /** The office's name (site settings), the building of its counter; read before the caller's transaction. */
  officeName: string;
}

/**
 * A pending report for damaged equipment, in the caller's transaction: at the unit's home room when it has one, else
 * at the office's counter (no room on the list: the office is not a place to repair in the locations list). The
 * office reports it, so it has no reporter account: the staff member who checked the return only recorded it (the
 * feed names them), is not asked to rate it and hears nothing of its progress; the borrower is linked as the one
 * who brought it back (docs/decisions/return-conditions.md). The office assigns it as any report.
 */
export async function createDamageReport(ctx: Ctx, trx: Db, recorder: Account, d: DamageReport): Promise<number> {
  const room = d.homeRoomId === null ? null : await findRoom(trx, d.homeRoomId);
  const building = room ? room.buildingName : d.officeName;
  const roomName = room ? room.name : OFFICE_REPAIR_ROOM;
  const id = await insertReport(ctx, trx, {
    reporter_id: null,
    building,
    room: roomName,
    room_id: room ? room.id : null,
    issue_description: d.issue,
    priority: d.priority,
    day: null,
    time_start: null,
    time_end: null,
    damage_request_id: d.requestId,
    damage_item_id: d.itemId,
    damage_item_name: d.itemName,
    damage_unit_id: d.unitId,
    damage_tag: d.tag,
    damage_quantity: d.quantity,
    damage_borrower_id: d.borrowerId,
    damage_photo_path: d.photoPath,
    suggested_trade: d.trade,
  });
  await ctx.activity.record(
    { actorId: recorder.id, subjectId: null, entity: { type: 'repair_report', id } },
    say.damageRepairReported(recorder.full_name, d.officeName, { id, building, room: roomName }, d.priority),
    trx,
  );
  return id;
}

/**
 * A damage repair ended: records how, and tells the modules holding its equipment, in the ending's transaction.
 * The outcome is written only while none is (a guarded UPDATE): a report completed, reopened and completed again
 * ends once; the holders guard their own rows too.
 */
export async function endDamageRepair(
  ctx: Ctx,
  trx: Db,
  reportId: number,
  actorId: number | null,
  outcome: RepairOutcome,
  reason: string | null,
): Promise<void> {
  const done = await trx
    .updateTable('repair_reports')
    .set({ damage_outcome: outcome })
    .where('id', '=', reportId)
    .where('damage_item_name', 'is not', null)
    .where('damage_outcome', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(done.numUpdatedRows) === 0) return;
  for (const hold of ctx.repairEnds) await hold.ended(trx, reportId, actorId, outcome, reason);
}
