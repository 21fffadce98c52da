/**
 * Edit Asset Record (the asset register, docs/decisions/stock-card.md): a unit's purchase date, purchase cost,
 * supplier, warranty end and property number, corrected by the office. A property number is unique when given.
 */
import { formatPeso } from '../../../../core/format';
import * as say from '../../../../core/inventory/notices';
import { DELIVERY_MSG, toCentavos } from '../../../../core/inventory/deliveries';
import { unitAssetForm, type UnitAssetInput } from '../../../../core/inventory/unitAsset';
import { UNIT_MSG } from '../../../../core/inventory/units';
import type { UnitAssetBody, UnitDto } from '../../../../core/inventory/unitSchemas';
import { todayIn } from '../../../../core/time';
import type { Ctx } from '../../../context';
import type { Account } from '../../../db/schema';
import { badRequest, conflict } from '../../../errors';
import { findUnit } from './rows';
import { about, check, isUniqueViolation, lockUnit, logEvent, now } from './writes';

const blank = (s: string | null | undefined) => s?.trim() || null;

export async function editUnitAsset(ctx: Ctx, actor: Account, id: number, body: UnitAssetBody): Promise<UnitDto> {
  const form = check<UnitAssetInput>(unitAssetForm(todayIn(ctx.config.campusTimeZone)), body);
  const next = {
    purchase_date: blank(form.purchaseDate),
    purchase_cost_cents: typeof form.purchaseCost === 'number' ? toCentavos(form.purchaseCost) : null,
    supplier_id: form.supplierId ?? null,
    warranty_end: blank(form.warrantyEnd),
    property_number: blank(form.propertyNumber),
  };
  let supplierName: string | null = null;
  if (next.supplier_id !== null) {
    const s = await ctx.db.selectFrom('suppliers').select('name').where('id', '=', next.supplier_id).executeTakeFirst();
    if (!s) throw badRequest(DELIVERY_MSG.supplierNotFound);
    supplierName = s.name;
  }
  const taken = () => conflict(DELIVERY_MSG.propertyNumberTaken(next.property_number ?? ''), 'property_number_taken');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const { unit, item } = await lockUnit(trx, id);
      if (unit.status === 'retired') throw conflict(UNIT_MSG.unitRetired(unit.tag), 'unit_retired');
      if (next.property_number !== null && next.property_number !== unit.property_number) {
        const other = await trx
          .selectFrom('item_units')
          .select('id')
          .where('property_number', '=', next.property_number)
          .where('id', '!=', id)
          .executeTakeFirst();
        if (other) throw taken();
      }
      const was = (v: string | number | null) => (v === null ? 'none' : String(v));
      const cost = (c: number | null) => (c === null ? 'none' : formatPeso(c / 100));
      const changes = [
        unit.purchase_date !== next.purchase_date && `purchase date ${was(unit.purchase_date)} → ${was(next.purchase_date)}`,
        unit.purchase_cost_cents !== next.purchase_cost_cents &&
          `purchase cost ${cost(unit.purchase_cost_cents)} → ${cost(next.purchase_cost_cents)}`,
        unit.supplier_id !== next.supplier_id && `supplier ${supplierName ?? 'none'}`,
        unit.warranty_end !== next.warranty_end && `warranty end ${was(unit.warranty_end)} → ${was(next.warranty_end)}`,
        unit.property_number !== next.property_number && `property number ${was(unit.property_number)} → ${was(next.property_number)}`,
      ].filter((c): c is string => typeof c === 'string');
      if (!changes.length) return;
      const at = now();
      await trx
        .updateTable('item_units')
        .set({ ...next, updated_at: at })
        .where('id', '=', id)
        .execute();
      await logEvent(trx, id, actor.id, 'asset', null, null, changes.join(', '), at);
      await ctx.activity.record(about(actor, unit.item_id), say.unitUpdated(actor.full_name, item.name, unit.tag, changes), trx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return (await findUnit(ctx.db, id))!;
}
