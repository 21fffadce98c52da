import { sql } from 'kysely';
import type { CalendarRequestDto, OfficeCalendarDto } from '../../../core/borrowing/schemas';
import { datesOf as datesOfSpan } from '../../../core/borrowing/availability';
import { isUncollectedBooking, requestCode, type RequestStatus } from '../../../core/borrowing/rules';
import { MSG } from '../../../core/messages';
import type { Db } from '../../db/database';
import { createListCache } from '../../lib/listCache';

/** The overdue loans a day of the screen names (the longest overdue first); the day counts them all. */
export const OVERDUE_SHOWN = 20;
/**
 * What a day of the week view names of its going out and coming back (the day view and the pick list name every
 * one): a week of a busy office is a thousand loans and more, too many to read, and to send to every reader.
 */
export const WEEK_SHOWN = 10;

/**
 * The office's day and week (docs/decisions/reservations.md): per day, what goes out (approved requests whose date
 * needed it is: reservations to hand out, ordinary loans to collect), what comes back (loans due back that day), and
 * what is overdue by then (loans out whose expected return is before it). Each request is answered once; the days
 * name them by id. From today on for overdue: the past's overdue cannot be told again. A day names at most
 * `overdueShown` of its overdue loans, the longest overdue first, and counts them all (`overdueTotal`): the pick list
 * asks for all of them, the screen for the first (Borrow Records' Overdue tab lists the rest).
 */
export async function officeCalendar(
  db: Db,
  from: string,
  to: string,
  today: string,
  shown: Shown = { overdue: OVERDUE_SHOWN, moves: Number.POSITIVE_INFINITY },
): Promise<OfficeCalendarDto> {
  return keptCalendars(db, `${from}\n${to}\n${today}\n${shown.overdue}\n${shown.moves}`, () => freshCalendar(db, from, to, today, shown));
}

/** How many of each day's overdue loans, and of its going out and coming back, the answer names. */
type Shown = { overdue: number; moves: number };

/** Kept while nothing it shows changes (the requests and their lines, the items' shelf, the borrowers' names, the units). */
const keptCalendars = createListCache<OfficeCalendarDto>(['borrow_requests', 'items', 'accounts', 'item_units'], 50);

async function freshCalendar(db: Db, from: string, to: string, today: string, shown: Shown): Promise<OfficeCalendarDto> {
  // Which requests each day names, from their dates alone; then the named ones in full. The loans overdue are
  // counted by the database and only the longest overdue read (a campus with thousands overdue read every one
  // and sorted them here: the day's answer grew with every loan out, docs/decisions/lists.md).
  const [rows, late] = await Promise.all([
    db
      .selectFrom('borrow_requests as br')
      .select([
        'br.id',
        'br.status',
        'br.date_needed',
        'br.date_expected_return',
        'br.book_ahead',
        'br.handed_out_at',
        'br.time_from',
        'br.time_to',
      ])
      .where('br.status', 'in', ['approved', 'returned'])
      .where((eb) =>
        eb.or([
          eb.and([eb('br.date_needed', '>=', from), eb('br.date_needed', '<=', to)]),
          eb.and([eb('br.date_expected_return', '>=', from), eb('br.date_expected_return', '<=', to)]),
        ]),
      )
      .orderBy('br.date_needed')
      .orderBy('br.id')
      .execute(),
    to < today ? null : overdueBy(db, to, shown.overdue),
  ]);
  const out = (r: (typeof rows)[number]) => !(Number(r.book_ahead) === 1 && r.handed_out_at === null);
  // A booking of one day goes out and comes back that day, handed out yet or not: the office plans both moves.
  // A longer booking not handed out comes back on no day (it may never go out: it is released after its day).
  const back = (r: (typeof rows)[number]) => out(r) || (r.status === 'approved' && r.date_needed === r.date_expected_return);
  const days = datesOfSpan(from, to).map((date) => {
    // The first of the longest overdue before `to` are the first of those before any earlier day too.
    const overdue = date < today || !late ? [] : late.first.filter((r) => r.date_expected_return < date);
    const overdueTotal = date < today || !late ? 0 : late.byReturn.reduce((n, c) => (c.date < date ? n + c.n : n), 0);
    // In the order of the day: bookings with a pick-up time by that time (whole days first, from opening).
    const goingOut = byTime(
      rows.filter((r) => r.status === 'approved' && r.date_needed === date),
      (r) => r.time_from ?? '',
    );
    const comingBack = byTime(
      rows.filter((r) => r.date_expected_return === date && back(r)),
      (r) => r.time_to ?? '24:00',
    );
    return {
      date,
      goingOut: goingOut.slice(0, shown.moves).map((r) => r.id),
      goingOutTotal: goingOut.length,
      comingBack: comingBack.slice(0, shown.moves).map((r) => r.id),
      comingBackTotal: comingBack.length,
      overdue: overdue.slice(0, shown.overdue).map((r) => r.id),
      overdueTotal,
    };
  });
  const used = new Set(days.flatMap((d) => [...d.goingOut, ...d.comingBack, ...d.overdue]));
  return { from, to, today, days, requests: await calendarRequests(db, [...used]) };
}

/**
 * The loans out (approved, not a booking still on the shelf) due back before `to`: how many per return date, and
 * the first `first` of them, the longest overdue first (all of them for the pick list).
 */
async function overdueBy(db: Db, to: string, first: number) {
  const lateBefore = () =>
    db
      .selectFrom('borrow_requests as br')
      // As the partial index borrow_requests_out_due says it (migration 061), so both databases read it alone.
      .where(sql<boolean>`br.status = 'approved' and (br.book_ahead <> 1 or br.handed_out_at is not null)`)
      .where('br.date_expected_return', '<', to);
  let firstQuery = lateBefore().select(['br.id', 'br.date_expected_return']).orderBy('br.date_expected_return').orderBy('br.id');
  if (Number.isFinite(first)) firstQuery = firstQuery.limit(first);
  const [named, counts] = await Promise.all([
    firstQuery.execute(),
    lateBefore()
      .select((eb) => ['br.date_expected_return as date', eb.fn.countAll<number>().as('n')])
      .groupBy('br.date_expected_return')
      .execute(),
  ]);
  return { first: named, byReturn: counts.map((c) => ({ date: c.date, n: Number(c.n) })) };
}

/** A day's requests by their hour, then as read (stable). */
const byTime = <T>(rows: T[], time: (r: T) => string) => [...rows].sort((a, b) => time(a).localeCompare(time(b)));

/** At most this many ids in one `in (...)`, whatever the database's limit on a statement's parameters. */
const CHUNK = 500;
const chunksOf = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The named requests as the day and week show them: three lean reads (requests with their borrower's name, their
 * lines, the lines' units) rather than whole requests; a busy week names a thousand and more.
 */
async function calendarRequests(db: Db, ids: number[]): Promise<CalendarRequestDto[]> {
  const rows = [];
  const lines = [];
  for (const chunk of chunksOf(ids)) {
    rows.push(
      ...(await db
        .selectFrom('borrow_requests as br')
        .leftJoin('accounts as a', 'a.id', 'br.account_id')
        .select([
          'br.id',
          'br.status',
          'br.book_ahead',
          'br.handed_out_at',
          'br.date_needed',
          'br.date_expected_return',
          'br.time_from',
          'br.time_to',
          'a.full_name',
        ])
        .where('br.id', 'in', chunk)
        .execute()),
    );
    lines.push(
      ...(await db
        .selectFrom('borrow_request_items')
        .select(['id', 'request_id', 'item_name', 'quantity_approved', 'quantity_reserved'])
        .where('request_id', 'in', chunk)
        .orderBy('id')
        .execute()),
    );
  }
  const unitsOf = new Map<number, string[]>();
  for (const chunk of chunksOf(lines.map((l) => l.id))) {
    const units = await db
      .selectFrom('borrow_line_units')
      .select(['line_id', 'tag'])
      .where('line_id', 'in', chunk)
      .orderBy('tag')
      .execute();
    for (const u of units) unitsOf.set(u.line_id, [...(unitsOf.get(u.line_id) ?? []), u.tag]);
  }
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) linesOf.set(l.request_id, [...(linesOf.get(l.request_id) ?? []), l]);
  return rows
    .map((r) => {
      const dto = {
        id: r.id,
        code: requestCode(r.id),
        status: r.status as RequestStatus,
        requesterName: r.full_name ?? MSG.deletedUser,
        bookAhead: Number(r.book_ahead) === 1,
        handedOutAt: r.handed_out_at,
        dateNeeded: r.date_needed,
        dateExpectedReturn: r.date_expected_return,
        timeFrom: r.time_from,
        timeTo: r.time_to,
      };
      const reserved = isUncollectedBooking(dto);
      const holds = (linesOf.get(r.id) ?? []).flatMap((l) => {
        const quantity = reserved ? l.quantity_reserved : l.quantity_approved;
        return quantity > 0 ? [{ name: l.item_name, quantity, units: unitsOf.get(l.id) ?? [] }] : [];
      });
      return { ...dto, holds };
    })
    .sort((a, b) => (a.dateNeeded < b.dateNeeded ? -1 : a.dateNeeded > b.dateNeeded ? 1 : a.id - b.id));
}
