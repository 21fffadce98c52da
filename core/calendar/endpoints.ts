import { endpoints } from '../common/endpoint';
import { fileResponse, messageResult } from '../common/schemas';
import { ROLES } from '../roles';
import { feedCreated, feedStatus, feedTokenParams } from './schemas';

/** Private calendar feeds (docs/decisions/calendar-feeds.md). */
export const calendarEndpoints = endpoints({
  status: {
    method: 'GET',
    path: '/api/calendar-feed',
    access: ROLES,
    schema: {
      summary: "Whether the signed-in person's calendar feed is on (its address is shown only when made)",
      response: { 200: feedStatus },
    },
  },
  create: {
    method: 'POST',
    path: '/api/calendar-feed',
    access: ROLES,
    schema: {
      summary: 'Turn on the calendar feed, or make a new address: the old address stops working. Answers the address, once',
      response: { 201: feedCreated },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/calendar-feed',
    access: ROLES,
    schema: { summary: 'Turn off the calendar feed: its address stops working', response: { 200: messageResult } },
  },
  feed: {
    method: 'GET',
    path: '/api/calendar/:token/feed.ics',
    access: 'public',
    schema: {
      summary:
        "A person's calendar (iCalendar, text/calendar), read by calendar apps with the secret token in its address: their loans' pick-up and return days, and for personnel their tasks of this week and the next. 404 for an unknown or revoked token",
      params: feedTokenParams,
      produces: ['text/calendar'],
      response: { 200: fileResponse('The calendar', ['text/calendar']) },
    },
  },
});
