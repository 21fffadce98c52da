import { endpoints } from '../common/endpoint';
import { fileResponse } from '../common/schemas';
import { OFFICE_ROLES, ROLES, STAFF_ROLES } from '../roles';
import {
  activityFeed,
  activityQuery,
  auditCsvQuery,
  auditLog,
  auditQuery,
  notificationList,
  officeBellPreferences,
  unreadCount,
} from './schemas';

export const activityEndpoints = endpoints({
  notifications: {
    method: 'GET',
    path: '/api/notifications',
    access: ROLES,
    schema: {
      summary: 'The header bell: my latest notifications, or for the office its latest activity by others; and how many are unread',
      response: { 200: notificationList },
    },
  },
  preferences: {
    method: 'GET',
    path: '/api/notifications/preferences',
    access: OFFICE_ROLES,
    schema: { summary: 'My office bell settings', response: { 200: officeBellPreferences } },
  },
  savePreferences: {
    method: 'PUT',
    path: '/api/notifications/preferences',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Email me (office staff) when a request is filed or a return awaits verification',
      body: officeBellPreferences,
      response: { 200: officeBellPreferences },
    },
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/read',
    access: ROLES,
    schema: { summary: 'Mark all my notifications read', response: { 200: unreadCount } },
  },
  feed: {
    method: 'GET',
    path: '/api/activity',
    access: ROLES,
    schema: {
      summary:
        'The activity feed, newest first, 5 per page by default: students and faculty see what concerns them, the office sees everything',
      querystring: activityQuery,
      response: { 200: activityFeed },
    },
  },
  audit: {
    method: 'GET',
    path: '/api/activity/audit',
    access: STAFF_ROLES,
    schema: {
      summary:
        'The audit view: the whole activity log, newest first, filtered by person (name contains), action type and campus days from/to (inclusive), with every action type for the filter',
      querystring: auditQuery,
      response: { 200: auditLog },
    },
  },
  auditCsv: {
    method: 'GET',
    path: '/api/activity/audit.csv',
    access: STAFF_ROLES,
    schema: {
      summary: 'The audit view as CSV under the same filters (at most 20,000 rows)',
      querystring: auditCsvQuery,
      response: { 200: fileResponse('The activity log', ['text/csv']) },
    },
  },
});
