import { isCalendarDate } from '../../core/time';

const CALENDAR = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * A plain calendar date (YYYY-MM-DD) as "Nov 20, 2026". Read as UTC so no browser time zone can move
 * it a day (DECISIONS 13).
 */
export const formatCalendarDate = (date: string) => (isCalendarDate(date) ? CALENDAR.format(new Date(`${date}T00:00:00Z`)) : date);

/** The day of an instant (ISO), in the browser's zone. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
