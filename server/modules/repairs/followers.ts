/**
 * Following a report (docs/decisions/rooms-and-followers.md): a faculty member follows an open report someone else
 * filed instead of filing it again, and is told of its updates as its reporter is.
 */
import { sql } from 'kysely';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { about, now, rowOf } from './move';
import { assertFaculty } from './reporter';

/** The accounts that follow a report, but its reporter: told of its updates (tell.ts). */
export async function followersOf(db: Db, reportId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('repair_followers')
    .select('account_id')
    .where('report_id', '=', reportId)
    .orderBy('account_id')
    .execute();
  return rows.map((r) => r.account_id);
}

export async function followerCount(db: Db, reportId: number): Promise<number> {
  const row = await db
    .selectFrom('repair_followers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('report_id', '=', reportId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
/**
 * A faculty member follows an open report someone else filed: one row per pair, written only while the report is
 * open and not theirs (the INSERT checks it, so a report completed or deleted meanwhile is not followed).
 * Following twice changes nothing. 404 when there is no such report, 409 for one's own or a completed one.
 */
export async function followReport(ctx: Ctx, me: Account, id: number): Promise<{ following: boolean; followers: number }> {
  assertFaculty(me);
  return ctx.db.transaction().execute(async (trx) => {
    const { numInsertedOrUpdatedRows } = await trx
      .insertInto('repair_followers')
      .columns(['report_id', 'account_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('repair_reports')
          .select(['id', sql.lit(me.id).as('account_id'), sql<string>`cast(${now()} as text)`.as('created_at')])
          .where('id', '=', id)
          .where('status', '<>', 'completed')
          .where((w) => w.or([w('reporter_id', 'is', null), w('reporter_id', '<>', me.id)])),
      )
      .onConflict((oc) => oc.columns(['report_id', 'account_id']).doNothing())
      .executeTakeFirst();
    const row = await rowOf(trx, id);
    if (!row) throw notFound(MSG.repairNotFound);
    if (Number(numInsertedOrUpdatedRows ?? 0) > 0) {
      await ctx.activity.record(about(me, row), say.repairFollowed(me.full_name, row), trx);
    } else {
      if (row.reporter_id === me.id) throw conflict(MSG.followOwnReport, 'wrong_state');
      const already = await trx
        .selectFrom('repair_followers')
        .select('report_id')
        .where('report_id', '=', id)
        .where('account_id', '=', me.id)
        .executeTakeFirst();
      if (!already) throw conflict(MSG.followOnlyOpen, 'wrong_state');
    }
    return { following: true, followers: await followerCount(trx, id) };
  });
}

/** Stops following; not following already changes nothing. 404 when there is no such report. */
export async function unfollowReport(ctx: Ctx, me: Account, id: number): Promise<{ following: boolean; followers: number }> {
  assertFaculty(me);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    if (!row) throw notFound(MSG.repairNotFound);
    const { numDeletedRows } = await trx
      .deleteFrom('repair_followers')
      .where('report_id', '=', id)
      .where('account_id', '=', me.id)
      .executeTakeFirstOrThrow();
    if (Number(numDeletedRows) > 0) await ctx.activity.record(about(me, row), say.repairUnfollowed(me.full_name, row), trx);
    return { following: false, followers: await followerCount(trx, id) };
  });
}
