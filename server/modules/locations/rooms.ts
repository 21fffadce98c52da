/**
 * Add, Edit, Confirm and Delete Room (docs/decisions/locations.md). A room that other modules' rows name (repair
 * reports, through ctx.roomHolds) is not deleted.
 */
import * as say from '../../../core/locations/notices';
import type { RoomForm } from '../../../core/locations/rules';
import type { RoomBody, RoomDto } from '../../../core/locations/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, Room } from '../../db/schema';
import { conflict } from '../../errors';
import { findRoom } from './queries';
import { about, assertRoomFree, checked, checkRoom, lockBuilding, lockRoom, now, racing } from './writes';

async function recheckRoom(ctx: Ctx, form: RoomForm, exceptId?: number) {
  const building = await ctx.db.selectFrom('buildings').select('name').where('id', '=', form.buildingId).executeTakeFirst();
  if (building) await assertRoomFree(ctx.db, form, building.name, exceptId);
}

export async function createRoom(ctx: Ctx, actor: Account, body: RoomBody): Promise<RoomDto> {
  const form = checked(checkRoom(body));
  const id = await racing(
    () => ctx.db.transaction().execute((trx) => insertRoom(ctx, trx, actor, form)),
    () => recheckRoom(ctx, form),
  );
  return (await findRoom(ctx.db, id))!;
}

/** Adds a checked room in the caller's transaction (Add Room, the CSV import, the demo data). */
export async function insertRoom(ctx: Ctx, trx: Db, actor: Account, form: RoomForm): Promise<number> {
  const building = await lockBuilding(trx, form.buildingId);
  await assertRoomFree(trx, form, building.name);
  const at = now();
  const { id } = await trx
    .insertInto('rooms')
    .values({
      building_id: form.buildingId,
      code: form.code,
      name: form.name,
      floor: form.floor ?? null,
      notes: form.notes ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.activity.record(about(actor, 'room', id), say.roomAdded(actor.full_name, form.code, form.name, building.name), trx);
  return id;
}

export async function updateRoom(ctx: Ctx, actor: Account, id: number, body: RoomBody): Promise<RoomDto> {
  const form = checked(checkRoom(body));
  await racing(
    () => ctx.db.transaction().execute((trx) => rewriteRoom(ctx, trx, actor, id, form)),
    () => recheckRoom(ctx, form, id),
  );
  return (await findRoom(ctx.db, id))!;
}

/** Whether a stored room differs from a checked form (the CSV import skips rooms it would not change). */
export const roomChanged = (room: Room, form: RoomForm) =>
  room.building_id !== form.buildingId ||
  room.code !== form.code ||
  room.name !== form.name ||
  (room.floor ?? null) !== (form.floor ?? null) ||
  (room.notes ?? null) !== (form.notes ?? null);

/** Writes every field of a checked room in the caller's transaction; with `skipUnchanged` an unchanged room writes nothing. */
export async function rewriteRoom(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  id: number,
  form: RoomForm,
  opts: { skipUnchanged?: boolean } = {},
): Promise<boolean> {
  const before = await lockRoom(trx, id);
  if (opts.skipUnchanged && !roomChanged(before, form)) return false;
  const building = await lockBuilding(trx, form.buildingId);
  await assertRoomFree(trx, form, building.name, id);
  await trx
    .updateTable('rooms')
    .set({
      building_id: form.buildingId,
      code: form.code,
      name: form.name,
      floor: form.floor ?? null,
      notes: form.notes ?? null,
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
  await ctx.activity.record(about(actor, 'room', id), say.roomUpdated(actor.full_name, form.code, form.name, building.name), trx);
  return true;
}

/** Confirm a suggested room: it joins the list, with a feed entry; a confirmed room stays as it is. */
export async function confirmRoom(ctx: Ctx, actor: Account, id: number): Promise<RoomDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const room = await lockRoom(trx, id);
    if (Number(room.suggested) !== 1) return;
    await trx.updateTable('rooms').set({ suggested: 0, updated_at: now() }).where('id', '=', id).execute();
    const building = await trx.selectFrom('buildings').select('name').where('id', '=', room.building_id).executeTakeFirstOrThrow();
    await ctx.activity.record(about(actor, 'room', id), say.roomConfirmed(actor.full_name, room.code, room.name, building.name), trx);
  });
  return (await findRoom(ctx.db, id))!;
}

/** Delete Room: refused (409) while repair reports name it, saying how many; they keep their place. */
export async function deleteRoom(ctx: Ctx, actor: Account, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const room = await lockRoom(trx, id);
    let naming = 0;
    for (const hold of ctx.roomHolds) naming += await hold.rowsNaming(trx, id);
    if (naming > 0) throw conflict(MSG.roomInUse(room.name, naming), 'room_in_use');
    const building = await trx.selectFrom('buildings').select('name').where('id', '=', room.building_id).executeTakeFirstOrThrow();
    await trx.deleteFrom('rooms').where('id', '=', id).execute();
    await ctx.activity.record(about(actor, 'room', id), say.roomDeleted(actor.full_name, room.code, room.name, building.name), trx);
  });
}
