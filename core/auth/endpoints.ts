import {
  forgotPasswordBody,
  passwordChangeBody,
  resetLinkBody,
  resetLinkStatus,
  resetPasswordBody,
  resetPasswordResult,
} from '../accounts/schemas';
import { endpoints } from '../common/endpoint';
import { messageResult, noContent } from '../common/schemas';
import { ROLES } from '../roles';
import {
  campusCallbackQuery,
  campusStartBody,
  campusStarted,
  codeSent,
  loginBody,
  me,
  signedIn,
  verificationStatus,
  verifyEmailBody,
} from './schemas';

export const authEndpoints = endpoints({
  register: {
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    schema: {
      summary:
        'Register a student or faculty account: multipart with full_name, email, contact_number, password, confirm_password, role, optionally department_id (an active department’s id) and the ID in "id_file" (JPEG, PNG or PDF, under 5 MB)',
      consumes: ['multipart/form-data'],
      response: { 201: messageResult },
    },
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    schema: { summary: 'Sign in at one portal', body: loginBody, response: { 200: signedIn } },
  },
  campusStart: {
    method: 'POST',
    path: '/api/auth/campus/start',
    access: 'public',
    schema: {
      summary:
        'Start a campus sign-in (OpenID Connect, docs/decisions/campus-sign-in.md) at the user or personnel portal: answers the identity provider’s address to go to, and sets the browser’s binding cookie. 404 campus_off when not configured, 503 campus_unavailable when the provider cannot be reached',
      body: campusStartBody,
      response: { 200: campusStarted },
    },
  },
  campusCallback: {
    method: 'GET',
    path: '/api/auth/campus/callback',
    access: 'public',
    schema: {
      summary:
        'The identity provider’s answer (the redirect address to register with it): signs in and redirects (302) to the portal, or back to its sign-in page with ?campus=<outcome> (core/auth/campus.ts)',
      querystring: campusCallbackQuery,
      response: { 200: noContent },
    },
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    access: 'public',
    schema: { summary: 'Check an email verification code and sign in', body: verifyEmailBody, response: { 200: signedIn } },
  },
  sendVerification: {
    method: 'POST',
    path: '/api/auth/send-verification',
    access: 'public',
    schema: { summary: 'Send a new verification code (needs the sign-in ticket)', response: { 200: codeSent } },
  },
  verification: {
    method: 'GET',
    path: '/api/auth/verification',
    access: 'public',
    schema: {
      summary: 'Where the pending verification stands (needs the sign-in ticket)',
      response: { 200: verificationStatus },
    },
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    schema: { summary: 'Sign out (ends the session on the server)', response: { 200: messageResult } },
  },
  me: {
    method: 'GET',
    path: '/api/auth/me',
    access: ROLES,
    schema: { summary: 'The signed-in account', response: { 200: me } },
  },
  changePassword: {
    method: 'PUT',
    path: '/api/auth/password',
    access: ROLES,
    schema: {
      summary: 'Change one’s password (the current one is checked); every other session of the account ends',
      body: passwordChangeBody,
      response: { 200: messageResult },
    },
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    schema: {
      summary: 'Mail a one-time link to set a new password; the answer is the same whether or not the email has an account',
      body: forgotPasswordBody,
      response: { 200: messageResult },
    },
  },
  checkResetLink: {
    method: 'POST',
    path: '/api/auth/reset-password/check',
    access: 'public',
    schema: { summary: 'Whether a password link can still be used', body: resetLinkBody, response: { 200: resetLinkStatus } },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    schema: {
      summary: 'Set a new password with a one-time link; every session of the account ends',
      body: resetPasswordBody,
      response: { 200: resetPasswordResult },
    },
  },
});
