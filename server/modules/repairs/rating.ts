import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import { canDoRepair, wrongRepairStateMessage } from '../../../core/repairs/rules';
import type { RatingInput, RepairReportDto } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { about, now, reload, rowOf } from './move';
import { assertFaculty } from './reporter';

/** The reporter rates a completed report once: 1-5 stars and an optional comment. */
export async function rateReport(ctx: Ctx, me: Account, id: number, input: RatingInput): Promise<RepairReportDto> {
  assertFaculty(me);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    if (!row || row.reporter_id !== me.id) throw notFound(MSG.repairNotFound);
    if (!canDoRepair('rate', row.status)) throw conflict(wrongRepairStateMessage('rate', row.status), 'wrong_state');
    const { numUpdatedRows } = await trx
      .updateTable('repair_reports')
      .set({ rating: input.stars, rating_comment: input.comment || null, rated_at: now() })
      .where('id', '=', id)
      .where('reporter_id', '=', me.id)
      .where('status', '=', 'completed')
      .where('rating', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(numUpdatedRows) === 0) throw conflict(MSG.alreadyRated, 'wrong_state');
    await ctx.activity.record(about(me, row), say.repairRated(me.full_name, row, input.stars), trx);
  });
  return reload(ctx, id);
}
