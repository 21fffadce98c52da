import { endpoints } from '../common/endpoint';
import { bulkAccountsBody, bulkAccountsResult, bulkDeactivateBody, bulkDeactivateResult } from './bulkSchemas';
import { fileQuery, fileResponse, idParams, messageResult } from '../common/schemas';
import { FILE_KIND_MIME } from '../files';
import { ADMIN_ONLY, ROLES, STAFF_ROLES, USER_ROLES } from '../roles';
import {
  accountList,
  accountListQuery,
  addedAccount,
  addPersonnelBody,
  borrowHoldBody,
  addUserBody,
  decisionResult,
  editedAccount,
  editUserBody,
  profileBody,
  profileResult,
  termSweepBody,
  termSweepPreview,
  termSweepQuery,
  termSweepResult,
} from './schemas';

export const accountEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/accounts',
    access: STAFF_ROLES,
    schema: {
      summary: 'List accounts of one kind; pending registrations first',
      querystring: accountListQuery,
      response: { 200: accountList },
    },
  },
  accept: {
    method: 'POST',
    path: '/api/accounts/:id/accept',
    access: STAFF_ROLES,
    schema: { summary: 'Accept a pending registration', params: idParams, response: { 200: decisionResult } },
  },
  reject: {
    method: 'POST',
    path: '/api/accounts/:id/reject',
    access: STAFF_ROLES,
    schema: { summary: 'Reject a pending registration (its ID file is deleted)', params: idParams, response: { 200: decisionResult } },
  },
  idFile: {
    method: 'GET',
    path: '/api/accounts/:id/id-file',
    access: STAFF_ROLES,
    schema: {
      summary:
        'The ID a registrant submitted, as an image (a PDF is drawn into one), for the office: staff and administrators; ?w= scales it down',
      params: idParams,
      querystring: fileQuery,
      response: { 200: fileResponse('The ID file', [FILE_KIND_MIME.jpeg, FILE_KIND_MIME.png]) },
    },
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/me/profile',
    access: ROLES,
    schema: {
      summary: 'Change one’s own name, email and contact number (and job type, for personnel); a new email is verified at the next sign-in',
      body: profileBody,
      response: { 200: profileResult },
    },
  },
  deleteOwn: {
    method: 'DELETE',
    path: '/api/me',
    // docs/decisions/account-deletion.md: users and personnel may leave; administrators are removed by another administrator.
    access: [...USER_ROLES, 'personnel'],
    schema: {
      summary:
        'Delete one’s own account (refused while borrowed items are out or repairs are in progress); history stays as "Deleted user"',
      response: { 200: messageResult },
    },
  },
  // Add User is served by the auth module (server/modules/auth/routes.ts), which mails the link to choose a password.
  add: {
    method: 'POST',
    path: '/api/accounts',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add a student, faculty member, personnel member or administrator; they choose their password from an emailed one-time link',
      body: addUserBody,
      response: { 201: addedAccount },
    },
  },
  addPersonnel: {
    method: 'POST',
    path: '/api/accounts/personnel',
    access: STAFF_ROLES,
    schema: {
      summary: 'Add Personnel with a password; they verify their email at the first sign-in',
      body: addPersonnelBody,
      response: { 201: addedAccount },
    },
  },
  edit: {
    method: 'PUT',
    path: '/api/accounts/:id',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Edit a person (user management): name, email (unique), contact number, the role within their list (admin or staff; student or faculty) and, for personnel, the job type',
      params: idParams,
      body: editUserBody,
      response: { 200: editedAccount },
    },
  },
  deactivate: {
    method: 'POST',
    path: '/api/accounts/:id/deactivate',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Deactivate an account (user management): it is signed out and cannot sign in; its history stays. Same rights as deleting; refused while borrowed items are out or repairs are open, and for the last active administrator',
      params: idParams,
      response: { 200: editedAccount },
    },
  },
  bulk: {
    method: 'POST',
    path: '/api/accounts/bulk',
    access: ADMIN_ONLY,
    schema: {
      summary:
        "Accounts from the registrar: create or update up to 5,000 students and faculty by email ({ approve, accounts: [{ role, fullName, email, contactNumber, department }] }), all or nothing; any row wrong: 400 rows_invalid with every row's problems, nothing saved",
      body: bulkAccountsBody,
      response: { 200: bulkAccountsResult },
    },
  },
  bulkDeactivate: {
    method: 'POST',
    path: '/api/accounts/bulk-deactivate',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'Leavers from the registrar: deactivate students and faculty by email, as the end-of-term sweep does; those who still hold items, custody or repairs stay active and are listed',
      body: bulkDeactivateBody,
      response: { 200: bulkDeactivateResult },
    },
  },
  termSweepPreview: {
    method: 'POST',
    path: '/api/accounts/term-sweep/preview',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'End of term: the active students (or faculty) not signed in since a date and/or with the given emails, each with what they still hold (items out, repairs open)',
      body: termSweepQuery,
      response: { 200: termSweepPreview },
    },
  },
  termSweep: {
    method: 'POST',
    path: '/api/accounts/term-sweep',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'End of term: deactivate the chosen students and faculty in one step; those who still hold items or repairs stay active and are listed, to be swept once they return',
      body: termSweepBody,
      response: { 200: termSweepResult },
    },
  },
  reactivate: {
    method: 'POST',
    path: '/api/accounts/:id/reactivate',
    access: STAFF_ROLES,
    schema: {
      summary: 'Reactivate a deactivated account: the person can sign in again',
      params: idParams,
      response: { 200: editedAccount },
    },
  },
  placeBorrowHold: {
    method: 'POST',
    path: '/api/accounts/:id/borrow-hold',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'Put a borrowing hold on a student or faculty member (administrators): new borrow requests are refused with the reason, which the person is shown and told',
      params: idParams,
      body: borrowHoldBody,
      response: { 200: editedAccount },
    },
  },
  liftBorrowHold: {
    method: 'DELETE',
    path: '/api/accounts/:id/borrow-hold',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Lift a borrowing hold (administrators): the person can make borrow requests again and is told',
      params: idParams,
      response: { 200: editedAccount },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/accounts/:id',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Delete a person (user management): never oneself, never the last administrator, not while they have borrowed items out or repairs in progress; history stays as "Deleted user"',
      params: idParams,
      response: { 200: messageResult },
    },
  },
});
