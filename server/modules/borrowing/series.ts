/**
 * Recurring bookings (docs/decisions/reservations.md): a weekly pattern read into dates, each date a one-day
 * booking of its own sharing the series' id; the office deciding the series at once, with one notice to the
 * borrower for the whole series rather than one per date.
 */
import * as say from '../../../core/borrowing/notices';
import { mayBorrowCategory, requestCode } from '../../../core/borrowing/rules';
import type { BorrowRequestDto, NewRequest, SeriesBody } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { closedReason } from '../../../core/site/calendar';
import { hoursProblem, timesProblem } from '../../../core/borrowing/timesOfDay';
import { AVAILABILITY_MSG, type DateConflict } from '../../../core/borrowing/availability';
import { RECURRENCE_MSG } from '../../../core/borrowing/recurrence';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { itemsByIds } from '../inventory';
import { assertDatesFree, spanOfRequest, spansOf } from './availability';
import { seriesDates } from './recurrence';
import { approveRequest } from './approve';
import { approveDatesForm } from '../../../core/borrowing/approveForm';
import { firstError } from '../../../core/common/forms';
import { reload, today } from './moves';
import { rejectRequest } from './reject';
import { checkNewRequest, columnsOf, insertRequest, itemGoneMeanwhile, type RequestLine } from './submit';

type SeriesDate = { date: string; problem: string | null; conflicts: DateConflict[] };

/** One date of a series as a booking of its own: back the same day, at the series' hours. */
const dateOfSeries = (body: SeriesBody, date: string): NewRequest => ({
  purpose: body.purpose,
  dateNeeded: date,
  dateExpectedReturn: date,
  items: body.items,
  bookAhead: true,
  timeFrom: body.timeFrom,
  timeTo: body.timeTo,
});

/** The pattern's dates (400 when it cannot be read). */
function datesOfPattern(body: SeriesBody): string[] {
  const dates = seriesDates(body.pattern);
  if (typeof dates === 'string') throw badRequest(dates);
  return dates;
}

/** Whether one date of a series can be booked: open, later than today, and the items free on it. */
async function dateProblem(ctx: Ctx, body: SeriesBody, date: string): Promise<SeriesDate> {
  if (date <= today(ctx)) return { date, problem: AVAILABILITY_MSG.bookAheadFuture, conflicts: [] };
  const calendar = await ctx.settings.calendar();
  const closed = closedReason(date, calendar);
  if (closed) return { date, problem: closed, conflicts: [] };
  // Hours outside the office's on that weekday: that date is skipped, like a closed day.
  const times = timesProblem(dateOfSeries(body, date), calendar);
  if (times) return { date, problem: times.message, conflicts: [] };
  try {
    await assertDatesFree(ctx.db, spansOf(body.items, spanOfRequest(columnsOf(dateOfSeries(body, date)))), today(ctx));
    return { date, problem: null, conflicts: [] };
  } catch (err) {
    if (err instanceof HttpError && err.code === 'dates_unavailable') {
      return { date, problem: err.message, conflicts: (err.extra as { conflicts: DateConflict[] }).conflicts };
    }
    throw err;
  }
}

/** The dates of a recurring booking and which conflict (nothing is written). */
export async function previewSeries(ctx: Ctx, me: Account, body: SeriesBody): Promise<{ dates: SeriesDate[] }> {
  const dates = datesOfPattern(body);
  // Hours that cannot be read refuse the series; hours outside one weekday's office hours skip its dates.
  const hours = hoursProblem(body.timeFrom, body.timeTo, true);
  if (hours) throw badRequest(hours.message, 'times_invalid');
  const items = await itemsByIds(
    ctx.db,
    body.items.map((i) => i.itemId),
  );
  for (const line of body.items) {
    const item = items.get(line.itemId);
    if (!item) throw badRequest(MSG.itemNotInInventory(`Item #${line.itemId}`), 'item_not_found');
    if (!mayBorrowCategory(me.role, item.category)) throw forbidden(MSG.electricalFacultyOnly, 'access_restricted');
  }
  const out: SeriesDate[] = [];
  for (const date of dates) out.push(await dateProblem(ctx, body, date));
  return { dates: out };
}

/**
 * Books the same items on each date of a weekly pattern: one booked-ahead request per date that is open and free,
 * each its own loan once approved and handed out, all sharing the first one's id as their series. The dates that
 * conflict are answered, not booked; none free is 409 `dates_unavailable`. Every date is checked before anything
 * is written, and the requests are written in one transaction: a series is booked whole or not at all.
 */
export async function createSeries(ctx: Ctx, me: Account, body: SeriesBody) {
  const { dates } = await previewSeries(ctx, me, body);
  const skipped = dates.filter((d) => d.problem);
  const checked: { request: NewRequest; lines: RequestLine[] }[] = [];
  for (const d of dates.filter((d) => !d.problem)) {
    const request = dateOfSeries(body, d.date);
    try {
      checked.push({ request, lines: await checkNewRequest(ctx, me, request) });
    } catch (err) {
      // Taken meanwhile: said like the others; anything else (the form, a hold) refuses the whole series.
      if (!(err instanceof HttpError && err.code === 'dates_unavailable')) throw err;
      skipped.push({ date: d.date, problem: err.message, conflicts: (err.extra as { conflicts: DateConflict[] }).conflicts });
    }
  }
  skipped.sort((x, y) => x.date.localeCompare(y.date));
  if (!checked.length) {
    const first = skipped.find((d) => d.conflicts.length);
    throw new HttpError(409, 'dates_unavailable', first?.problem ?? skipped[0]?.problem ?? RECURRENCE_MSG.none, {
      conflicts: skipped.flatMap((d) => d.conflicts),
    });
  }
  const created = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const made: Awaited<ReturnType<typeof insertRequest>>[] = [];
      for (const c of checked) made.push(await insertRequest(ctx, trx, me, c.request, c.lines));
      const ids = made.map((m) => m.id);
      await trx.updateTable('borrow_requests').set({ series_id: ids[0] }).where('id', 'in', ids).execute();
      return made;
    })
    .catch((err) => itemGoneMeanwhile(ctx, err, checked[0].lines));
  // The office is told of the series once, not once per date.
  ctx.activity.officeAlert(
    say.officeSeriesFiled(
      me.full_name,
      created.map((c) => c.id),
      body.purpose,
    ),
    { type: 'borrow_request', id: created[0].id },
  )();
  const requests: BorrowRequestDto[] = [];
  for (const { id } of created) requests.push(await reload(ctx, id));
  return { seriesId: created[0].id, requests, skipped };
}

export const SERIES_MSG = {
  notInSeries: 'Choose dates of this series only.',
  otherDates: 'Not approved with the other dates of the weekly series.',
  decided: (approved: number, rejected: number, refused: number) =>
    `${approved === 1 ? '1 date' : `${approved} dates`} approved` +
    (rejected ? `, ${rejected === 1 ? '1' : rejected} rejected` : '') +
    (refused ? `; ${refused === 1 ? '1 date' : `${refused} dates`} could not be approved` : '') +
    '.',
};

/** A weekly series' dates, first date first (404 when no request has that series id). */
export async function seriesDatesOf(ctx: Ctx, seriesId: number) {
  const rows = await ctx.db
    .selectFrom('borrow_requests')
    .select(['id', 'date_needed', 'date_expected_return', 'time_from', 'time_to', 'status'])
    .where('series_id', '=', seriesId)
    .orderBy('date_needed')
    .orderBy('id')
    .execute();
  if (!rows.length) throw notFound(MSG.requestNotFound);
  return {
    seriesId,
    dates: rows.map((r) => ({
      id: r.id,
      code: requestCode(r.id),
      dateNeeded: r.date_needed,
      dateExpectedReturn: r.date_expected_return,
      timeFrom: r.time_from,
      timeTo: r.time_to,
      status: r.status,
    })),
  };
}

/**
 * The office decides a weekly series at once ("all dates or some"): each chosen pending date is approved on its own
 * (its own transaction and checks, as one approval), the series' other pending dates are rejected with a reason.
 * The borrower gets one notice (and one mail) for the whole decision; each date keeps its own feed entry.
 */
export async function approveSeries(ctx: Ctx, actor: Account, seriesId: number, asked: number[], all = false) {
  const dates = await ctx.db
    .selectFrom('borrow_requests')
    .select(['id', 'date_needed', 'status', 'account_id', 'purpose', 'time_from', 'time_to'])
    .where('series_id', '=', seriesId)
    .orderBy('date_needed')
    .execute();
  if (!dates.length) throw notFound(MSG.requestNotFound);
  const problem = all ? null : firstError(approveDatesForm, { requests: asked });
  if (problem) throw badRequest(problem);
  const chosen = all ? dates.map((d) => d.id) : asked;
  if (chosen.some((id) => !dates.some((d) => d.id === id))) throw badRequest(SERIES_MSG.notInSeries, 'item_not_in_request');
  const approved: number[] = [];
  const refused: { id: number; date: string; code: string; message: string }[] = [];
  const rejected: number[] = [];
  for (const d of dates.filter((x) => x.status === 'pending')) {
    if (chosen.includes(d.id)) {
      const lines = await ctx.db.selectFrom('borrow_request_items').select('item_id').where('request_id', '=', d.id).execute();
      try {
        await approveRequest(
          ctx,
          actor,
          d.id,
          lines.flatMap((l) => (l.item_id === null ? [] : [l.item_id])),
          [],
          false,
        );
        approved.push(d.id);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        refused.push({ id: d.id, date: d.date_needed, code: err.code, message: err.message });
      }
    } else {
      await rejectRequest(ctx, actor, d.id, SERIES_MSG.otherDates, false);
      rejected.push(d.id);
    }
  }
  await tellSeriesDecided(ctx, dates, approved, rejected);
  return { message: SERIES_MSG.decided(approved.length, rejected.length, refused.length), approved, refused, rejected };
}

type SeriesRow = {
  id: number;
  date_needed: string;
  account_id: number | null;
  purpose: string;
  time_from: string | null;
  time_to: string | null;
};

/** The borrower's one notice of a series decision: its approved dates with their hours, and those rejected. */
async function tellSeriesDecided(ctx: Ctx, dates: SeriesRow[], approved: number[], rejected: number[]) {
  const first = dates[0];
  if ((!approved.length && !rejected.length) || first.account_id === null) return;
  const lines = await ctx.db
    .selectFrom('borrow_request_items')
    .select(['item_name', 'quantity_requested'])
    .where('request_id', '=', approved[0] ?? rejected[0])
    .orderBy('id')
    .execute();
  const on = (ids: number[]) => dates.filter((d) => ids.includes(d.id)).map((d) => ({ id: d.id, date: d.date_needed }));
  const notice = say.seriesDecided(
    first.purpose,
    lines.map((l) => ({ quantity: l.quantity_requested, name: l.item_name })),
    { timeFrom: first.time_from, timeTo: first.time_to },
    on(approved),
    on(rejected).map((d) => ({ ...d, reason: SERIES_MSG.otherDates })),
  );
  const send = await ctx.activity.notify(first.account_id, { type: 'borrow_request', id: approved[0] ?? rejected[0] }, notice);
  send();
}
