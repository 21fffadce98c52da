import { endpoints } from '../common/endpoint';
import { fileResponse, idParams, messageResult } from '../common/schemas';
import { STAFF_ROLES } from '../roles';
import {
  report,
  reportFilters,
  reportKindParams,
  runScheduledBody,
  runScheduledResult,
  savedReportBody,
  savedReportList,
  savedReportResult,
} from './schemas';

/** Reports for the office (administrators and staff), and saved and scheduled reports (docs/decisions/reports.md). */
export const reportEndpoints = endpoints({
  report: {
    method: 'GET',
    path: '/api/reports/:kind',
    access: STAFF_ROLES,
    schema: {
      summary:
        'A report (lending, utilization, overdue, repairs, ratings) for ?from=&to= (default: the last 30 days) and its filters (category; building, trade): table, totals, chart data',
      params: reportKindParams,
      querystring: reportFilters,
      response: { 200: report },
    },
  },
  csv: {
    method: 'GET',
    path: '/api/reports/:kind/csv',
    access: STAFF_ROLES,
    schema: {
      summary: 'The report as CSV, same filters',
      params: reportKindParams,
      querystring: reportFilters,
      response: { 200: fileResponse('The report', ['text/csv']) },
    },
  },
  pdf: {
    method: 'GET',
    path: '/api/reports/:kind/pdf',
    access: STAFF_ROLES,
    schema: {
      summary: 'The report as a PDF with the office header, its filters, the table and page numbers, same filters',
      params: reportKindParams,
      querystring: reportFilters,
      response: { 200: fileResponse('The report', ['application/pdf']) },
    },
  },
  savedList: {
    method: 'GET',
    path: '/api/saved-reports',
    access: STAFF_ROLES,
    schema: {
      summary: 'Saved reports with their schedules, and the office staff who may receive them',
      response: { 200: savedReportList },
    },
  },
  save: {
    method: 'POST',
    path: '/api/saved-reports',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Save a report with its filters under a name; schedule none, weekly (Mondays 7:00) or monthly (the 1st, 7:00) to chosen administrators and staff',
      body: savedReportBody,
      response: { 201: savedReportResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/saved-reports/:id',
    access: STAFF_ROLES,
    schema: {
      summary: "Change a saved report's name, filters, schedule or recipients",
      params: idParams,
      body: savedReportBody,
      response: { 200: savedReportResult },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/saved-reports/:id',
    access: STAFF_ROLES,
    schema: { summary: 'Delete a saved report (its schedule stops)', params: idParams, response: { 200: messageResult } },
  },
  runScheduled: {
    method: 'POST',
    path: '/api/dev/saved-reports/run',
    access: STAFF_ROLES,
    schema: {
      summary: 'Development only: send the scheduled reports due at `now` (default: the present), as the hourly job does',
      body: runScheduledBody,
      response: { 200: runScheduledResult },
    },
  },
});
