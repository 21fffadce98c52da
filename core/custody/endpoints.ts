import { endpoints } from '../common/endpoint';
import { fileResponse, idParams } from '../common/schemas';
import { OFFICE_ROLES, STAFF_ROLES } from '../roles';
import { CUSTODIAN_ROLES } from './rules';
import { custodianChoices, custodyBody, custodyResult, myHoldings, slipResult, unitCustody } from './schemas';

/** Custody of tracked units (docs/decisions/custody.md). */
export const custodyEndpoints = endpoints({
  custodians: {
    method: 'GET',
    path: '/api/custody/custodians',
    access: STAFF_ROLES,
    schema: { summary: 'The people who may hold units: active faculty, staff and personnel', response: { 200: custodianChoices } },
  },
  issue: {
    method: 'POST',
    path: '/api/custody/issue',
    access: STAFF_ROLES,
    schema: {
      summary: 'Issue available units for long-term use to a person or a room: one Acknowledgement Receipt',
      body: custodyBody,
      response: { 201: slipResult },
    },
  },
  transfer: {
    method: 'POST',
    path: '/api/custody/transfer',
    access: STAFF_ROLES,
    schema: {
      summary: 'Transfer units from their holder to another person or room: one Transfer Slip, confirmed by the receiver',
      body: custodyBody,
      response: { 201: slipResult },
    },
  },
  unit: {
    method: 'GET',
    path: '/api/custody/units/:id',
    access: OFFICE_ROLES,
    schema: {
      summary: "A unit's custody now: its holder and any transfer awaiting confirmation",
      params: idParams,
      response: { 200: unitCustody },
    },
  },
  acknowledge: {
    method: 'POST',
    path: '/api/custody/units/:id/acknowledge',
    access: CUSTODIAN_ROLES,
    schema: {
      summary: 'The custodian confirms receipt: of a unit issued to them, or of a transfer to them',
      params: idParams,
      response: { 200: custodyResult },
    },
  },
  withdraw: {
    method: 'POST',
    path: '/api/custody/units/:id/withdraw-transfer',
    access: STAFF_ROLES,
    schema: {
      summary: 'Withdraws a transfer awaiting confirmation; the holder stays accountable',
      params: idParams,
      response: { 200: custodyResult },
    },
  },
  return: {
    method: 'POST',
    path: '/api/custody/units/:id/return',
    access: STAFF_ROLES,
    schema: {
      summary: 'Returns a unit to the office: custody ends, the unit is available',
      params: idParams,
      response: { 200: custodyResult },
    },
  },
  mine: {
    method: 'GET',
    path: '/api/custody/mine',
    access: CUSTODIAN_ROLES,
    schema: { summary: 'My accountabilities: the units I hold or am offered, with their total value', response: { 200: myHoldings } },
  },
  slip: {
    method: 'GET',
    path: '/api/custody/slips/:id/pdf',
    access: ['faculty', 'personnel', 'staff', 'admin'],
    schema: {
      summary: 'An Acknowledgement Receipt or a Transfer Slip as a PDF: the office, and the people named on it',
      params: idParams,
      response: { 200: fileResponse('The receipt or slip', ['application/pdf']) },
    },
  },
});
