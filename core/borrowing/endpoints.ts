import { endpoints } from '../common/endpoint';
import { z } from 'zod';
import { fileQuery, fileResponse, idParam, idParams } from '../common/schemas';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../files';
import { tagParams, unitPage } from '../inventory/unitSchemas';
import { problemParams } from './problemSchemas';
import { SUPPLY_REQUESTER_ROLES } from '../inventory/supplies';
import { OFFICE_ROLES, ROLES, STAFF_ROLES, USER_ROLES } from '../roles';
import {
  approveBody,
  availabilityQuery,
  availabilityResult,
  officeCalendarQuery,
  officeCalendarResult,
  seriesApproveBody,
  seriesBody,
  seriesDates,
  seriesDecision,
  seriesPreview,
  seriesResult,
  handOutBody,
  borrowRecordList,
  myRequestList,
  myRequestsQuery,
  newRequestBody,
  oneRequest,
  recordResult,
  recordsQuery,
  rejectBody,
  reminderResult,
  reminderSchedule,
  requestList,
  requestResult,
  requestsQuery,
  unreturnedList,
  unreturnedQuery,
} from './schemas';

const conditionParams = z.object({ id: idParam, conditionId: idParam });
const batchParams = z.object({ id: idParam, batchId: idParam });
const FINDINGS_BODY =
  'JSON { entries: [{ tag | lineId + quantity, condition: good|damaged|missing_parts|lost, note?, priority? }] }, ' +
  'or multipart: field "conditions" with that JSON and a photo per entry not good as "photo<index>"';

/** Who files requests: students and faculty borrow; personnel and staff ask for supplies (docs/decisions/supplies.md). */
const REQUESTER_ROLES = SUPPLY_REQUESTER_ROLES;

export const borrowingEndpoints = endpoints({
  // ---- the borrower ----

  submit: {
    method: 'POST',
    path: '/api/borrow-requests',
    access: REQUESTER_ROLES,
    schema: {
      summary: 'Submit a borrow request: { purpose, dateNeeded, dateExpectedReturn, items: [{ itemId, quantity }] }',
      body: newRequestBody,
      response: { 201: requestResult },
    },
  },
  seriesPreview: {
    method: 'POST',
    path: '/api/borrow-requests/series/preview',
    access: USER_ROLES,
    schema: {
      summary:
        'The dates of a recurring booking ({ items, pattern: { startDate, weekdays: [MO..SU], interval?, count | until } }) and which of them conflict',
      body: seriesBody,
      response: { 200: seriesPreview },
    },
  },
  series: {
    method: 'POST',
    path: '/api/borrow-requests/series',
    access: USER_ROLES,
    schema: {
      summary:
        'Book the same items on a weekly pattern: one booked-ahead request per free date, sharing a series id; the conflicting dates are named and skipped',
      body: seriesBody,
      response: { 201: seriesResult },
    },
  },
  mine: {
    method: 'GET',
    path: '/api/borrow-requests/mine',
    access: REQUESTER_ROLES,
    schema: {
      summary: 'My requests, newest first; search by REQ id or purpose; status tab; tab counts, my totals and units not yet returned',
      querystring: myRequestsQuery,
      response: { 200: myRequestList },
    },
  },
  cancel: {
    method: 'POST',
    path: '/api/borrow-requests/:id/cancel',
    access: REQUESTER_ROLES,
    schema: {
      summary: 'Cancel my pending request, or my approved booking not yet handed out (its dates are freed)',
      params: idParams,
      response: { 200: requestResult },
    },
  },
  returnItems: {
    method: 'POST',
    path: '/api/borrow-requests/:id/return',
    access: USER_ROLES,
    schema: {
      summary:
        'Return my approved items, all or part: multipart with the image in field "proof" (JPEG, PNG or GIF, at most 5 MB) and, ' +
        'for a partial return, field "return" = JSON { items?: [{ lineId, quantity }], units?: [asset tags] } (none: everything still out)',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: requestResult },
    },
  },

  reportProblem: {
    method: 'POST',
    path: '/api/borrow-requests/:id/problems',
    access: USER_ROLES,
    schema: {
      summary:
        'Report a problem with something I hold on an approved loan: multipart with "tag" (a unit) or "lineId" and "quantity" (a counted item), ' +
        '"kind" (broken or missing), "description", and the image in field "photo" (required when broken; JPEG, PNG or GIF, at most 5 MB)',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 201: requestResult },
    },
  },

  // ---- one request, for its owner or the office ----

  one: {
    method: 'GET',
    path: '/api/borrow-requests/:id',
    access: ROLES,
    schema: {
      summary: 'One request with its items (its owner, or the office)',
      params: idParams,
      response: { 200: oneRequest },
    },
  },
  issueSlip: {
    method: 'GET',
    path: '/api/borrow-requests/:id/issue-slip.pdf',
    access: ROLES,
    schema: {
      summary: 'The Issue Slip of a request that issued supplies (its requester, or the office): the lines issued and signature lines',
      params: idParams,
      response: { 200: fileResponse('The issue slip', ['application/pdf']) },
    },
  },
  proof: {
    method: 'GET',
    path: '/api/borrow-requests/:id/proof',
    access: ROLES,
    schema: {
      summary: 'The current proof-of-return image of a request (its owner, or the office); ?w= scales it down',
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

  conditionPhoto: {
    method: 'GET',
    path: '/api/borrow-requests/:id/conditions/:conditionId/photo',
    access: ROLES,
    schema: {
      summary: "The photo of a thing found not good at a request's verified return (its owner, or the office); ?w= scales it down",
      params: conditionParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The photo',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },

  problemPhoto: {
    method: 'GET',
    path: '/api/borrow-requests/:id/problems/:problemId/photo',
    access: ROLES,
    schema: {
      summary: 'The photo of a problem the borrower reported during the loan (its owner, or the office); ?w= scales it down',
      params: problemParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The photo',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },
  batchProof: {
    method: 'GET',
    path: '/api/borrow-requests/:id/returns/:batchId/proof',
    access: ROLES,
    schema: {
      summary: "The proof image of one of a request's returns (its owner, or the office); ?w= scales it down",
      params: batchParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The proof image',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },

  // ---- the office ----

  list: {
    method: 'GET',
    path: '/api/borrow-requests',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'All requests: search by requester, item, REQ id or purpose; status tab with counts; All sorted pending, approved, returned, completed, rejected, others',
      querystring: requestsQuery,
      response: { 200: requestList },
    },
  },
  approve: {
    method: 'POST',
    path: '/api/borrow-requests/:id/approve',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Approve a pending request: { items: [item ids approved] }; the others are approved at 0; stock is taken out',
      params: idParams,
      body: approveBody,
      response: { 200: requestResult },
    },
  },
  seriesDates: {
    method: 'GET',
    path: '/api/borrow-requests/series/:id',
    access: OFFICE_ROLES,
    schema: {
      summary: "A weekly series' dates (its first request's id): each date's request id, code, dates and status, first date first",
      params: idParams,
      response: { 200: seriesDates },
    },
  },
  approveSeries: {
    method: 'POST',
    path: '/api/borrow-requests/series/:id/approve',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "Decide a weekly series at once: { requests: [ids of its dates to approve] } or { all: true }, each approved on its own (all its items); the series' other pending dates are rejected",
      params: idParams,
      body: seriesApproveBody,
      response: { 200: seriesDecision },
    },
  },
  handOut: {
    method: 'POST',
    path: '/api/borrow-requests/:id/hand-out',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Hand out an approved reservation on (or after) its day: { units: [asset tags] } for its tracked lines; the reserved quantities are taken from stock',
      params: idParams,
      body: handOutBody,
      response: { 200: requestResult },
    },
  },
  reject: {
    method: 'POST',
    path: '/api/borrow-requests/:id/reject',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Reject a pending request: { reason? } (default "Request rejected by admin")',
      params: idParams,
      body: rejectBody,
      response: { 200: requestResult },
    },
  },
  remind: {
    method: 'POST',
    path: '/api/borrow-requests/:id/remind',
    access: STAFF_ROLES,
    schema: {
      summary: 'Remind the borrower of an approved request to return it (bell and email)',
      params: idParams,
      response: { 200: reminderResult },
    },
  },
  reminders: {
    method: 'GET',
    path: '/api/borrow-records/reminders',
    access: STAFF_ROLES,
    schema: {
      summary: 'When the automatic return reminders go out, and what the last run sent',
      response: { 200: reminderSchedule },
    },
  },
  complete: {
    method: 'POST',
    path: '/api/borrow-requests/:id/complete',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Verify a returned request: completed. No body: everything good, back in stock. Or the condition of each thing ' +
        '(JSON { entries: [{ tag | lineId + quantity, condition: good|damaged|missing_parts|lost, note?, priority? }] }, ' +
        'or multipart: field "conditions" with that JSON and a photo per entry not good as "photo<index>"); ' +
        'damaged and missing parts go in repair and open a repair report, lost leaves stock',
      params: idParams,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: requestResult },
    },
  },
  notReturned: {
    method: 'POST',
    path: '/api/borrow-requests/:id/not-returned',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Not Yet Returned: a returned request goes back to approved, the borrower is told',
      params: idParams,
      response: { 200: requestResult },
    },
  },

  verifyReturn: {
    method: 'POST',
    path: '/api/borrow-requests/:id/returns/:batchId/verify',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Verify one return (a partial one, or the last): once; no body is everything it brought back good, or the condition of each thing it brought back (' +
        FINDINGS_BODY +
        '); the request completes when nothing is out and every return is verified',
      params: batchParams,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: requestResult },
    },
  },
  refuseReturn: {
    method: 'POST',
    path: '/api/borrow-requests/:id/returns/:batchId/not-returned',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Not Yet Returned on one return: its proof is refused and what it named counts as out again; the borrower is told',
      params: batchParams,
      response: { 200: requestResult },
    },
  },
  counterReturn: {
    method: 'POST',
    path: '/api/borrow-requests/:id/counter-return',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Record a return at the counter for the borrower: JSON { items?: [{ lineId, quantity }], units?: [tags], verify?, entries? } ' +
        '(nothing named: everything out), or multipart with fields "return" (that JSON), "conditions" and files "proof" (optional) and "photo<index>"; ' +
        'with verify or entries it is verified in the same step',
      params: idParams,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: requestResult },
    },
  },

  // ---- borrow records: the loan side of approved requests (docs/decisions/borrow-lifecycle.md) ----

  records: {
    method: 'GET',
    path: '/api/borrow-records',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "Loans (BRW ids): search by id, borrower, purpose or item; tabs all, active (overdue among them), overdue, approved (to be collected), returned, completed, with the search's counts, and counters over every loan",
      querystring: recordsQuery,
      response: { 200: borrowRecordList },
    },
  },
  markReturned: {
    method: 'POST',
    path: '/api/borrow-records/:id/mark-returned',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Mark a loan not yet back (approved, active or overdue) returned: everything not verified yet is checked in, request completed. ' +
        'No body: all good; or the condition of each thing (' +
        FINDINGS_BODY +
        ')',
      params: idParams,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: recordResult },
    },
  },
  unreturned: {
    method: 'GET',
    path: '/api/items/unreturned',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'Items lent and not yet back in stock (approved, or returned awaiting verification), soonest due first, with the total units',
      querystring: unreturnedQuery,
      response: { 200: unreturnedList },
    },
  },

  // ---- availability by date (docs/decisions/reservations.md) ----

  availability: {
    method: 'GET',
    path: '/api/availability',
    access: ROLES,
    schema: {
      summary:
        'What is free of each item on each day of a span (at most 366 days, from today on): ?items=1,2&from=YYYY-MM-DD&to=YYYY-MM-DD; ' +
        'reservations hold their dates, loans out hold until their expected return, units in repair are not counted',
      querystring: availabilityQuery,
      response: { 200: availabilityResult },
    },
  },

  officeCalendar: {
    method: 'GET',
    path: '/api/borrow-calendar',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "The office's day or week (?date=YYYY-MM-DD&view=day|week, the week Monday first): per day the requests going out, coming back and overdue, each request once",
      querystring: officeCalendarQuery,
      response: { 200: officeCalendarResult },
    },
  },
  pickList: {
    method: 'GET',
    path: '/api/borrow-calendar/pick-list.pdf',
    access: OFFICE_ROLES,
    schema: {
      summary: "The day's pick list as a PDF (?date=YYYY-MM-DD): what goes out, with units, and what comes back",
      querystring: officeCalendarQuery,
      response: { 200: fileResponse('The pick list', ['application/pdf']) },
    },
  },

  // ---- a tracked unit's page (docs/decisions/units.md): the unit and its history, loans included ----

  unitPage: {
    method: 'GET',
    path: '/api/units/:tag/history',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "A unit's page by its asset tag (any case): the unit, and everything that happened to it newest first: its loans with borrowers and dates, condition and status changes, moves",
      params: tagParams,
      response: { 200: unitPage },
    },
  },
});
