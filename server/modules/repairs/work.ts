import type { Updateable } from 'kysely';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import { toCentavos, workFormOn } from '../../../core/repairs/rules';
import type { RepairReportDto, WorkInput } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Account, RepairReportsTable } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { about, move, reload, rowOf, today } from './move';

/** The Update dialog: the assigned person's notes, the actual cost, and the Date Completed of a completed report. */
export async function updateWork(ctx: Ctx, me: Account, id: number, input: WorkInput): Promise<RepairReportDto> {
  const values = { personnelNotes: input.personnelNotes.trim(), actualCost: input.actualCost };
  const problem = firstError(workFormOn(today(ctx)), { ...values, dateCompleted: input.dateCompleted });
  if (problem) throw badRequest(problem);
  await ctx.db.transaction().execute(async (trx) => {
    const changes: Updateable<RepairReportsTable> = {
      personnel_notes: values.personnelNotes,
      actual_cost_cents: values.actualCost === null ? null : toCentavos(values.actualCost),
    };
    if (input.dateCompleted) changes.date_completed = input.dateCompleted;
    const current = await rowOf(trx, id);
    if (input.dateCompleted && current?.assigned_to === me.id && current.status !== 'completed')
      throw conflict(MSG.dateCompletedNotCompleted, 'wrong_state');
    const { after } = await move(trx, id, 'work', changes, { party: { assignedTo: me.id } });
    await ctx.activity.record(about(me, after), say.workNotesUpdated(me.full_name, after), trx);
  });
  return reload(ctx, id);
}
