/**
 * The reporter files a report (faculty only, docs/product.md), edits or deletes it while pending; a saved
 * inspection files one too.
 */
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import { REPAIR_ACTIONS, repairReportForm, wrongRepairStateMessage, type Priority } from '../../../core/repairs/rules';
import type { RepairReportDto, RepairReportInput } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { placeRoom } from '../locations';
import { stampDeadlines } from './deadlines';
import { about, move, reload, rowOf } from './move';
import { insertReport } from './newReport';
import { assertFaculty } from './reporter';

function checkReportForm(input: RepairReportInput) {
  const problem = firstError(repairReportForm, input);
  if (problem) throw badRequest(problem);
  return {
    building: input.building.trim(),
    room: input.room.trim(),
    issue_description: input.issueDescription.trim(),
    priority: input.priority,
    // Left empty: any time suits the reporter.
    day: input.day || null,
    time_start: input.timeStart || null,
    time_end: input.timeEnd || null,
  };
}

export async function createReport(ctx: Ctx, me: Account, input: RepairReportInput): Promise<RepairReportDto> {
  assertFaculty(me);
  const fields = checkReportForm(input);
  const id = await ctx.db.transaction().execute((trx) => insertPendingReport(ctx, trx, me, fields));
  ctx.activity.officeAlert(say.officeRepairReported(me.full_name, { id, ...fields }, fields.issue_description), {
    type: 'repair_report',
    id,
  })();
  return reload(ctx, id);
}

/** Only the reporter, only while pending (docs/product.md). */
export async function editReport(ctx: Ctx, me: Account, id: number, input: RepairReportInput): Promise<RepairReportDto> {
  assertFaculty(me);
  const fields = checkReportForm(input);
  await ctx.db.transaction().execute(async (trx) => {
    const room_id = await placeRoom(ctx, trx, me, fields.building, fields.room);
    const { before, after } = await move(trx, id, 'edit', { ...fields, room_id }, { party: { reporterId: me.id } });
    if (before.priority !== after.priority) await stampDeadlines(ctx, trx, id, after.created_at, after.priority as Priority);
    await ctx.activity.record(about(me, after), say.repairEdited(me.full_name, after), trx);
  });
  return reload(ctx, id);
}

/** Only the reporter, only while pending; the row goes, its history stays in the feed. */
export async function deleteReport(ctx: Ctx, me: Account, id: number): Promise<void> {
  assertFaculty(me);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    if (!row || row.reporter_id !== me.id) throw notFound(MSG.repairNotFound);
    const { numDeletedRows } = await trx
      .deleteFrom('repair_reports')
      .where('id', '=', id)
      .where('reporter_id', '=', me.id)
      .where('status', 'in', [...REPAIR_ACTIONS.delete.from])
      .executeTakeFirstOrThrow();
    if (Number(numDeletedRows) === 0) {
      const now = await rowOf(trx, id);
      if (!now) throw notFound(MSG.repairNotFound);
      throw conflict(wrongRepairStateMessage('delete', now.status), 'wrong_state');
    }
    await ctx.activity.record(about(me, row), say.repairDeleted(me.full_name, row), trx);
  });
}

/**
 * A pending repair report for a particular an inspection found with a problem, in the caller's transaction
 * (the inspection is saved in the same one). The admin who saved it is its reporter; it waits on the
 * maintenance-repairs board, ready to assign, like any report, with no preferred day or time.
 */
export async function createReportFromInspection(
  ctx: Ctx,
  trx: Db,
  admin: Account,
  input: { building: string; room: string; issue: string; priority: Priority },
): Promise<number> {
  const fields = { building: input.building, room: input.room, issue_description: input.issue, priority: input.priority };
  return insertPendingReport(ctx, trx, admin, { ...fields, day: null, time_start: null, time_end: null });
}

type NewReport = Omit<ReturnType<typeof checkReportForm>, 'day' | 'time_start' | 'time_end'> & {
  [K in 'day' | 'time_start' | 'time_end']: ReturnType<typeof checkReportForm>[K] | null;
};

/**
 * A new pending report by `reporter`, and its feed entry, in the caller's transaction; its typed place names a
 * room, suggested when not on the list (docs/decisions/locations.md, Suggested rooms).
 */
async function insertPendingReport(ctx: Ctx, trx: Db, reporter: Account, fields: NewReport): Promise<number> {
  const room_id = await placeRoom(ctx, trx, reporter, fields.building, fields.room);
  const id = await insertReport(ctx, trx, { ...fields, room_id, reporter_id: reporter.id });
  await ctx.activity.record(
    about(reporter, { id, reporter_id: reporter.id }),
    say.repairReported(reporter.full_name, { id, ...fields }, fields.priority),
    trx,
  );
  return id;
}
