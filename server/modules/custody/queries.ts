/** Custody's reads (docs/decisions/custody.md): a unit's holder and offer now, a person's holdings, a slip's units. */
import { slipCode, type HoldingState, type SlipKind } from '../../../core/custody/rules';
import type { CustodyHolder, MyHoldings, UnitCustodyDto } from '../../../core/custody/schemas';
import type { Db } from '../../db/database';
import type { UnitCustody } from '../../db/schema';

export const ACCOUNTABLE = ['awaiting', 'held'] as const;

const holderOf = (r: {
  holder_kind: 'person' | 'room';
  account_id: number | null;
  room_id: number | null;
  holder_name: string;
}): CustodyHolder => ({
  kind: r.holder_kind,
  accountId: r.account_id,
  roomId: r.room_id,
  name: r.holder_name,
});

const slipRef = (kind: SlipKind, id: number) => ({ id, kind, code: slipCode(kind, id) });

/** The unit's open custody rows (accountable and offered), with their slips' kinds. */
export const openRowsOf = (db: Db, unitId: number) =>
  db
    .selectFrom('unit_custody as c')
    .innerJoin('custody_slips as s', 's.id', 'c.slip_id')
    .selectAll('c')
    .select('s.kind as slip_kind')
    .where('c.unit_id', '=', unitId)
    .where('c.state', '!=', 'ended')
    .execute();

export async function unitCustodyOf(db: Db, unitId: number): Promise<UnitCustodyDto> {
  const rows = await openRowsOf(db, unitId);
  const held = rows.find((r) => r.state !== 'offered');
  const offer = rows.find((r) => r.state === 'offered');
  return {
    unitId,
    holder: held ? holderOf(held) : null,
    since: held?.started_at ?? null,
    acknowledgedAt: held?.acknowledged_at ?? null,
    slip: held ? slipRef(held.slip_kind, held.slip_id) : null,
    transfer: offer ? { to: holderOf(offer), since: offer.started_at, slip: slipRef(offer.slip_kind, offer.slip_id) } : null,
  };
}

/** How many units a person is accountable for (awaiting or acknowledged). */
export async function unitsHeldBy(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('unit_custody')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('state', 'in', [...ACCOUNTABLE])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** My accountabilities: what I hold (and whether it is being transferred away) and what is offered to me. */
export async function holdingsOf(db: Db, accountId: number): Promise<MyHoldings> {
  const rows = await db
    .selectFrom('unit_custody as c')
    .innerJoin('custody_slips as s', 's.id', 'c.slip_id')
    .innerJoin('item_units as u', 'u.id', 'c.unit_id')
    .innerJoin('items as i', 'i.id', 'u.item_id')
    .leftJoin('unit_custody as o', (j) => j.onRef('o.unit_id', '=', 'c.unit_id').onRef('o.id', '!=', 'c.id').on('o.state', '!=', 'ended'))
    .select([
      'c.unit_id',
      'c.state',
      'c.started_at',
      'c.slip_id',
      's.kind as slip_kind',
      'u.tag',
      'u.property_number',
      'u.purchase_cost_cents',
      'i.name as item_name',
      'o.holder_name as other_name',
    ])
    .where('c.account_id', '=', accountId)
    .where('c.state', '!=', 'ended')
    .orderBy('c.started_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(2000)
    .execute();
  let cents = 0;
  let count = 0;
  const lines = rows.map((r) => {
    const state: HoldingState =
      r.state === 'offered' ? 'incoming' : r.other_name !== null ? 'transferring' : r.state === 'awaiting' ? 'awaiting' : 'acknowledged';
    if (state !== 'incoming') {
      cents += Number(r.purchase_cost_cents ?? 0);
      count++;
    }
    return {
      unitId: r.unit_id,
      tag: r.tag,
      itemName: r.item_name,
      propertyNumber: r.property_number,
      since: r.started_at,
      value: r.purchase_cost_cents === null ? null : Number(r.purchase_cost_cents) / 100,
      state,
      slip: slipRef(r.slip_kind, r.slip_id),
      other: r.other_name,
    };
  });
  return { lines, totalValue: cents / 100, count };
}

/** A slip and the units it lists, with what the printed document names. */
export async function slipWithUnits(db: Db, slipId: number) {
  const slip = await db.selectFrom('custody_slips').selectAll().where('id', '=', slipId).executeTakeFirst();
  if (!slip) return null;
  const units = await db
    .selectFrom('unit_custody as c')
    .innerJoin('item_units as u', 'u.id', 'c.unit_id')
    .innerJoin('items as i', 'i.id', 'u.item_id')
    .select(['c.unit_id', 'u.tag', 'u.property_number', 'u.serial_number', 'u.purchase_cost_cents', 'i.name as item_name'])
    .where('c.slip_id', '=', slipId)
    .orderBy('u.tag')
    .execute();
  return { slip, units };
}

/** Whether a person appears on a slip's units' custody (as holder, receiver, or the one who gave them). */
export async function namedOnSlip(db: Db, slipId: number, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('unit_custody as c')
    .select('c.id')
    .where('c.account_id', '=', accountId)
    .where('c.unit_id', 'in', (eb) => eb.selectFrom('unit_custody as x').select('x.unit_id').where('x.slip_id', '=', slipId))
    .executeTakeFirst();
  return !!row;
}

export type OpenRow = UnitCustody & { slip_kind: SlipKind };
