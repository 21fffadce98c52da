import type { OfficeCalendarDto } from '../../../core/borrowing/schemas';
import { datesOf as datesOfSpan } from '../../../core/borrowing/availability';
import type { Db } from '../../db/database';
import { requestRows, toRequestDto, withLines } from './requestRows';

/**
 * The office's day and week (docs/decisions/reservations.md): per day, what goes out (approved requests whose date
 * needed it is: reservations to hand out, ordinary loans to collect), what comes back (loans due back that day), and
 * what is overdue by then (loans out whose expected return is before it). Each request is answered once; the days
 * name them by id. From today on for overdue: the past's overdue cannot be told again.
 */
export async function officeCalendar(db: Db, from: string, to: string, today: string): Promise<OfficeCalendarDto> {
  const rows = await requestRows(db)
    .where('br.status', 'in', ['approved', 'returned'])
    .where((eb) =>
      eb.or([
        eb.and([eb('br.date_needed', '>=', from), eb('br.date_needed', '<=', to)]),
        eb.and([eb('br.date_expected_return', '>=', from), eb('br.date_expected_return', '<=', to)]),
        eb.and([eb('br.status', '=', 'approved'), eb('br.date_expected_return', '<', to)]),
      ]),
    )
    .orderBy('br.date_needed')
    .orderBy('br.id')
    .execute();
  const requests = await withLines(db, rows, today, toRequestDto);
  const out = (r: (typeof requests)[number]) => !(r.bookAhead && r.handedOutAt === null);
  const days = datesOfSpan(from, to).map((date) => ({
    date,
    goingOut: requests.filter((r) => r.status === 'approved' && r.dateNeeded === date).map((r) => r.id),
    comingBack: requests.filter((r) => r.dateExpectedReturn === date && out(r)).map((r) => r.id),
    overdue: date < today ? [] : requests.filter((r) => r.status === 'approved' && out(r) && r.dateExpectedReturn < date).map((r) => r.id),
  }));
  const used = new Set(days.flatMap((d) => [...d.goingOut, ...d.comingBack, ...d.overdue]));
  return { from, to, today, days, requests: requests.filter((r) => used.has(r.id)) };
}
