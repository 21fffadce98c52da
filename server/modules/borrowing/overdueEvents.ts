/**
 * Overdue loans told to webhooks (docs/decisions/webhooks.md): a loan is overdue from the day after its expected
 * return (docs/decisions/calendar-dates.md), derived, never stored; each campus day just after midnight the loans
 * that became overdue in the last week are said as request.overdue, once per loan and return date (the outbox
 * keeps each once), so a server that was down for some days still tells them.
 */
import { addDays } from '../../../core/time';
import type { DailyJob } from '../../lib/dailyJobs';
import { sayEvents } from '../../lib/events';

export const OVERDUE_EVENTS_JOB = 'overdue_events';
const CATCH_UP_DAYS = 7;

export function overdueEvents(): DailyJob {
  return {
    name: OVERDUE_EVENTS_JOB,
    at: '00:10',
    async work(trx, today) {
      const loans = await trx
        .selectFrom('borrow_requests')
        .select(['id', 'date_expected_return'])
        .where('status', '=', 'approved')
        // A reservation not handed out has nothing out (docs/decisions/reservations.md).
        .where((eb) => eb.or([eb('book_ahead', '=', 0), eb('handed_out_at', 'is not', null)]))
        .where('date_expected_return', '<', today)
        .where('date_expected_return', '>=', addDays(today, -CATCH_UP_DAYS))
        .orderBy('id')
        .execute();
      await sayEvents(
        trx,
        loans.map((l) => ({
          type: 'request.overdue' as const,
          about: { kind: 'borrow_request' as const, id: l.id },
          once: `${l.id}:${l.date_expected_return}`,
        })),
      );
      return { summary: { loans: loans.length } };
    },
  };
}
