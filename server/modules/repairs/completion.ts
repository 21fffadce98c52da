/** Completing a report, by the assigned person or by the office (docs/decisions/repair-completion.md). */
import { firstError } from '../../../core/common/forms';
import * as say from '../../../core/repairs/notices';
import { completionForm, fromCentavos, toCentavos, type CompletionValues } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest } from '../../errors';
import { endDamageRepair } from './damage';
import { about, type Row } from './move';

/**
 * The completion rule (`completionForm` in core), one for the personnel and the office: a work description, given
 * now or already on the report; the actual cost when given (null: none), else the one saved, if any
 * (docs/decisions/repair-completion.md).
 */
export function checkCompletion(row: Row & object, given: Partial<CompletionValues>) {
  const values = {
    workDescription: given.workDescription ?? row.work_description,
    actualCost: given.actualCost !== undefined ? given.actualCost : fromCentavos(row.actual_cost_cents),
  };
  const problem = firstError(completionForm, values);
  if (problem) throw badRequest(problem);
  const cost = values.actualCost;
  return { work_description: values.workDescription.trim(), actual_cost_cents: cost === null ? null : toCentavos(cost) };
}

/** A move to completed is logged as the completion it is, whoever made it (maintenance_completed). */
export async function recordCompletion(ctx: Ctx, trx: Db, actor: Account, before: Row & object, after: Row & object): Promise<boolean> {
  if (after.status !== 'completed' || before.status === 'completed') return false;
  await ctx.activity.record(about(actor, after), say.taskCompleted(actor.full_name, after, after.date_completed!), trx);
  await endDamageRepair(ctx, trx, after.id, actor.id, 'repaired', null); // equipment damage: back in stock, once
  return true;
}
