/**
 * The office calendar of the demo (docs/decisions/office-calendar.md): Monday to Friday, 8:00 AM to 5:00 PM (the
 * default week), and the campus's fixed-date holidays and the Christmas break, each at its next coming, so the
 * demo always has closures ahead. Written directly, as the office would have entered them long ago.
 */
import { addDays, todayIn } from '../../core/time';
import type { Ctx } from '../context';

const CLOSURES: { name: string; month: number; day: number; days: number }[] = [
  { name: 'Labor Day', month: 5, day: 1, days: 1 },
  { name: 'Independence Day', month: 6, day: 12, days: 1 },
  { name: 'National Heroes Day', month: 8, day: 31, days: 1 },
  { name: "All Saints' Day", month: 11, day: 1, days: 2 },
  { name: 'Bonifacio Day', month: 11, day: 30, days: 1 },
  { name: 'Christmas Break', month: 12, day: 23, days: 11 },
];

/** The next coming (or the present one) of a yearly closure. */
function nextComing(today: string, c: (typeof CLOSURES)[number]) {
  const year = Number(today.slice(0, 4));
  for (const y of [year - 1, year, year + 1]) {
    const from = `${y}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
    const to = addDays(from, c.days - 1);
    if (to >= today) return { from, to };
  }
  throw new Error('unreachable');
}

export async function seedCalendar(ctx: Ctx): Promise<void> {
  const today = todayIn(ctx.config.campusTimeZone);
  const at = new Date(Date.now() - 200 * 86_400_000).toISOString();
  const rows = CLOSURES.map((c) => ({ name: c.name, ...nextComing(today, c) }))
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((c) => ({ name: c.name, starts_on: c.from, ends_on: c.to, created_at: at }));
  await ctx.db.insertInto('office_closures').values(rows).execute();
}
