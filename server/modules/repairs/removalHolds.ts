/**
 * What repairs say before another module removes something they name (wired in server/app.ts): an account
 * (ctx.accountHolds) or a room (ctx.roomHolds).
 */
import type { OpenRepairs } from '../../../core/messages';
import type { Db } from '../../db/database';
import type { AccountHold, RoomHold } from '../../ports';

/** The scheduled and in-progress repairs an account reported or is assigned to: deleting it waits for them. */
async function openRepairsOf(db: Db, accountId: number): Promise<OpenRepairs> {
  const rows = await db
    .selectFrom('repair_reports')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['scheduled', 'in-progress'])
    .where((eb) => eb.or([eb('reporter_id', '=', accountId), eb('assigned_to', '=', accountId)]))
    .groupBy('status')
    .execute();
  const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { scheduled: n('scheduled'), inProgress: n('in-progress') };
}

/** An account is not removed while repairs it reported or was assigned are scheduled or in progress (accounts/accountHolds.ts). */
export const repairsHold: AccountHold = {
  async holding(trx, accountId) {
    const open = await openRepairsOf(trx, accountId);
    return open.scheduled + open.inProgress > 0 ? { repairs: open } : null;
  },
};

/**
 * The repair reports about a room, asked before the room is deleted (ctx.roomHolds, docs/decisions/locations.md):
 * a room that reports name stays, so no report loses its place.
 */
export const repairsRoomHold: RoomHold = {
  async rowsNaming(trx, roomId) {
    const row = await trx
      .selectFrom('repair_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
