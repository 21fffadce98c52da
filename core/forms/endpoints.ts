/** The preventive-maintenance forms (docs/product.md, docs/decisions/form-checks.md): each filled form as a PDF, built on the server from the posted values. Office only. */
import { endpoints } from '../common/endpoint';
import { fileResponse, idParams } from '../common/schemas';
import { inspectionList, inspectionListQuery, inspectionResult, saveInspectionBody } from '../inspections/schemas';
import { roomHistory, roomHistoryQuery } from '../locations/history';
import { OFFICE_ROLES, STAFF_ROLES } from '../roles';
import { checklistForm, workOrderForm } from './schemas';

const PDF = { 200: fileResponse('The filled form', ['application/pdf']) };

export const formEndpoints = endpoints({
  checklistPdf: {
    method: 'POST',
    path: '/api/forms/checklist.pdf',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Download Form: the Preventive Maintenance Checklist filled with { campus, building, designation, roomOffice, monthYear, particulars { "1.1": { status: check | x | na, remarks } } } as a PDF with signature space',
      body: checklistForm,
      response: PDF,
    },
  },
  workOrderPdf: {
    method: 'POST',
    path: '/api/forms/work-order.pdf',
    access: STAFF_ROLES,
    schema: {
      summary: 'Download Form: the Work Order Request Form filled with the posted fields, two copies on the page, as a PDF',
      body: workOrderForm,
      response: PDF,
    },
  },

  // ---- saved inspections ----

  saveInspection: {
    method: 'POST',
    path: '/api/inspections',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Save Inspection: the filled checklist and a priority; building, room and month are required. Each particular marked x becomes a pending repair report for that building and room, in the same transaction',
      body: saveInspectionBody,
      response: { 201: inspectionResult },
    },
  },
  inspections: {
    method: 'GET',
    path: '/api/inspections',
    access: STAFF_ROLES,
    schema: {
      summary: 'The inspection history, newest first, of one building (and room) or all; paged',
      querystring: inspectionListQuery,
      response: { 200: inspectionList },
    },
  },
  inspectionPdf: {
    method: 'GET',
    path: '/api/inspections/:id/pdf',
    access: STAFF_ROLES,
    schema: { summary: 'A saved inspection as the checklist PDF again', params: idParams, response: PDF },
  },

  // ---- a room's history (docs/decisions/rooms-and-followers.md): its reports' events and its inspections ----

  roomHistory: {
    method: 'GET',
    path: '/api/rooms/:id/history',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "A room's history, newest first: its repair reports filed, scheduled, started and completed, and the inspections made there; paged",
      params: idParams,
      querystring: roomHistoryQuery,
      response: { 200: roomHistory },
    },
  },
});
