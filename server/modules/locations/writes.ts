/**
 * What the locations' writes share (docs/decisions/locations.md): the feed entry's subject, the form checks,
 * codes and names free, the rows' locks, and a unique index's refusal answered with the check's own words.
 */
import { firstError } from '../../../core/common/forms';
import { buildingForm, cleanText, roomForm, tidyCode, tidyName, type BuildingForm, type RoomForm } from '../../../core/locations/rules';
import type { BuildingBody, RoomBody } from '../../../core/locations/schemas';
import { MSG } from '../../../core/messages';
import type { Db } from '../../db/database';
import type { Account, Building, Room } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';

export const now = () => new Date().toISOString();

export const about = (actor: Account, type: 'building' | 'room', id: number) => ({
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

export function checked<T>(c: Checked<T>): T {
  if (c.problem !== null) throw badRequest(c.problem);
  return c.form;
}

export async function assertBuildingFree(trx: Db, form: BuildingForm, exceptId?: number) {
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

export async function assertRoomFree(trx: Db, form: RoomForm, buildingName: string, exceptId?: number) {
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
export async function lockBuilding(trx: Db, id: number): Promise<Building> {
  await trx
    .updateTable('buildings')
    .set((eb) => ({ code: eb.ref('code') }))
    .where('id', '=', id)
    .execute();
  const b = await trx.selectFrom('buildings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound(MSG.buildingNotFound);
  return b;
}

export async function lockRoom(trx: Db, id: number): Promise<Room> {
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
export async function racing<T>(write: () => Promise<T>, recheck: () => Promise<void>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await recheck();
    throw err;
  }
}
