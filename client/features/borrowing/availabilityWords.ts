import { plural } from '../../../core/format';
import { formatCalendarDate } from '../../../core/time';
import { hoursText } from '../../../core/borrowing/timesOfDay';

/** What Borrow Items says of availability by date (docs/decisions/reservations.md). */
export const MSG = {
  bookAheadHelp:
    'Hold the items on these dates only and collect them at the office on the date needed. Not collected by the end of that day, the booking is released.',
  freeHeading: (from: string, to: string, hours: { timeFrom: string; timeTo: string } | null = null) =>
    from === to
      ? `Free on ${formatCalendarDate(from)}${hours ? `, ${hoursText(hours.timeFrom, hours.timeTo)}` : ''}`
      : `Free from ${formatCalendarDate(from)}${hours ? ` ${hours.timeFrom}` : ''} to ${formatCalendarDate(to)}${hours ? ` ${hours.timeTo}` : ''}`,
  hoursHelp: 'Optional: leave both times empty to book whole days.',
  hoursReturn: 'On the expected return date.',
  hoursSeries: 'The same hours on every date.',
  freeLine: (name: string, free: number) => `${name}: ${plural(free, 'unit')} free`,
  upToOnDates: (free: number) => `Up to ${free} on your dates`,
  outOfStockToday:
    'It may be back by a later day: Book Ahead puts it in your cart; choose a later date needed and tick Book ahead, and the cart says whether it is free on your dates.',
  notFree: (name: string, dates: string[]) =>
    `${name}: not free on ${dates.slice(0, 4).map(formatCalendarDate).join(', ')}${dates.length > 4 ? ` and ${plural(dates.length - 4, 'more day')}` : ''}`,
};
