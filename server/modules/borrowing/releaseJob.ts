import * as say from '../../../core/borrowing/notices';
import type { Ctx } from '../../context';
import type { DailyJob } from '../../lib/dailyJobs';
import type { SendMail } from '../../ports';
import { BY_THE_SYSTEM } from '../activity';

export const RELEASE_JOB = 'reservation_release';

/**
 * The nightly release (docs/decisions/reservations.md; server/lib/scheduler.ts claims the day once across
 * processes): every reservation approved and not handed out whose day has ended is cancelled, its dates freed, and
 * its borrower told. Each move is guarded by the status and the hand-out, so one handed out meanwhile stays.
 */
export function reservationRelease(ctx: Ctx): DailyJob {
  return {
    name: RELEASE_JOB,
    at: '00:05',
    async work(trx, today) {
      const lapsed = await trx
        .selectFrom('borrow_requests')
        .select(['id', 'account_id', 'date_needed'])
        .where('status', '=', 'approved')
        .where('book_ahead', '=', 1)
        .where('handed_out_at', 'is', null)
        .where('date_needed', '<', today)
        .orderBy('id')
        .execute();
      const mails: SendMail[] = [];
      let released = 0;
      for (const r of lapsed) {
        const { numUpdatedRows } = await trx
          .updateTable('borrow_requests')
          .set({ status: 'cancelled', reject_reason: say.reservationReleased(r.id, r.date_needed).message })
          .where('id', '=', r.id)
          .where('status', '=', 'approved')
          .where('handed_out_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(numUpdatedRows) === 0) continue;
        released++;
        if (r.account_id !== null)
          mails.push(
            await ctx.activity.notify(
              r.account_id,
              { type: 'borrow_request', id: r.id },
              say.reservationReleased(r.id, r.date_needed),
              trx,
            ),
          );
      }
      if (released) await ctx.activity.record(BY_THE_SYSTEM, say.reservationsReleased(released), trx);
      return { summary: { released }, afterCommit: () => mails.forEach((send) => send()) };
    },
  };
}
