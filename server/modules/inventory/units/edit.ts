/** Edit Unit (docs/decisions/units.md): its serial number, condition, home room, and the office's status corrections. */
import * as say from '../../../../core/inventory/notices';
import { UNIT_MSG, UNIT_STATUS_LABELS, unitEditForm, type UnitStatus } from '../../../../core/inventory/units';
import type { UnitDto, UnitEditBody } from '../../../../core/inventory/unitSchemas';
import type { Ctx } from '../../../context';
import type { Account } from '../../../db/schema';
import { conflict } from '../../../errors';
import { findUnit } from './rows';
import { about, assertRoom, check, lockUnit, logEvent, now, recount, roomLabel } from './writes';
import { unitMoveKind } from '../../../../core/inventory/stock';

/** Edit Unit: serial number, condition, home room, and status among the office's corrections (available, in repair, lost). */
export async function editUnit(ctx: Ctx, actor: Account, id: number, body: UnitEditBody): Promise<UnitDto> {
  const form = check<{ serialNumber?: string | null; condition: string; homeRoomId?: number | null; status: string }>(unitEditForm, body);
  const homeRoomId = await assertRoom(ctx.db, form.homeRoomId);
  await ctx.db.transaction().execute(async (trx) => {
    const { unit, item } = await lockUnit(trx, id);
    if (unit.status === 'retired') throw conflict(UNIT_MSG.unitRetired(unit.tag), 'unit_retired');
    if (unit.status === 'on_loan' && form.status !== 'on_loan') throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    if (unit.status === 'issued') throw conflict(UNIT_MSG.unitIssued(unit.tag), 'unit_issued');
    const serial = form.serialNumber?.trim() || null;
    const at = now();
    const changes: string[] = [];
    // The history's lines are written after the change, so what they say (and the webhooks they tell) reads the
    // unit as it now is.
    const lines: [kind: string, from: string | null, to: string | null][] = [];
    if (serial !== unit.serial_number) {
      lines.push(['serial', unit.serial_number, serial]);
      changes.push(`serial number ${unit.serial_number ?? 'none'} → ${serial ?? 'none'}`);
    }
    if (form.condition !== unit.condition) {
      lines.push(['condition', unit.condition, form.condition]);
      changes.push(`condition ${unit.condition} → ${form.condition}`);
    }
    if (homeRoomId !== unit.home_room_id) {
      const [from, to] = [await roomLabel(trx, unit.home_room_id), await roomLabel(trx, homeRoomId)];
      lines.push(['moved', from, to]);
      changes.push(`home room ${from ?? 'none'} → ${to ?? 'none'}`);
    }
    if (form.status !== unit.status) {
      lines.push(['status', unit.status, form.status]);
      changes.push(
        `status ${UNIT_STATUS_LABELS[unit.status as UnitStatus].toLowerCase()} → ${UNIT_STATUS_LABELS[form.status as UnitStatus].toLowerCase()}`,
      );
    }
    const moved = await trx
      .updateTable('item_units')
      .set({ serial_number: serial, condition: form.condition, home_room_id: homeRoomId, status: form.status, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', unit.status)
      .executeTakeFirstOrThrow();
    if (Number(moved.numUpdatedRows) === 0) throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    for (const [kind, from, to] of lines) await logEvent(trx, id, actor.id, kind, from, to, null, at);
    await recount(trx, unit.item_id, unitMoveKind(unit.status as UnitStatus, form.status as UnitStatus) ?? 'adjusted', {
      actorId: actor.id,
      unitId: id,
    });
    await ctx.activity.record(about(actor, unit.item_id), say.unitUpdated(actor.full_name, item.name, unit.tag, changes), trx);
  });
  return (await findUnit(ctx.db, id))!;
}
