import { endpoints } from '../common/endpoint';
import { fileResponse, idParams } from '../common/schemas';
import { OFFICE_ROLES, STAFF_ROLES } from '../roles';
import {
  buildingProgress,
  confirmLossesBody,
  countItemList,
  countItemsQuery,
  countList,
  countListQuery,
  countResult,
  countRoom,
  countSchema,
  countUnitList,
  countUnitsQuery,
  lossesResult,
  moveUnitParams,
  notSeenList,
  notSeenQuery,
  openRoomQuery,
  roomProgress,
  roomProgressQuery,
  scanAnswer,
  scanBatchAnswer,
  scanBatchBody,
  scanBody,
  startCountBody,
  unknownTagList,
  unknownTagsQuery,
} from './countSchemas';

/**
 * The yearly count (docs/decisions/counts.md): the office starts, reconciles and closes it; the counters (the
 * office and personnel) open rooms and scan.
 */
export const countEndpoints = endpoints({
  startCount: {
    method: 'POST',
    path: '/api/counts',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Start a count: { reference, name, buildingIds? (none: the whole campus), categories? }; what is expected is fixed now. One open count per building (409)',
      body: startCountBody,
      response: { 201: countResult },
    },
  },
  counts: {
    method: 'GET',
    path: '/api/counts',
    access: OFFICE_ROLES,
    schema: { summary: 'The counts, newest first; tabs all, open, closed', querystring: countListQuery, response: { 200: countList } },
  },
  count: {
    method: 'GET',
    path: '/api/counts/:id',
    access: OFFICE_ROLES,
    schema: { summary: 'One count, with its figures', params: idParams, response: { 200: countSchema } },
  },
  buildingProgress: {
    method: 'GET',
    path: '/api/counts/:id/buildings',
    access: OFFICE_ROLES,
    schema: {
      summary: "A count's progress per building (and the units with no home room apart)",
      params: idParams,
      response: { 200: buildingProgress },
    },
  },
  roomProgress: {
    method: 'GET',
    path: '/api/counts/:id/rooms',
    access: OFFICE_ROLES,
    schema: {
      summary: "A count's progress per room, by building and code, paged; ?buildingId=",
      params: idParams,
      querystring: roomProgressQuery,
      response: { 200: roomProgress },
    },
  },
  openRoom: {
    method: 'GET',
    path: '/api/counts/:id/room',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Open a room to count it: ?code= (its label code or address) or ?roomId=; 409 when it is outside the count',
      params: idParams,
      querystring: openRoomQuery,
      response: { 200: countRoom },
    },
  },
  scan: {
    method: 'POST',
    path: '/api/counts/:id/scans',
    access: OFFICE_ROLES,
    schema: {
      summary:
        'One scan in a room: { id (UUID), roomId, tag } or { id, roomId, itemId, quantity }; the same id again answers the first result',
      params: idParams,
      body: scanBody,
      response: { 200: scanAnswer },
    },
  },
  scanBatch: {
    method: 'POST',
    path: '/api/counts/:id/scans/batch',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Up to 200 scans in order (a phone back online), each answered on its own',
      params: idParams,
      body: scanBatchBody,
      response: { 200: scanBatchAnswer },
    },
  },
  countUnits: {
    method: 'GET',
    path: '/api/counts/:id/units',
    access: OFFICE_ROLES,
    schema: {
      summary:
        "A count's units of one group (expected, found, found_elsewhere, not_found, unexpected), by tag, paged; ?buildingId=&roomId=",
      params: idParams,
      querystring: countUnitsQuery,
      response: { 200: countUnitList },
    },
  },
  unknownTags: {
    method: 'GET',
    path: '/api/counts/:id/unknown-tags',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Tags scanned that are no unit, with the room, paged',
      params: idParams,
      querystring: unknownTagsQuery,
      response: { 200: unknownTagList },
    },
  },
  countItems: {
    method: 'GET',
    path: '/api/counts/:id/items',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Items counted by quantity: expected against counted, by name, paged',
      params: idParams,
      querystring: countItemsQuery,
      response: { 200: countItemList },
    },
  },
  moveUnit: {
    method: 'POST',
    path: '/api/counts/:id/units/:unitId/move',
    access: STAFF_ROLES,
    schema: {
      summary: 'A unit found elsewhere now belongs in the room it was found in (its home room changes)',
      params: moveUnitParams,
      response: { 200: countResult },
    },
  },
  closeCount: {
    method: 'POST',
    path: '/api/counts/:id/close',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Close the count: no more scans; quantity differences go on the stock cards. Units not found stay as they are until confirmed lost',
      params: idParams,
      response: { 200: countResult },
    },
  },
  confirmLosses: {
    method: 'POST',
    path: '/api/counts/:id/losses',
    access: STAFF_ROLES,
    schema: {
      summary: 'The second confirmation: { unitIds } or { all: true } of the units a closed count did not find become lost',
      params: idParams,
      body: confirmLossesBody,
      response: { 200: lossesResult },
    },
  },
  countReportPdf: {
    method: 'GET',
    path: '/api/counts/:id/report.pdf',
    access: STAFF_ROLES,
    schema: {
      summary: 'The count report as a PDF: found, not found with their values, relocated, quantity differences, signature lines',
      params: idParams,
      response: { 200: fileResponse('The PDF', ['application/pdf']) },
    },
  },
  countReportCsv: {
    method: 'GET',
    path: '/api/counts/:id/report.csv',
    access: STAFF_ROLES,
    schema: {
      summary: 'The count report as CSV: one row per unit and per item counted by quantity',
      params: idParams,
      response: { 200: fileResponse('The CSV file', ['text/csv']) },
    },
  },
  notSeen: {
    method: 'GET',
    path: '/api/units/not-seen',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Units not seen for 12 months: no count found them since (or ever, for units older than that), oldest first, paged',
      querystring: notSeenQuery,
      response: { 200: notSeenList },
    },
  },
});
