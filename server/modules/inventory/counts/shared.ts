/** What the count's steps share (docs/decisions/counts.md): the count read or refused, its room checked, a unique index's refusal. */
import { COUNT_MSG } from '../../../../core/inventory/counts';
import type { RoomDto } from '../../../../core/locations/schemas';
import type { Db } from '../../../db/database';
import type { Account } from '../../../db/schema';
import { conflict, notFound } from '../../../errors';
import { findRoom } from '../../locations';

export type CountRow = {
  id: number;
  reference: string;
  name: string;
  status: string;
  whole_campus: number;
  categories: string | null;
  started_by: number | null;
  started_at: string;
  closed_by: number | null;
  closed_at: string | null;
};

export const now = () => new Date().toISOString();

/** The count, or 404. */
export async function countOf(db: Db, id: number): Promise<CountRow> {
  const row = await db.selectFrom('counts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(COUNT_MSG.countNotFound);
  return row;
}

export function assertOpen(count: CountRow): void {
  if (count.status !== 'open') throw conflict(COUNT_MSG.closed(count.reference), 'count_closed');
}

/** A room of the count's buildings, or 404 (no such room) or 409 (outside the count). */
export async function roomInCount(db: Db, count: CountRow, roomId: number): Promise<RoomDto> {
  const room = await findRoom(db, roomId);
  if (!room) throw notFound(COUNT_MSG.roomNotFound);
  const inScope = await db
    .selectFrom('count_buildings')
    .select('building_id')
    .where('count_id', '=', count.id)
    .where('building_id', '=', room.buildingId)
    .executeTakeFirst();
  if (!inScope) throw conflict(COUNT_MSG.roomNotInCount(room.code, count.reference), 'room_not_in_count');
  return room;
}

/** Who did it, for the activity feed: the inventory's entries (inventory_update), about no one item. */
export const countActivity = (actor: Account) => ({ actorId: actor.id, subjectId: null, entity: null });

/** The note a unit's history line and a stock card entry carry: the count's reference. */
export const countNote = (count: CountRow) => `Count ${count.reference}`;
