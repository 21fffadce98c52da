import { endpoints } from '../common/endpoint';
import { fileResponse, idParams } from '../common/schemas';
import { STAFF_ROLES } from '../roles';
import {
  deliveryBody,
  deliveryList,
  deliveryListQuery,
  deliveryResult,
  deliverySchema,
  reverseBody,
  stockCard,
  stockCardQuery,
  supplierBody,
  supplierList,
  supplierQuery,
  supplierResult,
  warrantyList,
  warrantyQuery,
} from './stockSchemas';

/** The stock card, suppliers, deliveries and the asset register (docs/decisions/stock-card.md). Office only. */
export const stockEndpoints = endpoints({
  stockCard: {
    method: 'GET',
    path: '/api/items/:id/stock-card',
    access: STAFF_ROLES,
    schema: {
      summary: "An item's stock card, newest entry first, paged by the database; with the average unit cost of what was received",
      params: idParams,
      querystring: stockCardQuery,
      response: { 200: stockCard },
    },
  },
  stockCardCsv: {
    method: 'GET',
    path: '/api/items/:id/stock-card.csv',
    access: STAFF_ROLES,
    schema: {
      summary: "An item's whole stock card as CSV, oldest entry first",
      params: idParams,
      response: { 200: fileResponse('The CSV file', ['text/csv']) },
    },
  },
  stockCardPdf: {
    method: 'GET',
    path: '/api/items/:id/stock-card.pdf',
    access: STAFF_ROLES,
    schema: {
      summary: "An item's whole stock card as a PDF on the office's letterhead, oldest entry first",
      params: idParams,
      response: { 200: fileResponse('The PDF', ['application/pdf']) },
    },
  },
  suppliers: {
    method: 'GET',
    path: '/api/suppliers',
    access: STAFF_ROLES,
    schema: {
      summary: 'The suppliers list, by name; ?search= by name or contact',
      querystring: supplierQuery,
      response: { 200: supplierList },
    },
  },
  addSupplier: {
    method: 'POST',
    path: '/api/suppliers',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add supplier: { name, contact? }; a name already on the list (any case) is refused (409)',
      body: supplierBody,
      response: { 201: supplierResult },
    },
  },
  deliveries: {
    method: 'GET',
    path: '/api/deliveries',
    access: STAFF_ROLES,
    schema: {
      summary: 'Deliveries, newest received first; search by reference, supplier or item; tabs all, received, reversed',
      querystring: deliveryListQuery,
      response: { 200: deliveryList },
    },
  },
  delivery: {
    method: 'GET',
    path: '/api/deliveries/:id',
    access: STAFF_ROLES,
    schema: { summary: 'A delivery with its lines and the units it made', params: idParams, response: { 200: deliverySchema } },
  },
  recordDelivery: {
    method: 'POST',
    path: '/api/deliveries',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Record delivery: { supplierId | newSupplier { name, contact? }, reference, receivedOn (not in the future), note?, lines [{ itemId, quantity > 0, unitCost (pesos), tagPrefix (tracked items), warrantyEnd? }] }; each line received on its stock card, a tracked line as new units',
      body: deliveryBody,
      response: { 201: deliveryResult },
    },
  },
  reverseDelivery: {
    method: 'POST',
    path: '/api/deliveries/:id/reverse',
    access: STAFF_ROLES,
    schema: {
      summary:
        "Reverse delivery: { reason }; each line's quantity taken back off its stock card. Refused (409) when already reversed, when the stock would go below zero, or when its units have moved",
      params: idParams,
      body: reverseBody,
      response: { 200: deliveryResult },
    },
  },
  deliveryReceipt: {
    method: 'GET',
    path: '/api/deliveries/:id/receipt.pdf',
    access: STAFF_ROLES,
    schema: {
      summary: 'The delivery receipt: a PDF on the office letterhead with the lines, their costs and the total, and signature lines',
      params: idParams,
      response: { 200: fileResponse('The PDF', ['application/pdf']) },
    },
  },
  warrantyEnding: {
    method: 'GET',
    path: '/api/units/warranty-ending',
    access: STAFF_ROLES,
    schema: {
      summary: 'Warranty ending: tracked units (not retired) whose warranty ends within ?days= (default 90) from today, soonest first',
      querystring: warrantyQuery,
      response: { 200: warrantyList },
    },
  },
});
