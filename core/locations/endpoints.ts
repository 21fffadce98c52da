import { endpoints } from '../common/endpoint';
import { fileResponse, idParams, messageResult } from '../common/schemas';
import { OFFICE_ROLES, ROLES, STAFF_ROLES, type Role } from '../roles';
import { locationCsvExportQuery, locationCsvImportBody, locationCsvImportResult, locationCsvPreview } from './csv';
import {
  buildingBody,
  buildingList,
  buildingResult,
  roomBody,
  roomLabelsQuery,
  roomCodeParams,
  roomList,
  roomListQuery,
  roomResult,
  roomSchema,
} from './schemas';

/**
 * Buildings and rooms (docs/decisions/locations.md). Everyone who works for the office reads them (personnel go
 * to the rooms), and faculty, whose repair form offers them; the office's desk, staff and administrators, keeps
 * them (docs/decisions/staff-and-administrators.md).
 */
const READERS: readonly Role[] = [...OFFICE_ROLES, 'faculty'];

export const locationEndpoints = endpoints({
  buildings: {
    method: 'GET',
    path: '/api/buildings',
    access: READERS,
    schema: { summary: 'Every building, by name, with how many rooms each has', response: { 200: buildingList } },
  },
  addBuilding: {
    method: 'POST',
    path: '/api/buildings',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add Building: { code, name, notes? }; the code (kept in capitals) and the name (any case) are unique',
      body: buildingBody,
      response: { 201: buildingResult },
    },
  },
  updateBuilding: {
    method: 'PUT',
    path: '/api/buildings/:id',
    access: STAFF_ROLES,
    schema: {
      summary: 'Edit Building: every field, as Add Building',
      params: idParams,
      body: buildingBody,
      response: { 200: buildingResult },
    },
  },
  removeBuilding: {
    method: 'DELETE',
    path: '/api/buildings/:id',
    access: STAFF_ROLES,
    schema: {
      summary: 'Delete Building; refused (409, building_has_rooms) while it has rooms, saying how many',
      params: idParams,
      response: { 200: messageResult },
    },
  },
  rooms: {
    method: 'GET',
    path: '/api/rooms',
    access: READERS,
    schema: {
      summary: 'Rooms, paged, by building and name; search by room or building name or code; one building with ?building=',
      querystring: roomListQuery,
      response: { 200: roomList },
    },
  },
  roomLabels: {
    method: 'GET',
    path: '/api/rooms/labels.pdf',
    access: STAFF_ROLES,
    schema: {
      summary:
        "Print labels: a PDF of QR labels, one per room the search, building and show match (or those of ?ids=1,2,3 among them): each the QR code of the room's short address /r/CODE, its code, its name and the office's name; layout sheet (A4, 3 x 8 labels of 70 x 37 mm) or single (one 62 x 29 mm label per page); at most 1,000 labels (400 beyond)",
      querystring: roomLabelsQuery,
      response: { 200: fileResponse('The labels', ['application/pdf']) },
    },
  },
  room: {
    method: 'GET',
    path: '/api/rooms/:id',
    access: READERS,
    schema: { summary: 'One room with its building', params: idParams, response: { 200: roomSchema } },
  },
  roomByCode: {
    method: 'GET',
    path: '/api/rooms/code/:code',
    access: ROLES,
    schema: {
      summary:
        "One room with its building, by its code (any case): the room a label's short address /r/CODE names; every signed-in person may read it (docs/decisions/rooms-and-followers.md)",
      params: roomCodeParams,
      response: { 200: roomSchema },
    },
  },
  addRoom: {
    method: 'POST',
    path: '/api/rooms',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add Room: { buildingId, code, name, floor?, notes? }; the code is unique, the name unique (any case) in its building',
      body: roomBody,
      response: { 201: roomResult },
    },
  },
  updateRoom: {
    method: 'PUT',
    path: '/api/rooms/:id',
    access: STAFF_ROLES,
    schema: { summary: 'Edit Room: every field, as Add Room', params: idParams, body: roomBody, response: { 200: roomResult } },
  },
  removeRoom: {
    method: 'DELETE',
    path: '/api/rooms/:id',
    access: STAFF_ROLES,
    schema: {
      summary: 'Delete Room; refused (409, room_in_use) while repair reports name it, saying how many',
      params: idParams,
      response: { 200: messageResult },
    },
  },
  confirmRoom: {
    method: 'POST',
    path: '/api/rooms/:id/confirm',
    access: STAFF_ROLES,
    schema: {
      summary: 'Confirm a room a repair report suggested: it joins the list (docs/decisions/locations.md, Suggested rooms)',
      params: idParams,
      response: { 200: roomResult },
    },
  },
  exportCsv: {
    method: 'GET',
    path: '/api/locations/export.csv',
    access: STAFF_ROLES,
    schema: {
      summary: 'Export CSV: the rooms the search and building match (Building Code, Building Name, Room Code, Room Name, Floor, Notes)',
      querystring: locationCsvExportQuery,
      response: { 200: fileResponse('The CSV file', ['text/csv']) },
    },
  },
  importPreview: {
    method: 'POST',
    path: '/api/locations/import/preview',
    access: STAFF_ROLES,
    schema: {
      summary: "Import CSV, step one: { csv } read and every row checked; answers each row's action and error. Writes nothing",
      body: locationCsvImportBody,
      response: { 200: locationCsvPreview },
    },
  },
  importCsv: {
    method: 'POST',
    path: '/api/locations/import',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Import CSV, step two: { csv } checked again and imported in one transaction: rooms matched by code are updated, others added, new building codes added with their name; with any wrong row nothing is imported (400, invalid_csv)',
      body: locationCsvImportBody,
      response: { 200: locationCsvImportResult },
    },
  },
});
