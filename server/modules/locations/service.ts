/**
 * Every change to the locations (docs/decisions/locations.md): buildings and rooms, each write checked by the core
 * form rule, run in one transaction and written to the activity feed (location_update) with who did it. A room
 * that repair reports name is not deleted; a building with rooms is not deleted.
 */
import { sql } from 'kysely';
import { firstError } from '../../../core/common/forms';
import * as say from '../../../core/locations/notices';
import {
  buildingCodeOf,
  buildingForm,
  cleanText,
  roomCodeOf,
  roomForm,
  tidyCode,
  tidyName,
  uniqueCode,
  type BuildingForm,
  type RoomForm,
} from '../../../core/locations/rules';
import type { BuildingBody, BuildingDto, RoomBody, RoomDto } from '../../../core/locations/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { onPostgres, type Db } from '../../db/database';
import type { Account, Building, Room } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { findBuilding, findRoom } from './queries';

const now = () => new Date().toISOString();

/**
 * What other modules say about deleting a room: how many of their rows name it (repairs: the reports about it).
 * The modules that build on locations provide these through ctx.roomHolds (server/app.ts).
 */
export interface RoomHold {
  rowsNaming(trx: Db, roomId: number): Promise<number>;
}

const about = (actor: Account, type: 'building' | 'room', id: number) => ({
  actorId: actor.id,
  subjectId: null,
  entity: { type, id } as const,
});

type Checked<T> = { form: T; problem: null } | { form: null; problem: string };

/** The building form's first failure, or the building tidied for storing (Add Building, Edit Building, CSV rows). */
export function checkBuilding(body: BuildingBody): Checked<BuildingForm> {
  const problem = firstError(buildingForm, body);
  if (problem) return { form: null, problem };
  return { form: { code: tidyCode(body.code!), name: tidyName(body.name!), notes: cleanText(body.notes) }, problem: null };
}

/** The room form's first failure, or the room tidied for storing (Add Room, Edit Room, CSV rows). */
export function checkRoom(body: RoomBody): Checked<RoomForm> {
  const problem = firstError(roomForm, body);
  if (problem) return { form: null, problem };
  return {
    form: {
      buildingId: body.buildingId!,
      code: tidyCode(body.code!),
      name: tidyName(body.name!),
      floor: cleanText(body.floor),
      notes: cleanText(body.notes),
    },
    problem: null,
  };
}

function checked<T>(c: Checked<T>): T {
  if (c.problem !== null) throw badRequest(c.problem);
  return c.form;
}

async function assertBuildingFree(trx: Db, form: BuildingForm, exceptId?: number) {
  let byCode = trx.selectFrom('buildings').select('id').where('code', '=', form.code);
  let byName = trx
    .selectFrom('buildings')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', form.name.toLowerCase()));
  if (exceptId !== undefined) {
    byCode = byCode.where('id', '!=', exceptId);
    byName = byName.where('id', '!=', exceptId);
  }
  if (await byCode.executeTakeFirst()) throw conflict(MSG.buildingCodeTaken(form.code));
  if (await byName.executeTakeFirst()) throw conflict(MSG.buildingNameTaken(form.name));
}

async function assertRoomFree(trx: Db, form: RoomForm, buildingName: string, exceptId?: number) {
  let byCode = trx.selectFrom('rooms').select('id').where('code', '=', form.code);
  let byName = trx
    .selectFrom('rooms')
    .select('id')
    .where('building_id', '=', form.buildingId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', form.name.toLowerCase()));
  if (exceptId !== undefined) {
    byCode = byCode.where('id', '!=', exceptId);
    byName = byName.where('id', '!=', exceptId);
  }
  if (await byCode.executeTakeFirst()) throw conflict(MSG.roomCodeTaken(form.code));
  if (await byName.executeTakeFirst()) throw conflict(MSG.roomNameTaken(form.name, buildingName));
}

/**
 * Locks a row for the rest of the transaction (PostgreSQL; SQLite runs one writer at a time) and answers it, or 404:
 * a room added to a building and the building's deletion never interleave.
 */
async function lockBuilding(trx: Db, id: number): Promise<Building> {
  await trx
    .updateTable('buildings')
    .set((eb) => ({ code: eb.ref('code') }))
    .where('id', '=', id)
    .execute();
  const b = await trx.selectFrom('buildings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound(MSG.buildingNotFound);
  return b;
}

async function lockRoom(trx: Db, id: number): Promise<Room> {
  await trx
    .updateTable('rooms')
    .set((eb) => ({ code: eb.ref('code') }))
    .where('id', '=', id)
    .execute();
  const r = await trx.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(MSG.roomNotFound);
  return r;
}

/** A unique index refused the write: on PostgreSQL another request took the code or name after our check. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/**
 * Runs a write; when two people take the same code or name at once, the one the index refused is answered 409
 * with the same words as the check (read again now that the other has committed), never 500.
 */
async function racing<T>(write: () => Promise<T>, recheck: () => Promise<void>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await recheck();
    throw err;
  }
}

// ---- buildings ----

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

// ---- rooms ----

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

// ---- places typed on repair reports (docs/decisions/locations.md, Suggested rooms) ----

/**
 * Locks a row against deletion while a report names it; false when it is gone (deleted meanwhile). On PostgreSQL
 * with `for update`: the no-op update lockBuilding uses would fire the lists' version triggers, and a report being
 * filed would then hold the repairs' version before its status count, the reverse of a status change (a deadlock).
 * SQLite has no `for update`, and one writer at a time.
 */
async function held(trx: Db, table: 'buildings' | 'rooms', id: number): Promise<boolean> {
  if (onPostgres(trx)) return !!(await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst());
  const res = await trx
    .updateTable(table)
    .set((eb) => ({ code: eb.ref('code') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The building a typed name names: by name (any case), else by code. */
async function buildingNamed(trx: Db, name: string): Promise<Building | undefined> {
  const rows = await trx
    .selectFrom('buildings')
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', name.toLowerCase()), eb('code', '=', tidyCode(name))]))
    .execute();
  return rows.find((b) => b.name.toLowerCase() === name.toLowerCase()) ?? rows[0];
}

/** The room a typed name names in a building: by name (any case), else by code. */
async function roomNamed(trx: Db, buildingId: number, name: string): Promise<Room | undefined> {
  const rows = await trx
    .selectFrom('rooms')
    .selectAll()
    .where('building_id', '=', buildingId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', name.toLowerCase()), eb('code', '=', tidyCode(name))]))
    .execute();
  return rows.find((r) => r.name.toLowerCase() === name.toLowerCase()) ?? rows[0];
}

async function codesLike(trx: Db, table: 'buildings' | 'rooms', base: string): Promise<Set<string>> {
  const rows = await trx.selectFrom(table).select('code').where('code', 'like', `${base}%`).execute();
  return new Set(rows.map((r) => r.code));
}

const ATTEMPTS = 5;

/**
 * The room a repair report's typed place names, in the report's transaction (docs/decisions/locations.md,
 * Suggested rooms): building and room matched trimmed, inner spaces made one, in any case, by name or code. A
 * place not on the list adds its building (when needed) and the room, marked suggested, with feed entries. Two
 * reports naming the same new place at once make one room: on PostgreSQL they take turns (a transaction-scoped
 * lock; otherwise one holding the list versions an insert's trigger raised and another holding the building's row
 * would wait on each other), and an insert a unique index refuses (an office write meanwhile) does nothing
 * (ON CONFLICT DO NOTHING) and the place is read again. SQLite runs one writer at a time. Null when either part
 * is blank.
 */
export async function placeRoom(ctx: Ctx, trx: Db, actor: Account, building: string, room: string): Promise<number | null> {
  const bName = tidyName(building);
  const rName = tidyName(room);
  if (!bName || !rName) return null;
  if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('gso.places'))`.execute(trx);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let b = await buildingNamed(trx, bName);
    if (!b) {
      const base = buildingCodeOf(bName);
      const taken = await codesLike(trx, 'buildings', base);
      const code = uniqueCode(base, (c) => taken.has(c), false);
      const added = await trx
        .insertInto('buildings')
        .values({ code, name: bName, notes: null, created_at: now() })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!added) continue; // another report added it, or took the code: read again
      await ctx.activity.record(about(actor, 'building', added.id), say.buildingAdded(actor.full_name, code, bName), trx);
      b = (await trx.selectFrom('buildings').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow()) as Building;
    }
    if (!(await held(trx, 'buildings', b.id))) continue;
    const r = await roomNamed(trx, b.id, rName);
    if (r) {
      if (await held(trx, 'rooms', r.id)) return r.id;
      continue;
    }
    const base = roomCodeOf(b.code, rName);
    const taken = await codesLike(trx, 'rooms', base);
    const code = uniqueCode(base, (c) => taken.has(c));
    const at = now();
    const added = await trx
      .insertInto('rooms')
      .values({ building_id: b.id, code, name: rName, floor: null, notes: null, created_at: at, updated_at: at, suggested: 1 })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) continue;
    await ctx.activity.record(about(actor, 'room', added.id), say.roomSuggested(actor.full_name, code, rName, b.name), trx);
    return added.id;
  }
  throw conflict(MSG.repairChangedMeanwhile);
}
