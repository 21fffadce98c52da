/**
 * A person's calendar as iCalendar (docs/decisions/calendar-feeds.md), written by ical-generator: their loans'
 * pick-up and return days as all-day events on the campus's dates, and personnel's tasks of this week and the next
 * as timed events at the campus's wall time. Each event's UID stays the same across reads, so calendar apps update
 * events rather than adding copies.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { requestCode } from '../../../core/borrowing/rules';
import { addDays, instantAt, todayIn, weekOf } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { loansForCalendar } from '../borrowing';
import { tasksOf } from '../schedule';

dayjs.extend(utc);

/** Loans whose return day is this many days ago or later stay on the calendar. */
const LOANS_BACK_DAYS = 30;

export async function calendarOf(ctx: Ctx, person: Account): Promise<string> {
  const zone = ctx.config.campusTimeZone;
  const today = todayIn(zone);
  const host = new URL(ctx.config.appUrl).hostname || 'campus-gso';
  const cal = ical({ name: 'Campus GSO', prodId: { company: 'Campus GSO', product: 'calendar-feed', language: 'EN' } });
  cal.method(ICalCalendarMethod.PUBLISH);
  const day = (date: string) => dayjs.utc(date);

  for (const loan of await loansForCalendar(ctx.db, person.id, addDays(today, -LOANS_BACK_DAYS))) {
    const code = requestCode(loan.id);
    const items = loan.items.map((l) => `${l.quantity_approved || l.quantity_requested} x ${l.item_name}`).join(', ');
    const asked = loan.status === 'pending' ? ' (awaiting approval)' : '';
    const description = `${code}${asked}: ${items}. Purpose: ${loan.purpose}`;
    // A booking with hours: a moment at its pick-up time and one at its return time (no end: nothing lasts there).
    const at = (date: string, time: string) => new Date(instantAt(date, time, zone));
    cal.createEvent({
      id: `loan-${loan.id}-pickup@${host}`,
      ...(loan.time_from
        ? { start: at(loan.date_needed, loan.time_from) }
        : { allDay: true, start: day(loan.date_needed), end: day(addDays(loan.date_needed, 1)) }),
      summary: `Pick up ${code}${asked}`,
      description,
    });
    cal.createEvent({
      id: `loan-${loan.id}-return@${host}`,
      ...(loan.time_to
        ? { start: at(loan.date_expected_return, loan.time_to) }
        : { allDay: true, start: day(loan.date_expected_return), end: day(addDays(loan.date_expected_return, 1)) }),
      summary: `Return ${code}${asked}`,
      description,
    });
  }

  if (person.role === 'personnel') {
    const thisWeek = weekOf(today).start;
    for (const task of await tasksOf(ctx, person.id, [thisWeek, addDays(thisWeek, 7)])) {
      const place = [task.building, task.location].filter(Boolean).join(' - ');
      const base = { id: `${task.key}@${host}`, summary: task.workType, location: place, description: task.issueDescription };
      if (task.startTime && task.endTime)
        cal.createEvent({
          ...base,
          start: new Date(instantAt(task.date, task.startTime, zone)),
          end: new Date(instantAt(task.date, task.endTime, zone)),
        });
      else cal.createEvent({ ...base, allDay: true, start: day(task.date), end: day(addDays(task.date, 1)) });
    }
  }
  return withZoneInHeader(cal.toString(), zone);
}

/**
 * X-WR-TIMEZONE is a calendar property, so it belongs before the first component (Outlook ignores calendar
 * properties written after them). ical-generator writes its custom properties after the events, and its own
 * time-zone setting would write every event in that zone's wall time, which needs a VTIMEZONE it cannot make
 * here; so the line is placed in the header of what it wrote.
 */
function withZoneInHeader(text: string, zone: string): string {
  const at = text.search(/^BEGIN:V(EVENT|TODO|TIMEZONE)\r?$|^END:VCALENDAR\r?$/m);
  return `${text.slice(0, at)}X-WR-TIMEZONE:${zone}\r\n${text.slice(at)}`;
}
