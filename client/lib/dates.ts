export { formatCalendarDate } from '../../core/time';

const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The day of an instant (ISO), in the browser's zone. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
