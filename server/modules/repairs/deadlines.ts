/**
 * The office's repair targets and each report's deadlines (docs/decisions/repair-deadlines.md): stamped when a
 * report is made, and again when its priority changes, from the targets and the office calendar of that moment.
 */
import { firstError } from '../../../core/common/forms';
import { deadlinesOf, readTargets, repairTargetsForm, targetsText, type RepairTargets } from '../../../core/repairs/deadlines';
import * as say from '../../../core/repairs/notices';
import { PRIORITY_ORDER, type Priority } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest } from '../../errors';

/** The targets, read in the caller's transaction when there is one (SQLite has one connection). */
export async function repairTargets(ctx: Ctx, trx: Db = ctx.db): Promise<RepairTargets> {
  return readTargets(await ctx.settings.get('repair_targets', trx));
}

/** An administrator sets every priority's targets; reports made from now on are held to them. */
export async function setRepairTargets(ctx: Ctx, admin: Account, body: unknown): Promise<RepairTargets> {
  const problem = firstError(repairTargetsForm, body);
  if (problem) throw badRequest(problem);
  const targets = repairTargetsForm.parse(body);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('repair_targets', JSON.stringify(targets), trx);
    const words = PRIORITY_ORDER.map((p) => targetsText(targets, p)).join('; ');
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, say.repairTargetsChanged(admin.full_name, words), trx);
  });
  return targets;
}

/** A report's deadline columns, counted from when it was reported, for its priority. */
export async function deadlineColumns(ctx: Ctx, trx: Db, reportedAt: string, priority: Priority) {
  const [targets, calendar] = await Promise.all([repairTargets(ctx, trx), ctx.settings.calendar(trx)]);
  const d = deadlinesOf(new Date(reportedAt), priority, targets, calendar, ctx.config.campusTimeZone);
  return { respond_by: d.respondBy, respond_soon: d.respondSoon, fix_by: d.fixBy, fix_soon: d.fixSoon };
}

/** Writes a report's deadlines again (its priority changed, or the demo data dated it back). */
export async function stampDeadlines(ctx: Ctx, trx: Db, id: number, reportedAt: string, priority: Priority): Promise<void> {
  await trx
    .updateTable('repair_reports')
    .set(await deadlineColumns(ctx, trx, reportedAt, priority))
    .where('id', '=', id)
    .execute();
}
