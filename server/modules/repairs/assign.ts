/**
 * The office assigns a report and edits any report (docs/product.md, docs/decisions/repairs-lifecycle.md): the
 * person, the status, the scheduled slot, the estimate and notes; completing it on the way is a completion.
 */
import type { Updateable } from 'kysely';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import { assignmentForm, toCentavos, type RepairStatus } from '../../../core/repairs/rules';
import type { AssignmentInput, RepairReportDto } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Account, RepairReportsTable } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { findAccount } from '../accounts';
import { checkCompletion, recordCompletion } from './completion';
import { about, move, now, reload, rowOf, today, type Row } from './move';
import { slotChanges } from './slot';
import { sendAll, tellAssignee, tellReporter, whenOf } from './tell';

async function checkAssignment(ctx: Ctx, input: AssignmentInput, defaultStatus: RepairStatus | null) {
  const values = {
    status: input.status ?? defaultStatus ?? undefined,
    assignedTo: input.assignedTo,
    estimatedCost: input.estimatedCost,
    day: input.day,
    timeStart: input.timeStart || null,
    timeEnd: input.timeEnd || null,
    adminNotes: input.adminNotes.trim(),
  };
  const completion = { workDescription: input.workDescription, actualCost: input.actualCost };
  const problem = firstError(assignmentForm, values);
  if (problem) throw badRequest(problem);
  const person = await findAccount(ctx.db, values.assignedTo!);
  if (!person || person.role !== 'personnel' || person.status !== 'accepted') throw badRequest(MSG.notPersonnelAccount);
  return { ...values, status: values.status!, person, completion };
}

/** Fields an assignment writes; a status change stamps its time (and completion its campus day) once. */
function assignmentChanges(ctx: Ctx, v: Awaited<ReturnType<typeof checkAssignment>>, row: Row & object) {
  const at = now();
  const changes: Updateable<RepairReportsTable> = {
    status: v.status,
    assigned_to: v.person.id,
    admin_notes: v.adminNotes,
    estimated_cost_cents: v.estimatedCost === null ? null : toCentavos(v.estimatedCost),
  };
  Object.assign(changes, slotChanges(row, v)); // the scheduled slot; the reporter's preference stays as asked
  if (row.assigned_to !== v.person.id || !row.assigned_at) changes.assigned_at = at;
  if (v.status === 'in-progress' && !row.started_at) changes.started_at = at;
  if (v.status === 'completed') Object.assign(changes, checkCompletion(row, v.completion));
  if (v.status === 'completed' && !row.completed_at) Object.assign(changes, { completed_at: at, date_completed: today(ctx) });
  // Completed by the office: nothing waits any more (docs/decisions/repair-deadlines.md).
  if (v.status === 'completed') Object.assign(changes, { held_at: null, hold_reason: null });
  return changes;
}

/** Assign a pending report (docs/product.md, docs/decisions/repairs-lifecycle.md): scheduled unless the administrator chose another status. */
export async function assignReport(ctx: Ctx, admin: Account, id: number, input: AssignmentInput): Promise<RepairReportDto> {
  const v = await checkAssignment(ctx, input, 'scheduled');
  const send = await ctx.db.transaction().execute(async (trx) => {
    const current = await rowOf(trx, id);
    if (!current) throw notFound(MSG.repairNotFound);
    const { before, after } = await move(trx, id, 'assign', assignmentChanges(ctx, v, current));
    await ctx.activity.record(about(admin, after), say.taskAssigned(admin.full_name, after, v.person.full_name, whenOf(ctx, after)), trx);
    await recordCompletion(ctx, trx, admin, before, after);
    return sendAll([await tellAssignee(ctx, trx, before, after), await tellReporter(ctx, trx, before, after)]);
  });
  send();
  return reload(ctx, id);
}

/**
 * Edit any report (docs/product.md): guarded by the status and the last change the administrator's form was
 * built on, so an edit never silently undoes the personnel's move made meanwhile (one of the two wins).
 */
export async function updateReport(ctx: Ctx, admin: Account, id: number, input: AssignmentInput): Promise<RepairReportDto> {
  const current = await rowOf(ctx.db, id);
  if (!current) throw notFound(MSG.repairNotFound);
  const v = await checkAssignment(ctx, input, current.status as RepairStatus);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await move(trx, id, 'update', assignmentChanges(ctx, v, current), {
      expect: { status: current.status, updatedAt: current.updated_at },
    });
    if (!(await recordCompletion(ctx, trx, admin, before, after)))
      await ctx.activity.record(
        about(admin, after),
        say.scheduleUpdated(admin.full_name, after, after.status as RepairStatus, v.person.full_name),
        trx,
      );
    return sendAll([await tellAssignee(ctx, trx, before, after), await tellReporter(ctx, trx, before, after)]);
  });
  send();
  return reload(ctx, id);
}
