import {
  AVAILABILITY_MSG,
  freeByDay,
  hoursPhrase,
  leftByDay,
  shortDays,
  type DateConflict,
  type Hold,
  type Span,
} from '../../../core/borrowing/availability';
import { minutesOfDay } from '../../../core/time';
import { OPEN_LOAN_STATUSES } from '../../../core/borrowing/rules';
import type { Db } from '../../db/database';
import { HttpError } from '../../errors';
import { createListCache } from '../../lib/listCache';
import { shelfOf } from '../inventory';

/**
 * Availability by date (docs/decisions/reservations.md). An item's capacity is what is on its shelf now plus what
 * its open loans will bring back (units in repair, lost or retired are in neither). Each open loan that took stock
 * holds it from today to its expected return (an overdue one through today); each reservation not yet handed out
 * holds its own dates only. What is free on a day is the capacity less the holds covering it.
 */
export interface ItemBasis {
  itemId: number;
  name: string;
  /** Whether the office lends the item at all (its status is available): if not, nothing is free on any day. */
  lendable: boolean;
  capacity: number;
  holds: Hold[];
}

export async function basisOf(db: Db, itemIds: number[], today: string): Promise<Map<number, ItemBasis>> {
  const out = new Map<number, ItemBasis>();
  if (!itemIds.length) return out;
  const items = await shelfOf(db, itemIds);
  for (const item of items) {
    const lendable = item.item_status === 'available';
    out.set(item.id, { itemId: item.id, name: item.name, lendable, capacity: lendable ? Math.max(0, item.quantity) : 0, holds: [] });
  }
  const lines = await db
    .selectFrom('borrow_request_items as bri')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .select([
      'bri.item_id',
      'bri.quantity_approved',
      'bri.quantity_verified',
      'bri.quantity_reserved',
      'br.book_ahead',
      'br.handed_out_at',
      'br.status',
      'br.date_needed',
      'br.date_expected_return',
      'br.time_from',
      'br.time_to',
    ])
    .where('bri.item_id', 'in', itemIds)
    .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
    .execute();
  for (const line of lines) {
    const basis = out.get(line.item_id!);
    if (!basis) continue;
    const lent = line.quantity_approved - line.quantity_verified;
    if (lent > 0) {
      if (basis.lendable) basis.capacity += lent;
      // Due back at a time today or later: held until then; overdue: through today.
      const due = line.date_expected_return >= today;
      basis.holds.push({
        from: today,
        to: due ? line.date_expected_return : today,
        ...(due && line.time_to ? { toMin: minutesOfDay(line.time_to) } : {}),
        quantity: lent,
      });
    }
    const reserved =
      line.status === 'approved' && Number(line.book_ahead) === 1 && line.handed_out_at === null ? line.quantity_reserved : 0;
    if (reserved > 0) basis.holds.push({ ...spanOfRequest(line), quantity: reserved });
  }
  return out;
}

/** A request's span: its dates, and its hours when it names them. */
export function spanOfRequest(r: {
  date_needed: string;
  date_expected_return: string;
  time_from: string | null;
  time_to: string | null;
}): Span {
  return {
    from: r.date_needed,
    to: r.date_expected_return,
    ...(r.time_from ? { fromMin: minutesOfDay(r.time_from) } : {}),
    ...(r.time_to ? { toMin: minutesOfDay(r.time_to) } : {}),
  };
}

/** A span from today on: the past is not lent (its first day's hour no longer applies once it starts today). */
function fromToday(span: Span, today: string): Span {
  return span.from < today ? { ...span, from: today, fromMin: undefined } : span;
}

type Availability = { itemId: number; name: string; free: number; days: { date: string; free: number }[] }[];

/**
 * Answers kept while no request, line or item changes (migration 040 raises the requests' version with their lines;
 * the shelf and an item's status are the items' version), per items, span and day: an item asked over a semester
 * is read once, not by every reader of Borrow Items (docs/history/performance-journal.md, "Planning ahead").
 */
const keptAvailability = createListCache<Availability>(['borrow_requests', 'items'], 100);

/** What is free of each item on each day of a span (from today on: the past is not lent). */
export async function availability(db: Db, itemIds: number[], span: Span, today: string): Promise<Availability> {
  const key = `${itemIds.join(',')}\n${span.from}\n${span.to}\n${span.fromMin ?? ''}\n${span.toMin ?? ''}\n${today}`;
  return keptAvailability(db, key, () => freshAvailability(db, itemIds, span, today));
}

async function freshAvailability(db: Db, itemIds: number[], span: Span, today: string): Promise<Availability> {
  const asked = fromToday(span, today);
  const bases = await basisOf(db, itemIds, today);
  return itemIds.flatMap((id) => {
    const b = bases.get(id);
    if (!b) return [];
    const days = asked.from <= asked.to ? freeByDay(b.capacity, b.holds, asked) : [];
    return [{ itemId: id, name: b.name, free: days.length ? Math.min(...days.map((d) => d.free)) : 0, days }];
  });
}

export { lockItemRows as lockItems } from '../inventory';

/** An item wanted over a span. */
export type LineSpan = Span & { itemId: number; quantity: number };

function refuse(conflicts: DateConflict[]): void {
  if (conflicts.length) throw new HttpError(409, 'dates_unavailable', AVAILABILITY_MSG.datesUnavailable(conflicts[0]), { conflicts });
}

/**
 * Refuses (409 `dates_unavailable`, naming the days and what is free on each) when any line wants more than is free
 * at some moment of its span.
 */
export async function assertDatesFree(db: Db, lines: LineSpan[], today: string): Promise<void> {
  const bases = await basisOf(
    db,
    lines.map((l) => l.itemId),
    today,
  );
  const conflicts: DateConflict[] = [];
  for (const line of lines) {
    const b = bases.get(line.itemId);
    if (!b) continue; // an item gone is answered by the caller's own checks
    const days = shortDays(freeByDay(b.capacity, b.holds, fromToday(line, today)), line.quantity);
    if (days.length) conflicts.push({ itemId: line.itemId, itemName: b.name, wanted: line.quantity, days, hours: hoursPhrase(line) });
  }
  refuse(conflicts);
}

/** Each item over one span, as the checks above take them. */
export const spansOf = (items: { itemId: number; quantity: number }[], span: Span): LineSpan[] =>
  items.map((l) => ({ ...span, itemId: l.itemId, quantity: l.quantity }));

/**
 * After an ordinary approval took its stock (and so is among the holds): no day of its span may be held beyond the
 * item's capacity, which only a reservation on those dates can cause. Names what was free before this approval.
 */
export async function assertNoOverbooking(trx: Db, lines: LineSpan[], today: string): Promise<void> {
  const bases = await basisOf(
    trx,
    lines.map((l) => l.itemId),
    today,
  );
  const conflicts: DateConflict[] = [];
  for (const line of lines) {
    const b = bases.get(line.itemId);
    if (!b) continue;
    const days = leftByDay(b.capacity, b.holds, fromToday(line, today))
      .filter((d) => d.free < 0)
      .map((d) => ({ date: d.date, free: Math.max(0, d.free + line.quantity) }));
    if (days.length) conflicts.push({ itemId: line.itemId, itemName: b.name, wanted: line.quantity, days });
  }
  refuse(conflicts);
}
