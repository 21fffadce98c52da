import { endpoints } from '../common/endpoint';
import { idParams } from '../common/schemas';
import { ADMIN_ONLY, OFFICE_ROLES, STAFF_ROLES } from '../roles';
import {
  completeJobBody,
  completeJobResult,
  myPlanJobs,
  planBody,
  planChoices,
  planCompliance,
  planList,
  planListQuery,
  planResult,
} from './schemas';

/**
 * Recurring preventive maintenance plans (docs/decisions/maintenance-plans.md): administrators keep them; the office
 * does their jobs, and personnel the jobs scheduled for them.
 */
export const maintenanceEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/maintenance-plans',
    access: STAFF_ROLES,
    schema: {
      summary:
        'The maintenance plans (?tab=active|overdue|ended|all&search=&page=&pageSize=), with next due, last done and overdue, soonest due first; counts per tab',
      querystring: planListQuery,
      response: { 200: planList },
    },
  },
  choices: {
    method: 'GET',
    path: '/api/maintenance-plans/choices',
    access: STAFF_ROLES,
    schema: { summary: 'The rooms, units, personnel and trades a plan can name', response: { 200: planChoices } },
  },
  mine: {
    method: 'GET',
    path: '/api/maintenance-plans/mine',
    access: ['personnel'],
    schema: {
      summary: "The signed-in personnel's own plan jobs (open jobs of running plans scheduled for them), soonest due first",
      response: { 200: myPlanJobs },
    },
  },
  compliance: {
    method: 'GET',
    path: '/api/maintenance-plans/compliance',
    access: STAFF_ROLES,
    schema: {
      summary: 'Plan compliance over the last 90 days in the campus time zone: jobs due, done on time, done late, missed',
      response: { 200: planCompliance },
    },
  },
  one: {
    method: 'GET',
    path: '/api/maintenance-plans/:id',
    access: STAFF_ROLES,
    schema: { summary: 'One maintenance plan', params: idParams, response: { 200: planResult.shape.plan } },
  },
  create: {
    method: 'POST',
    path: '/api/maintenance-plans',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'New Plan: { title, checklist, roomId or unitId, personnelId or trade, frequency (days|weeks|months|rule), interval, rule (RRULE), startDate, startTime, endTime, priority }. Its first job goes on the weekly schedule at once, moved off closed days',
      body: planBody,
      response: { 201: planResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/maintenance-plans/:id',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Edit a plan (the New Plan fields); its open job is planned again from the new fields and its schedule entry moved',
      params: idParams,
      body: planBody,
      response: { 200: planResult },
    },
  },
  end: {
    method: 'DELETE',
    path: '/api/maintenance-plans/:id',
    access: ADMIN_ONLY,
    schema: {
      summary: 'End a plan: its open job leaves the schedule; jobs done stay in the compliance figures',
      params: idParams,
      response: { 200: planResult },
    },
  },
  complete: {
    method: 'POST',
    path: '/api/maintenance-plans/:id/complete',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "Done with the checklist: saves the plan's open job as an inspection of its room (each particular marked x a pending repair report), marks its schedule entry completed and schedules the next job. Personnel complete only a job scheduled for them (404 otherwise)",
      params: idParams,
      body: completeJobBody,
      response: { 200: completeJobResult },
    },
  },
});
