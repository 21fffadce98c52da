import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { retireForm } from '../../../core/repairs/rules';
import * as say from '../../../core/repairs/notices';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { endDamageRepair } from './damage';
import { about, move, now, reload, rowOf, today } from './move';
import { tellReporter } from './tell';

/**
 * The office closes an open equipment-damage report with the equipment retired, beyond repair, with the reason
 * (docs/decisions/return-conditions.md): completed, the reason as its work description, and the unit retired in
 * the same transaction. 400 for a report not opened by damage, 409 for one already completed.
 */
export async function retireDamage(ctx: Ctx, actor: Account, id: number, reason: string): Promise<RepairReportDto> {
  const problem = firstError(retireForm, { reason });
  if (problem) throw badRequest(problem);
  const why = reason.trim();
  const send = await ctx.db.transaction().execute(async (trx) => {
    const current = await rowOf(trx, id);
    if (!current) throw notFound(MSG.repairNotFound);
    if (current.damage_item_name === null) throw badRequest(MSG.notDamageRepair, 'not_damage_repair');
    const at = now();
    const { before, after } = await move(trx, id, 'retire', {
      status: 'completed',
      held_at: null,
      hold_reason: null,
      work_description: `Beyond repair: ${why}`,
      completed_at: at,
      date_completed: today(ctx),
    });
    await ctx.activity.record(about(actor, after), say.repairRetired(actor.full_name, after, why), trx);
    await endDamageRepair(ctx, trx, id, actor.id, 'retired', why);
    return tellReporter(ctx, trx, before, after);
  });
  send();
  return reload(ctx, id);
}
