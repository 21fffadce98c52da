import { idParams, messageResult } from '../common/schemas';
import { endpoints } from '../common/endpoint';
import { OFFICE_ROLES, STAFF_ROLES } from '../roles';
import { addDesignationBody, designationBody, designationList, designationResult } from './schemas';

export const designationEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/designations',
    access: OFFICE_ROLES,
    schema: {
      // docs/product.md: the personnel dashboard's grid shows each person, so colleagues see who covers what.
      summary: 'Every personnel member with their job type and designations (the office reads them; administrators change them)',
      response: { 200: designationList },
    },
  },
  add: {
    method: 'POST',
    path: '/api/designations',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add a designation to a personnel member (text trimmed; empty refused)',
      body: addDesignationBody,
      response: { 201: designationResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/designations/:id',
    access: STAFF_ROLES,
    schema: {
      summary: 'Change a designation’s text (trimmed; empty refused)',
      params: idParams,
      body: designationBody,
      response: { 200: designationResult },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/designations/:id',
    access: STAFF_ROLES,
    schema: { summary: 'Delete a designation', params: idParams, response: { 200: messageResult } },
  },
});
