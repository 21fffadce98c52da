import { fileQuery, fileResponse, idParams, noContent } from '../common/schemas';
import { endpoints } from '../common/endpoint';
import { repairPhotoEndpoints } from './photoEndpoints';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../files';
import { ADMIN_ONLY, OFFICE_ROLES, ROLES, STAFF_ROLES, type Role } from '../roles';
import {
  assignablePersonnel,
  assignmentBody,
  followResult,
  keptPromisesFigures,
  keptPromisesQuery,
  holdBody,
  oneRepair,
  ratingBody,
  repairList,
  repairReportBody,
  repairResult,
  repairsQuery,
  repairTargetsBody,
  repairTimeline,
  repairTargetsResult,
  retireBody,
  roomOpenReports,
  roomReportList,
  roomReportsQuery,
  workBody,
} from './schemas';

/** Only faculty report repairs (docs/product.md); students are refused by the server too. */
const REPORTERS: readonly Role[] = ['faculty'];
const PERSONNEL: readonly Role[] = ['personnel'];

export const repairEndpoints = endpoints({
  ...repairPhotoEndpoints,

  // ---- the office's promises (docs/decisions/repair-deadlines.md) ----

  targets: {
    method: 'GET',
    path: '/api/repairs/targets',
    access: 'public',
    schema: {
      summary: 'The response and fix targets per priority, in working hours or days of the office calendar',
      response: { 200: repairTargetsBody },
    },
  },
  setTargets: {
    method: 'PUT',
    path: '/api/repairs/targets',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'Set the targets: { high|medium|low: { respond: { amount, unit: hours|days }, fix: { amount, unit } } }; new reports use them',
      body: repairTargetsBody,
      response: { 200: repairTargetsResult },
    },
  },

  keptPromises: {
    method: 'GET',
    path: '/api/repairs/kept-promises',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Kept promises over the last 30 or 90 days (?days=30|90): the share of reports answered and fixed within their deadlines, per priority and per trade, and the median times',
      querystring: keptPromisesQuery,
      response: { 200: keptPromisesFigures },
    },
  },

  // ---- the reporter ----

  report: {
    method: 'POST',
    path: '/api/repairs',
    access: REPORTERS,
    schema: {
      summary: 'Report a repair (faculty): { building, room, priority, day, timeStart, timeEnd, issueDescription }',
      body: repairReportBody,
      response: { 201: repairResult },
    },
  },
  mine: {
    method: 'GET',
    path: '/api/repairs/mine',
    access: REPORTERS,
    schema: {
      summary: 'My repair reports, newest first; search by RPR id, building, room or issue; status tab with counts',
      querystring: repairsQuery,
      response: { 200: repairList },
    },
  },
  edit: {
    method: 'PUT',
    path: '/api/repairs/:id',
    access: REPORTERS,
    schema: {
      summary: 'Edit my pending repair report (same fields as the report form)',
      params: idParams,
      body: repairReportBody,
      response: { 200: repairResult },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/repairs/:id',
    access: REPORTERS,
    schema: { summary: 'Delete my pending repair report', params: idParams, response: { 204: noContent } },
  },
  rate: {
    method: 'POST',
    path: '/api/repairs/:id/rating',
    access: REPORTERS,
    schema: {
      summary: 'Rate my completed repair once: { stars: 1-5, comment? }',
      params: idParams,
      body: ratingBody,
      response: { 200: repairResult },
    },
  },

  // ---- following a report already filed (docs/decisions/rooms-and-followers.md) ----

  roomOpen: {
    method: 'GET',
    path: '/api/repairs/room/:id/open',
    access: REPORTERS,
    schema: {
      summary:
        "A room's open reports as a faculty member sees them before filing: issue, status, date, followers, and whether I follow it or filed it (newest first, at most 50)",
      params: idParams,
      response: { 200: roomOpenReports },
    },
  },
  follow: {
    method: 'POST',
    path: '/api/repairs/:id/follow',
    access: REPORTERS,
    schema: {
      summary:
        "Follow an open report someone else filed: I am told of its updates and see it in My Reports. Following twice changes nothing; refused (409) for one's own report or a completed one",
      params: idParams,
      response: { 200: followResult },
    },
  },
  unfollow: {
    method: 'DELETE',
    path: '/api/repairs/:id/follow',
    access: REPORTERS,
    schema: {
      summary: 'Stop following a report; not following it already changes nothing',
      params: idParams,
      response: { 200: followResult },
    },
  },

  // ---- a room's reports, for everyone who works for the office ----

  roomReports: {
    method: 'GET',
    path: '/api/repairs/room/:id',
    access: OFFICE_ROLES,
    schema: {
      summary: "A room's reports, newest first: ?show=open (pending, scheduled, in progress) or past (completed), with both counts",
      params: idParams,
      querystring: roomReportsQuery,
      response: { 200: roomReportList },
    },
  },

  // ---- one report and its photos: its reporter, the person assigned, administrators ----

  one: {
    method: 'GET',
    path: '/api/repairs/:id',
    access: ROLES,
    schema: {
      summary: 'One repair report (its reporter, the person assigned to it, or an administrator)',
      params: idParams,
      response: { 200: oneRepair },
    },
  },
  timeline: {
    method: 'GET',
    path: '/api/repairs/:id/timeline',
    access: ROLES,
    schema: {
      summary:
        "A report's story, oldest first: reported, assigned, started, on hold, resumed, completed, rated, each with when, who and its photo (its reporter, the person assigned, or the office)",
      params: idParams,
      response: { 200: repairTimeline },
    },
  },
  proof: {
    method: 'GET',
    path: '/api/repairs/:id/proof',
    access: ROLES,
    schema: {
      summary: 'The proof of work (the completion photo, else the photo taken at the start); ?w= scales it down',
      params: idParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The proof image',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },
  damagePhoto: {
    method: 'GET',
    path: '/api/repairs/:id/damage-photo',
    access: ROLES,
    schema: {
      summary: 'The photo of the damage taken when the return was verified (equipment-damage reports); ?w= scales it down',
      params: idParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The damage photo',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },
  startProof: {
    method: 'GET',
    path: '/api/repairs/:id/start-proof',
    access: ROLES,
    schema: {
      summary: 'The photo taken when the work started; ?w= scales it down',
      params: idParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The proof image',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },
  reportPdf: {
    method: 'GET',
    path: '/api/repairs/:id/report.pdf',
    access: ROLES,
    schema: {
      summary:
        'The Maintenance Report of a completed repair as a PDF to print (its reporter, the person assigned, administrators): the letterhead, the details, the photos before and after, signature lines',
      params: idParams,
      response: { 200: fileResponse('The report', ['application/pdf']) },
    },
  },

  // ---- administrators ----

  office: {
    method: 'GET',
    path: '/api/repairs',
    access: STAFF_ROLES,
    schema: {
      summary:
        'All repair reports: search by RPR id, reporter, building, room or issue; status tab with counts; completed last, pending first, then high, medium, low',
      querystring: repairsQuery,
      response: { 200: repairList },
    },
  },
  personnel: {
    method: 'GET',
    path: '/api/repairs/personnel',
    access: STAFF_ROLES,
    schema: {
      summary: 'The personnel accounts a repair can be assigned to, with their average rating',
      response: { 200: assignablePersonnel },
    },
  },
  retire: {
    method: 'POST',
    path: '/api/repairs/:id/retire',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Close an open equipment-damage report with the equipment retired, beyond repair: { reason }; the unit leaves stock for good',
      params: idParams,
      body: retireBody,
      response: { 200: repairResult },
    },
  },
  assign: {
    method: 'POST',
    path: '/api/repairs/:id/assign',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Assign a pending report: { assignedTo (personnel id), status? (default scheduled), adminNotes, estimatedCost, day, timeStart, timeEnd }',
      params: idParams,
      body: assignmentBody,
      response: { 200: repairResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/repairs/:id/assignment',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Edit any report: the same fields as assign; to completed it needs workDescription (given or already saved); actualCost is optional (null: none); refused (409) when the report changed meanwhile',
      params: idParams,
      body: assignmentBody,
      response: { 200: repairResult },
    },
  },

  // ---- the person assigned ----

  assigned: {
    method: 'GET',
    path: '/api/repairs/assigned',
    access: PERSONNEL,
    schema: {
      summary: 'The reports assigned to me: search, status tab with counts (Assigned is all)',
      querystring: repairsQuery,
      response: { 200: repairList },
    },
  },
  start: {
    method: 'POST',
    path: '/api/repairs/:id/start',
    access: PERSONNEL,
    schema: {
      summary:
        'Mark my pending or scheduled report in progress: multipart with the image in field "proof" (JPEG, PNG or GIF, at most 5 MB)',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: repairResult },
    },
  },
  complete: {
    method: 'POST',
    path: '/api/repairs/:id/complete',
    access: PERSONNEL,
    schema: {
      summary:
        'Mark my in-progress report completed: multipart with field "workDescription", optional "actualCost" (pesos; blank: none; left out, the one saved with Update) and the image in field "proof" (JPEG, PNG or GIF, at most 5 MB)',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: repairResult },
    },
  },
  hold: {
    method: 'POST',
    path: '/api/repairs/:id/hold',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Put a report that is not completed on hold, with why ({ reason }): its deadlines stop until it resumes (the office, or the person assigned)',
      params: idParams,
      body: holdBody,
      response: { 200: repairResult },
    },
  },
  resume: {
    method: 'POST',
    path: '/api/repairs/:id/resume',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Resume a report on hold: its deadlines move on by the working time it waited (the office, or the person assigned)',
      params: idParams,
      response: { 200: repairResult },
    },
  },
  work: {
    method: 'PUT',
    path: '/api/repairs/:id/work',
    access: PERSONNEL,
    schema: {
      summary:
        'My notes and the actual cost of a report assigned to me, and the Date Completed of a completed one: { personnelNotes, actualCost, dateCompleted? }',
      params: idParams,
      body: workBody,
      response: { 200: repairResult },
    },
  },
});
