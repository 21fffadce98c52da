import { endpoints } from '../common/endpoint';
import { fileQuery, fileResponse, idParams, messageResult } from '../common/schemas';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../files';
import { OFFICE_ROLES, ROLES, STAFF_ROLES } from '../roles';
import { csvExportQuery, csvImportBody, csvImportResult, csvPreview } from './csv';
import { unitCsvExportQuery, unitCsvImportBody, unitCsvImportResult, unitCsvPreview } from './unitCsv';
import { reorderList } from './reorder';
import { itemBody, itemList, itemListQuery, itemResult, itemStatusBody } from './schemas';
import {
  bulkUnitsBody,
  retireUnitBody,
  tagParams,
  trackItemBody,
  unitBody,
  unitAssetBody,
  unitEditBody,
  unitList,
  unitLabelsQuery,
  unitListQuery,
  unitLookup,
  unitResult,
  unitsResult,
} from './unitSchemas';

export const inventoryEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/items',
    access: ROLES,
    schema: {
      summary:
        'Inventory items with stock status and availability; search by name, category or description; category and item-status filters; counts per category and a stock summary',
      querystring: itemListQuery,
      response: { 200: itemList },
    },
  },
  photo: {
    method: 'GET',
    path: '/api/items/:id/photo',
    access: ROLES,
    schema: {
      summary: "An item's photo; ?w= scales it down (thumbnails)",
      params: idParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The photo',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },

  // ---- the office's writes (administrators and staff) ----

  add: {
    method: 'POST',
    path: '/api/items',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add Item: { name, description?, category, quantity, minStock, itemStatus? }',
      body: itemBody,
      response: { 201: itemResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/items/:id',
    access: STAFF_ROLES,
    schema: {
      summary: 'Edit Item: every field, as Add Item; requests already made keep the name they borrowed',
      params: idParams,
      body: itemBody,
      response: { 200: itemResult },
    },
  },
  setStatus: {
    method: 'PUT',
    path: '/api/items/:id/status',
    access: STAFF_ROLES,
    schema: {
      summary: 'Change the item status: { itemStatus: available | unavailable | damaged }; only available items can be requested',
      params: idParams,
      body: itemStatusBody,
      response: { 200: itemResult },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/items/:id',
    access: STAFF_ROLES,
    schema: {
      summary: 'Delete Item; refused (409, item_on_loan) while units are out on loan, saying how many',
      params: idParams,
      response: { 200: messageResult },
    },
  },
  setPhoto: {
    method: 'POST',
    path: '/api/items/:id/photo',
    access: STAFF_ROLES,
    schema: {
      summary: 'Set the item photo: multipart with the image in field "photo" (JPEG, PNG or GIF, at most 5 MB)',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: itemResult },
    },
  },
  removePhoto: {
    method: 'DELETE',
    path: '/api/items/:id/photo',
    access: STAFF_ROLES,
    schema: { summary: 'Remove the item photo', params: idParams, response: { 200: itemResult } },
  },

  // ---- tracked units (docs/decisions/units.md): the office reads them with personnel; staff and admins write ----

  units: {
    method: 'GET',
    path: '/api/items/:id/units',
    access: OFFICE_ROLES,
    schema: {
      summary: "A tracked item's units: search by asset tag or serial number; status tab with counts",
      params: idParams,
      querystring: unitListQuery,
      response: { 200: unitList },
    },
  },
  unitLabels: {
    method: 'GET',
    path: '/api/items/:id/units/labels.pdf',
    access: STAFF_ROLES,
    schema: {
      summary:
        "Print labels of a tracked item's units: a PDF of QR labels, one per unit the search and status match (retired ones never; or those of ?ids=1,2,3 among them): each the QR code of the unit's short address /u/TAG, its tag, the item's name and serial number, and the office's name; layout sheet (A4, 3 x 8) or single; at most 1,000 labels (400 beyond)",
      params: idParams,
      querystring: unitLabelsQuery,
      response: { 200: fileResponse('The labels', ['application/pdf']) },
    },
  },
  unitByTag: {
    method: 'GET',
    path: '/api/units/by-tag/:tag',
    access: ROLES,
    schema: {
      summary:
        'Find a unit by its asset tag (any case). The office sees the unit; students and faculty get its item only (where to borrow it)',
      params: tagParams,
      response: { 200: unitLookup },
    },
  },
  addUnit: {
    method: 'POST',
    path: '/api/items/:id/units',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add Unit to a tracked item: { tag, serialNumber?, condition, homeRoomId? }; the tag is unique in any case (409)',
      params: idParams,
      body: unitBody,
      response: { 201: unitResult },
    },
  },
  addUnits: {
    method: 'POST',
    path: '/api/items/:id/units/bulk',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Add Units in bulk: { count (1-500), prefix, condition, homeRoomId? } makes PREFIX-0001, PREFIX-0002, ... skipping taken tags',
      params: idParams,
      body: bulkUnitsBody,
      response: { 201: unitsResult },
    },
  },
  editUnit: {
    method: 'PUT',
    path: '/api/units/:id',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Edit Unit: { serialNumber?, condition, homeRoomId?, status: available | in_repair | lost }; a unit on loan or retired keeps its status (409)',
      params: idParams,
      body: unitEditBody,
      response: { 200: unitResult },
    },
  },
  editUnitAsset: {
    method: 'PUT',
    path: '/api/units/:id/asset',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Edit Asset Record: { purchaseDate?, purchaseCost?, supplierId?, warrantyEnd?, propertyNumber? }, each null to clear; a property number already on another unit 409; a retired unit 409',
      params: idParams,
      body: unitAssetBody,
      response: { 200: unitResult },
    },
  },
  retireUnit: {
    method: 'POST',
    path: '/api/units/:id/retire',
    access: STAFF_ROLES,
    schema: {
      summary: 'Retire Unit: { reason }; refused while it is on loan (409). A retired unit stays in the history',
      params: idParams,
      body: retireUnitBody,
      response: { 200: unitResult },
    },
  },
  exportUnitsCsv: {
    method: 'GET',
    path: '/api/units/export.csv',
    access: STAFF_ROLES,
    schema: {
      summary: "Export units CSV: every unit, or ?item= one item's (Item, Asset Tag, Serial Number, Condition, Status, Home Room Code)",
      querystring: unitCsvExportQuery,
      response: { 200: fileResponse('The CSV file', ['text/csv']) },
    },
  },
  importUnitsPreview: {
    method: 'POST',
    path: '/api/units/import/preview',
    access: STAFF_ROLES,
    schema: {
      summary:
        "Import units CSV, step one: { csv } read and every row checked (a tracked item by name, the tag's unit, the room by code); answers each row's action and error. Writes nothing",
      body: unitCsvImportBody,
      response: { 200: unitCsvPreview },
    },
  },
  importUnits: {
    method: 'POST',
    path: '/api/units/import',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Import units CSV, step two: checked again and imported in one transaction: a row whose tag is a unit updates it, others add units; with any wrong row nothing is imported (400, invalid_csv)',
      body: unitCsvImportBody,
      response: { 200: unitCsvImportResult },
    },
  },
  track: {
    method: 'POST',
    path: '/api/items/:id/track',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Track Units: turn a counted item into a tracked one, making one unit per item on hand ({ prefix, condition }); refused while any is out on loan (409)',
      params: idParams,
      body: trackItemBody,
      response: { 200: itemResult },
    },
  },

  // ---- the inventory's CSV export and import. Office only. (The inventory report is the dashboard module's.) ----

  reorder: {
    method: 'GET',
    path: '/api/inventory/reorder',
    access: STAFF_ROLES,
    schema: {
      summary: 'To Reorder: items at or below their reorder level, with their use in the last 90 days and a suggested quantity',
      response: { 200: reorderList },
    },
  },
  reorderCsv: {
    method: 'GET',
    path: '/api/inventory/reorder.csv',
    access: STAFF_ROLES,
    schema: {
      summary:
        'To Reorder as CSV for purchasing (Item Name, Category, Kind, On Hand, Reorder Level, Used, Reorder Quantity, Suggested Quantity)',
      response: { 200: fileResponse('The CSV file', ['text/csv']) },
    },
  },
  exportCsv: {
    method: 'GET',
    path: '/api/inventory/export.csv',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Export CSV: the items the search and category match, one row each (Item Name, Description, Category, Quantity, Min Stock, Item Status)',
      querystring: csvExportQuery,
      response: { 200: fileResponse('The CSV file', ['text/csv']) },
    },
  },
  importPreview: {
    method: 'POST',
    path: '/api/inventory/import/preview',
    access: STAFF_ROLES,
    schema: {
      summary:
        "Import CSV, step one: { csv } read and every row checked by the item rules; answers each row's action and error. Writes nothing",
      body: csvImportBody,
      response: { 200: csvPreview },
    },
  },
  importCsv: {
    method: 'POST',
    path: '/api/inventory/import',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Import CSV, step two: { csv } checked again and imported in one transaction: items matched by name within their category are updated, others added; with any wrong row nothing is imported (400, invalid_csv)',
      body: csvImportBody,
      response: { 200: csvImportResult },
    },
  },
});
