/**
 * What the unit writes share (docs/decisions/units.md): the form check, the room and item checks, the unit's
 * lock, a line in the unit's history, new units with their first line, a tag taken meanwhile answered 409, and the tracked item's
 * quantity written from its units in the same transaction.
 */
import { firstError } from '../../../../core/common/forms';
import { UNIT_MSG } from '../../../../core/inventory/units';
import type { Db } from '../../../db/database';
import { sayEvent } from '../../../lib/events';
import type { Account, Item, ItemUnit } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { findRoom } from '../../locations';
import { lockItem } from '../locks';
import { settleUnits, type StockNote } from '../stock/ledger';
import type { StockKind } from '../../../../core/inventory/stock';

export const now = () => new Date().toISOString();
export const about = (actor: Account, itemId: number) => ({
  actorId: actor.id,
  subjectId: null,
  entity: { type: 'item', id: itemId } as const,
});

/** A write refused by a unique index (PostgreSQL 23505, SQLite's UNIQUE constraint): a tag taken meanwhile. */
export const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export function check<T>(schema: Parameters<typeof firstError>[0], body: unknown): T {
  const problem = firstError(schema, body);
  if (problem) throw badRequest(problem);
  return body as T;
}

/** Adds a line to a unit's history in the caller's transaction. */
export async function logEvent(
  trx: Db,
  unitId: number,
  actorId: number | null,
  kind: string,
  from: string | null,
  to: string | null,
  note: string | null = null,
  at = now(),
) {
  await trx
    .insertInto('unit_events')
    .values({ unit_id: unitId, kind, from_value: from, to_value: to, note, actor_id: actorId, created_at: at })
    .execute();
  // Every unit's change passes here: the ones webhooks hear of (docs/decisions/webhooks.md).
  if (kind === 'condition' && to === 'damaged') await sayEvent(trx, { type: 'unit.damaged', about: { kind: 'unit', id: unitId } });
  if (kind === 'status' && to === 'lost' && from !== 'lost')
    await sayEvent(trx, { type: 'unit.lost', about: { kind: 'unit', id: unitId } });
}

/** A room as a history line names it: its code, or null when there is none (or it is gone). */
export const roomLabel = async (db: Db, id: number | null) => {
  if (id === null) return null;
  const room = await findRoom(db, id);
  return room ? room.code : null;
};

/**
 * A tracked item's quantity written from its units: the number available (the one stock meaning), and the change
 * on its stock card as `kind` (docs/decisions/stock-card.md).
 */
export async function recount(trx: Db, itemId: number, kind: StockKind, note: StockNote): Promise<void> {
  await settleUnits(trx, itemId, kind, note);
}

export async function assertRoom(db: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return null;
  if (!(await findRoom(db, id))) throw badRequest(UNIT_MSG.roomNotFound, 'room_not_found');
  return id;
}

export async function trackedItem(trx: Db, itemId: number): Promise<Item> {
  const item = await lockItem(trx, itemId);
  if (item.tracking !== 'tracked') throw conflict(UNIT_MSG.notTracked, 'not_tracked');
  return item;
}

export async function insertUnits(
  trx: Db,
  actor: Account,
  itemId: number,
  tags: string[],
  fields: { serialNumber?: string | null; condition: string; homeRoomId: number | null; note?: string },
): Promise<number[]> {
  const at = now();
  const ids: number[] = [];
  for (const tag of tags) {
    const { id } = await trx
      .insertInto('item_units')
      .values({
        item_id: itemId,
        tag,
        serial_number: fields.serialNumber?.trim() || null,
        condition: fields.condition,
        status: 'available',
        home_room_id: fields.homeRoomId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logEvent(trx, id, actor.id, 'created', null, fields.condition, fields.note ?? null, at);
    ids.push(id);
  }
  return ids;
}

/** Runs a write, answering a tag taken meanwhile (the unique index) with the same 409 as the check before it. */
export async function withTags<T>(tags: () => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(UNIT_MSG.tagTaken(tags()), 'tag_taken');
    throw err;
  }
}

export async function tagsTaken(db: Db, tags: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < tags.length; i += 500) {
    const rows = await db
      .selectFrom('item_units')
      .select('tag')
      .where('tag', 'in', tags.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.tag);
  }
  return out;
}

export async function tagsWithPrefix(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db.selectFrom('item_units').select('tag').where('tag', 'like', `${prefix}-%`).execute();
  return new Set(rows.map((r) => r.tag));
}

/** Locks a unit's item, then reads the unit: 404 when either is gone. */
export async function lockUnit(trx: Db, id: number): Promise<{ unit: ItemUnit; item: Item }> {
  const found = await trx.selectFrom('item_units').select('item_id').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound(UNIT_MSG.unitNotFound);
  const item = await lockItem(trx, found.item_id); // the item's row first: approvals take the same lock
  const unit = await trx.selectFrom('item_units').selectAll().where('id', '=', id).executeTakeFirst();
  if (!unit) throw notFound(UNIT_MSG.unitNotFound);
  return { unit, item };
}
