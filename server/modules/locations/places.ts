/** The places typed on repair reports (docs/decisions/locations.md, Suggested rooms): matched, or added as suggested. */
import { sql } from 'kysely';
import * as say from '../../../core/locations/notices';
import { buildingCodeOf, roomCodeOf, tidyCode, tidyName, uniqueCode } from '../../../core/locations/rules';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { onPostgres, type Db } from '../../db/database';
import type { Account, Building, Room } from '../../db/schema';
import { conflict } from '../../errors';
import { about, now } from './writes';

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
