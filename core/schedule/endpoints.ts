import { idParams, noContent } from '../common/schemas';
import { endpoints } from '../common/endpoint';
import { OFFICE_ROLES, STAFF_ROLES } from '../roles';
import {
  scheduleDayItems,
  scheduleDayQuery,
  scheduleEntryBody,
  scheduleEntryResult,
  scheduleEntryUpdateBody,
  schedulePersonnel,
  scheduleWeek,
  scheduleWeekQuery,
} from './schemas';

export const scheduleEndpoints = endpoints({
  week: {
    method: 'GET',
    path: '/api/schedule',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'The week (?week= its Monday, YYYY-MM-DD; this week in the campus time zone by default): manual entries and repair work grouped by weekday, Monday first, with the summary counts; personnel see their own tasks flagged and their counters',
      querystring: scheduleWeekQuery,
      response: { 200: scheduleWeek },
    },
  },
  day: {
    method: 'GET',
    path: '/api/schedule/day',
    access: OFFICE_ROLES,
    schema: {
      summary: "One day's items by start time, paged (?date=YYYY-MM-DD&page=&pageSize=): the day card's Show all",
      querystring: scheduleDayQuery,
      response: { 200: scheduleDayItems },
    },
  },
  personnel: {
    method: 'GET',
    path: '/api/schedule/personnel',
    access: STAFF_ROLES,
    schema: {
      summary: 'The personnel accounts a schedule entry can be tied to',
      response: { 200: schedulePersonnel },
    },
  },
  add: {
    method: 'POST',
    path: '/api/schedule',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Add Schedule: { week? (its Monday; this week by default), day, startTime, endTime (HH:MM, after the start), workType, personnelId, location, building, priority?, issueDescription? }',
      body: scheduleEntryBody,
      response: { 201: scheduleEntryResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/schedule/:id',
    access: STAFF_ROLES,
    schema: {
      summary:
        "Edit a manual schedule entry (not repair work): the Add Schedule body and checks (week? its Monday; the entry's own week by default), moving it to that day, and status? to mark it",
      params: idParams,
      body: scheduleEntryUpdateBody,
      response: { 200: scheduleEntryResult },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/schedule/:id',
    access: STAFF_ROLES,
    schema: { summary: 'Delete a manual schedule entry (not repair work)', params: idParams, response: { 204: noContent } },
  },
});
