/** Retire Unit (docs/decisions/units.md): out of the stock for good, with the reason in its history. */
import * as say from '../../../../core/inventory/notices';
import { retireUnitForm, UNIT_MSG } from '../../../../core/inventory/units';
import type { UnitDto } from '../../../../core/inventory/unitSchemas';
import type { Ctx } from '../../../context';
import type { Account } from '../../../db/schema';
import { conflict } from '../../../errors';
import { findUnit } from './rows';
import { about, check, lockUnit, logEvent, now, recount } from './writes';

/** Retire Unit: out of the stock for good, with the reason in its history; refused while it is on loan or in custody. */
export async function retireUnit(ctx: Ctx, actor: Account, id: number, body: { reason?: string }): Promise<UnitDto> {
  const { reason } = check<{ reason: string }>(retireUnitForm, body);
  const why = reason.trim();
  await ctx.db.transaction().execute(async (trx) => {
    const { unit, item } = await lockUnit(trx, id);
    if (unit.status === 'retired') throw conflict(UNIT_MSG.unitRetired(unit.tag), 'unit_retired');
    if (unit.status === 'on_loan') throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    if (unit.status === 'issued') throw conflict(UNIT_MSG.unitIssued(unit.tag), 'unit_issued');
    const at = now();
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'retired', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', unit.status)
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    await logEvent(trx, id, actor.id, 'retired', unit.status, 'retired', why, at);
    await recount(trx, unit.item_id, 'retired', { actorId: actor.id, unitId: id, reason: why });
    await ctx.activity.record(about(actor, unit.item_id), say.unitRetired(actor.full_name, item.name, unit.tag, why), trx);
  });
  return (await findUnit(ctx.db, id))!;
}
