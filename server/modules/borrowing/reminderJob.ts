import * as say from '../../../core/borrowing/notices';
import { isOpenDay, nextOpenDay } from '../../../core/site/calendar';
import { addDays, startOfDayUtc } from '../../../core/time';
import type { Ctx } from '../../context';
import type { DailyJob } from '../../lib/dailyJobs';
import type { SendMail } from '../../ports';
import { BY_THE_SYSTEM } from '../activity';
import { stillOutWords } from './stillOut';

export const REMINDER_JOB = 'return_reminders';

/**
 * The daily reminder run (server/lib/scheduler.ts claims the day): each borrower with loans due tomorrow or
 * overdue gets one digest, bell and email. An overdue loan is reminded again only every few days, and never
 * on a day the office already reminded of it by hand.
 */
export function returnReminders(ctx: Ctx): DailyJob | null {
  const at = ctx.config.reminderTime;
  if (!at) return null;
  return {
    name: REMINDER_JOB,
    at,
    async work(trx, today) {
      // docs/decisions/office-calendar.md: nothing on a closed day; an open day reminds of the loans due before
      // the next open one (a loan due after a holiday weekend hears on the Friday).
      const calendar = await ctx.settings.calendar(trx);
      if (!isOpenDay(today, calendar)) return { summary: { officeClosed: true, borrowers: 0, loans: 0 }, afterCommit: () => {} };
      const dueBy = nextOpenDay(today, calendar);
      const again = addDays(today, -ctx.config.reminderRepeatDays);
      const due = await trx
        .selectFrom('borrow_requests')
        .select(['id', 'account_id', 'purpose', 'date_expected_return'])
        .where('status', '=', 'approved')
        .where('account_id', 'is not', null)
        // A reservation not handed out has nothing to bring back (docs/decisions/reservations.md).
        .where((eb) => eb.or([eb('book_ahead', '=', 0), eb('handed_out_at', 'is not', null)]))
        .where((eb) =>
          eb.or([
            eb.and([eb('date_expected_return', '>', today), eb('date_expected_return', '<=', dueBy)]),
            eb.and([
              eb('date_expected_return', '<', today),
              eb.or([eb('auto_reminded_on', 'is', null), eb('auto_reminded_on', '<=', again)]),
            ]),
          ]),
        )
        .where((eb) => eb.or([eb('auto_reminded_on', 'is', null), eb('auto_reminded_on', '<', today)]))
        .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', startOfDayUtc(today, ctx.config.campusTimeZone))]))
        .orderBy('account_id')
        .orderBy('date_expected_return')
        .orderBy('id')
        .execute();
      const byBorrower = new Map<number, typeof due>();
      for (const r of due) {
        const loans = byBorrower.get(r.account_id!);
        if (loans) loans.push(r);
        else byBorrower.set(r.account_id!, [r]);
      }
      const mails: SendMail[] = [];
      const out = await stillOutWords(
        trx,
        due.map((r) => r.id),
      );
      for (const [accountId, loans] of byBorrower) {
        const digest = say.returnDigest(
          loans.map((l) => ({ id: l.id, purpose: l.purpose, returnBy: l.date_expected_return, stillOut: out.get(l.id) ?? null })),
          today,
        );
        mails.push(await ctx.activity.notify(accountId, { type: 'borrow_request', id: loans[0].id }, digest, trx));
      }
      if (due.length) {
        await trx
          .updateTable('borrow_requests')
          .set({ auto_reminded_on: today })
          .where(
            'id',
            'in',
            due.map((r) => r.id),
          )
          .execute();
        await ctx.activity.record(BY_THE_SYSTEM, say.remindersSent(byBorrower.size, due.length), trx);
      }
      const overdue = due.filter((r) => r.date_expected_return < today).length;
      return {
        summary: { borrowers: byBorrower.size, loans: due.length, overdue, dueSoon: due.length - overdue },
        afterCommit: () => mails.forEach((send) => send()),
      };
    },
  };
}
