/** Add, Edit and Delete Building (docs/decisions/locations.md); a building with rooms is not deleted. */
import * as say from '../../../core/locations/notices';
import type { BuildingForm } from '../../../core/locations/rules';
import type { BuildingBody, BuildingDto } from '../../../core/locations/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { conflict } from '../../errors';
import { findBuilding } from './queries';
import { about, assertBuildingFree, checkBuilding, checked, lockBuilding, now, racing } from './writes';

export async function createBuilding(ctx: Ctx, actor: Account, body: BuildingBody): Promise<BuildingDto> {
  const form = checked(checkBuilding(body));
  const id = await racing(
    () => ctx.db.transaction().execute((trx) => insertBuilding(ctx, trx, actor, form)),
    () => assertBuildingFree(ctx.db, form),
  );
  return (await findBuilding(ctx.db, id))!;
}

/** Adds a checked building in the caller's transaction (Add Building, the CSV import, the demo data). */
export async function insertBuilding(ctx: Ctx, trx: Db, actor: Account, form: BuildingForm): Promise<number> {
  await assertBuildingFree(trx, form);
  const { id } = await trx
    .insertInto('buildings')
    .values({ code: form.code, name: form.name, notes: form.notes ?? null, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.activity.record(about(actor, 'building', id), say.buildingAdded(actor.full_name, form.code, form.name), trx);
  return id;
}

export async function updateBuilding(ctx: Ctx, actor: Account, id: number, body: BuildingBody): Promise<BuildingDto> {
  const form = checked(checkBuilding(body));
  await ctx.db.transaction().execute(async (trx) => {
    await lockBuilding(trx, id);
    await assertBuildingFree(trx, form, id);
    await trx
      .updateTable('buildings')
      .set({ code: form.code, name: form.name, notes: form.notes ?? null })
      .where('id', '=', id)
      .execute();
    await ctx.activity.record(about(actor, 'building', id), say.buildingUpdated(actor.full_name, form.code, form.name), trx);
  });
  return (await findBuilding(ctx.db, id))!;
}

/** Delete Building: refused (409) while it has rooms, saying how many. */
export async function deleteBuilding(ctx: Ctx, actor: Account, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const b = await lockBuilding(trx, id);
    const row = await trx
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('building_id', '=', id)
      .executeTakeFirstOrThrow();
    const rooms = Number(row.n);
    if (rooms > 0) throw conflict(MSG.buildingHasRooms(b.name, rooms), 'building_has_rooms');
    await trx.deleteFrom('buildings').where('id', '=', id).execute();
    await ctx.activity.record(about(actor, 'building', id), say.buildingDeleted(actor.full_name, b.code, b.name), trx);
  });
}
