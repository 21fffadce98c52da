import { idParams } from '../common/schemas';
import { endpoints } from '../common/endpoint';
import { ADMIN_ONLY, OFFICE_ROLES } from '../roles';
import { archiveBody, departmentBody, departmentChoices, departmentChoicesQuery, departmentList, departmentResult } from './schemas';

export const departmentEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/departments',
    access: OFFICE_ROLES,
    schema: {
      summary: 'Every department, active ones first (the office reads; administrators keep the list)',
      response: { 200: departmentList },
    },
  },
  choices: {
    method: 'GET',
    path: '/api/departments/choices',
    access: 'public',
    schema: {
      summary: 'The active departments a person may choose (the registration and profile forms); `keep` adds the one a person already has',
      querystring: departmentChoicesQuery,
      response: { 200: departmentChoices },
    },
  },
  add: {
    method: 'POST',
    path: '/api/departments',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Add a department (name and code unique; the code in capitals)',
      body: departmentBody,
      response: { 201: departmentResult },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/departments/:id',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Rename a department or change its code',
      params: idParams,
      body: departmentBody,
      response: { 200: departmentResult },
    },
  },
  archive: {
    method: 'PUT',
    path: '/api/departments/:id/archived',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Archive a department (no longer offered; people keep it) or restore it',
      params: idParams,
      body: archiveBody,
      response: { 200: departmentResult },
    },
  },
});
