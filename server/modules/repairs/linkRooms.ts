import { tidyName } from '../../../core/locations/rules';
import type { Db } from '../../db/database';

/**
 * Points the reports written with a known place at its room (docs/decisions/locations.md): the demo data, after
 * its reports are made. A report's building and room texts are matched trimmed, inner spaces made one, in any
 * case, as migration 023 matched the reports there were; reports with a room already keep it.
 */
export async function linkReportsToRooms(db: Db, rooms: { building: string; room: string; roomId: number }[]): Promise<number> {
  const key = (building: string, room: string) => `${tidyName(building).toLowerCase()}\u0000${tidyName(room).toLowerCase()}`;
  const byPlace = new Map(rooms.map((r) => [key(r.building, r.room), r.roomId]));
  const places = await db.selectFrom('repair_reports').select(['building', 'room']).distinct().where('room_id', 'is', null).execute();
  let linked = 0;
  for (const place of places) {
    const roomId = byPlace.get(key(place.building, place.room));
    if (roomId === undefined) continue;
    const res = await db
      .updateTable('repair_reports')
      .set({ room_id: roomId })
      .where('building', '=', place.building)
      .where('room', '=', place.room)
      .where('room_id', 'is', null)
      .executeTakeFirst();
    linked += Number(res.numUpdatedRows);
  }
  return linked;
}
