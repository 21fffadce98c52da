import { fileResponse, idParams, noContent } from '../common/schemas';
import { endpoints } from '../common/endpoint';
import { FILE_KIND_MIME } from '../files';
import { ADMIN_ONLY, OFFICE_ROLES, ROLES } from '../roles';
import {
  jobNameParams,
  jobRun,
  campusMapResult,
  closureBody,
  closureResult,
  damageTradesBody,
  damageTradesResult,
  supplyRequestersBody,
  supplyRequestersResult,
  officeCalendar,
  weekHoursBody,
  weekHoursResult,
  health,
  maintenanceBody,
  maintenanceResult,
  notFoundReport,
  officeBody,
  officeResult,
  outbox,
  outboxQuery,
  readiness,
  scheduledJobs,
  siteStats,
  siteStatus,
} from './schemas';

export const siteEndpoints = endpoints({
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    schema: { summary: 'Answers once the database is reachable', response: { 200: health, 503: health } },
  },
  ready: {
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    schema: {
      summary: 'Ready for traffic: the database answers, its migrations are current and the file store answers',
      response: { 200: readiness, 503: readiness },
    },
  },
  status: {
    method: 'GET',
    path: '/api/site/status',
    access: 'public',
    schema: {
      summary: 'Whether the site is open or under maintenance, and the office contact details',
      response: { 200: siteStatus },
    },
  },
  maintenance: {
    method: 'PUT',
    path: '/api/site/maintenance',
    access: ADMIN_ONLY,
    schema: { summary: 'Switch maintenance mode', body: maintenanceBody, response: { 200: maintenanceResult } },
  },
  stats: {
    method: 'GET',
    path: '/api/site/stats',
    access: 'public',
    schema: { summary: 'Live figures for the landing page (docs/decisions/real-figures.md)', response: { 200: siteStats } },
  },
  office: {
    method: 'PUT',
    path: '/api/site/office',
    access: ADMIN_ONLY,
    schema: {
      summary: "The office's contact details shown on the landing page: { name, address, phone, email }, all required",
      body: officeBody,
      response: { 200: officeResult },
    },
  },
  supplyRequesters: {
    method: 'GET',
    path: '/api/site/supply-requesters',
    access: ROLES,
    schema: {
      summary: "Who may request each category's supplies (roles per category)",
      response: { 200: supplyRequestersResult },
    },
  },
  setSupplyRequesters: {
    method: 'PUT',
    path: '/api/site/supply-requesters',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Set who may request supplies: { requesters: { HVAC: [roles], ... } }, roles among student, faculty, personnel, staff',
      body: supplyRequestersBody,
      response: { 200: supplyRequestersResult },
    },
  },
  damageTrades: {
    method: 'GET',
    path: '/api/site/damage-trades',
    access: OFFICE_ROLES,
    schema: {
      summary: 'The trade suggested per item category for a repair opened by damage found at a return',
      response: { 200: damageTradesResult },
    },
  },
  setDamageTrades: {
    method: 'PUT',
    path: '/api/site/damage-trades',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'Set the trade suggested per item category: { trades: { HVAC, Plumbing, Janitorial, Electrical, Maintenance } }, each a job type',
      body: damageTradesBody,
      response: { 200: damageTradesResult },
    },
  },
  calendar: {
    method: 'GET',
    path: '/api/site/calendar',
    access: 'public',
    schema: {
      summary: 'The office calendar: the hours of each weekday and the closures that have not ended (docs/decisions/office-calendar.md)',
      response: { 200: officeCalendar },
    },
  },
  setWeekHours: {
    method: 'PUT',
    path: '/api/site/calendar/hours',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Set the office hours of every weekday: { Monday: { open: "08:00", close: "17:00" } | null, ... }',
      body: weekHoursBody,
      response: { 200: weekHoursResult },
    },
  },
  addClosure: {
    method: 'POST',
    path: '/api/site/closures',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Add a closure (a holiday or break): { name, from, to }, calendar dates, both included',
      body: closureBody,
      response: { 201: closureResult },
    },
  },
  removeClosure: {
    method: 'DELETE',
    path: '/api/site/closures/:id',
    access: ADMIN_ONLY,
    schema: { summary: 'Remove a closure', params: idParams, response: { 200: closureResult } },
  },
  uploadCampusMap: {
    method: 'POST',
    path: '/api/site/campus-map',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Upload the campus map: multipart with the image in field "map" (JPEG, PNG or GIF, at most 5 MB), checked and re-encoded',
      consumes: ['multipart/form-data'],
      response: { 200: campusMapResult },
    },
  },
  removeCampusMap: {
    method: 'DELETE',
    path: '/api/site/campus-map',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Remove the uploaded campus map (the configured or shipped one shows again)',
      response: { 200: campusMapResult },
    },
  },
  campusMap: {
    method: 'GET',
    path: '/api/site/campus-map',
    access: 'public',
    schema: {
      summary: 'The campus map image an administrator uploaded, else the one set by CAMPUS_MAP_FILE (404 when the shipped map is used)',
      response: { 200: fileResponse('The campus map', [FILE_KIND_MIME.png, FILE_KIND_MIME.jpeg, FILE_KIND_MIME.gif]) },
    },
  },
  outbox: {
    method: 'GET',
    path: '/api/dev/outbox',
    // The codes in it would sign anyone in: administrators only, even in development.
    access: ADMIN_ONLY,
    schema: {
      summary: 'Development only: mail written while no SMTP server is configured',
      querystring: outboxQuery,
      response: { 200: outbox },
    },
  },
  runJob: {
    method: 'POST',
    path: '/api/dev/jobs/:name/run',
    access: ADMIN_ONLY,
    schema: {
      summary: "Development only: runs a scheduled job's work now, outside its period and without taking it",
      params: jobNameParams,
      response: { 200: jobRun },
    },
  },
  jobs: {
    method: 'GET',
    path: '/api/site/jobs',
    access: ADMIN_ONLY,
    schema: {
      summary: 'The scheduled jobs: when each last ran, succeeded and failed, and when it runs next',
      response: { 200: scheduledJobs },
    },
  },
  logNotFound: {
    method: 'POST',
    path: '/api/site/log-not-found',
    access: 'public',
    schema: {
      summary: 'The 404 page reports the unknown path it was shown for',
      body: notFoundReport,
      response: { 204: noContent },
    },
  },
});
