/**
 * What the locations module asks of the modules that build on it: before a room is deleted, how many of their
 * rows name it (repairs: the reports about it). They provide it through ctx.roomHolds, wired in server/app.ts.
 */
import type { Db } from '../../db/database';

export interface RoomHold {
  rowsNaming(trx: Db, roomId: number): Promise<number>;
}
