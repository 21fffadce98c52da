/**
 * What the yearly count asks of custody (docs/decisions/counts.md, `ctx.custodians`): who is accountable for units
 * in custody, and a unit the count's second confirmation marks lost leaving its holder's custody in the same
 * transaction.
 */
import { CUSTODY_MSG } from '../../../core/custody/rules';
import type { Db } from '../../db/database';
import type { Custodian, Custodians } from '../../ports';
import { logCustodyStep } from '../inventory';
import { ACCOUNTABLE, openRowsOf } from './queries';

/** The accountable holder (awaiting or acknowledged) of each of these units in custody; a room's with its building. */
async function of(trx: Db, unitIds: number[]): Promise<Custodian[]> {
  const out: Custodian[] = [];
  for (let i = 0; i < unitIds.length; i += 500) {
    const rows = await trx
      .selectFrom('unit_custody as c')
      .leftJoin('rooms as r', 'r.id', 'c.room_id')
      .select(['c.unit_id', 'c.holder_kind', 'c.account_id', 'c.room_id', 'c.holder_name', 'r.building_id'])
      .where('c.unit_id', 'in', unitIds.slice(i, i + 500))
      .where('c.state', 'in', [...ACCOUNTABLE])
      .execute();
    for (const r of rows)
      out.push({
        unitId: r.unit_id,
        kind: r.holder_kind,
        accountId: r.account_id,
        roomId: r.room_id,
        buildingId: r.building_id ?? null,
        name: r.holder_name,
      });
  }
  return out;
}

export const custodians: Custodians = {
  of,
  async endLost(activity, trx, loss) {
    const rows = await openRowsOf(trx, loss.unitId);
    const held = rows.find((r) => r.state !== 'offered');
    if (!held) return null;
    // Every open row ends: the holder's (lost) and a transfer offered meanwhile (withdrawn with it).
    await trx
      .updateTable('unit_custody')
      .set((eb) => ({
        state: 'ended',
        end_kind: eb.case().when('state', '=', 'offered').then('withdrawn').else('lost').end(),
        ended_at: loss.at,
      }))
      .where('unit_id', '=', loss.unitId)
      .where('state', '!=', 'ended')
      .execute();
    await logCustodyStep(trx, loss.unitId, loss.actorId, 'lost', held.holder_name, loss.at, loss.reference);
    const send =
      held.account_id === null
        ? () => {}
        : await activity.notify(
            held.account_id,
            { type: 'item', id: loss.itemId },
            { title: CUSTODY_MSG.lostTitle, message: CUSTODY_MSG.lostNotice(loss.tag, loss.reference) },
            trx,
          );
    return { holder: held.holder_name, send };
  },
};
