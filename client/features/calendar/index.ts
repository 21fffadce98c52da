/** What other features may use of the calendar feeds: the card that turns one's feed on and off. */
export { CalendarFeedCard } from './CalendarFeedCard';
