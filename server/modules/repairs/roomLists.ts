/** A room's reports (docs/decisions/rooms-and-followers.md): the office's list of them, and the open ones faculty see before filing. */
import { sql } from 'kysely';
import { REPAIR_STATUSES, repairCode, type RepairStatus } from '../../../core/repairs/rules';
import type { RoomOpenReports, RoomReportList, RoomReportsParams } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { offsetOf } from '../../lib/paging';
import { newestFirst } from './listOrder';
import { namedPage, reports, toRepairDto } from './reportRows';

const OPEN_STATUSES = REPAIR_STATUSES.filter((s) => s !== 'completed');

/** A room's reports for the office (docs/decisions/rooms-and-followers.md): open or past, newest first, both counted. */
export async function roomReports(ctx: Ctx, roomId: number, q: RoomReportsParams): Promise<RoomReportList> {
  const base = reports(ctx.db).where('rr.room_id', '=', roomId);
  const shown = q.show === 'open' ? base.where('rr.status', 'in', OPEN_STATUSES) : base.where('rr.status', '=', 'completed');
  const [counts, page] = await Promise.all([
    base
      .select([
        sql<number>`coalesce(sum(case when rr.status = 'completed' then 0 else 1 end), 0)`.as('open'),
        sql<number>`coalesce(sum(case when rr.status = 'completed' then 1 else 0 end), 0)`.as('past'),
      ])
      .executeTakeFirstOrThrow(),
    namedPage(ctx.db, newestFirst(shown).limit(q.pageSize).offset(offsetOf(q))),
  ]);
  const c = { open: Number(counts.open), past: Number(counts.past) };
  return { items: page.map(toRepairDto), total: c[q.show], counts: c };
}

/**
 * A room's open reports as a faculty member sees them before filing (docs/decisions/rooms-and-followers.md): the
 * issue, status, date and followers, never the reporter; whether the reader follows each or filed it.
 */
export async function roomOpenReports(db: Db, roomId: number, readerId: number): Promise<RoomOpenReports> {
  const open = db.selectFrom('repair_reports as rr').where('rr.room_id', '=', roomId).where('rr.status', 'in', OPEN_STATUSES);
  const [total, rows] = await Promise.all([
    open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    open
      .select((eb) => [
        'rr.id',
        'rr.status',
        'rr.issue_description',
        'rr.created_at',
        'rr.reporter_id',
        eb
          .selectFrom('repair_followers as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.report_id', '=', 'rr.id')
          .as('followers'),
        eb
          .selectFrom('repair_followers as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.report_id', '=', 'rr.id')
          .where('f.account_id', '=', readerId)
          .as('mine_follow'),
      ])
      .orderBy('rr.created_at', 'desc')
      .orderBy('rr.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    total: Number(total.n),
    items: rows.map((r) => ({
      id: r.id,
      code: repairCode(r.id),
      status: r.status as RepairStatus,
      issueDescription: r.issue_description,
      dateReported: r.created_at,
      followers: Number(r.followers ?? 0),
      following: Number(r.mine_follow ?? 0) > 0,
      mine: r.reporter_id === readerId,
    })),
  };
}
