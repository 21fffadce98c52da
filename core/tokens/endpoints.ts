import { endpoints } from '../common/endpoint';
import { idParams } from '../common/schemas';
import { ADMIN_ONLY } from '../roles';
import { apiTokenBody, apiTokenList, createdApiToken, revokedApiToken } from './schemas';

/** API tokens for the campus's other systems (docs/decisions/api-tokens.md): administrators only, never a token. */
export const tokenEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/api-tokens',
    access: ADMIN_ONLY,
    schema: {
      summary: 'The API tokens, newest first, with their scopes, expiry, last use and status (never their secrets)',
      response: { 200: apiTokenList },
    },
  },
  create: {
    method: 'POST',
    path: '/api/api-tokens',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'New API token: { name, expiresOn (YYYY-MM-DD, at most two years ahead), scopes: { borrowing|repairs|inventory|locations|people: none|read|write } }; the secret is answered this once',
      body: apiTokenBody,
      response: { 201: createdApiToken },
    },
  },
  revoke: {
    method: 'POST',
    path: '/api/api-tokens/:id/revoke',
    access: ADMIN_ONLY,
    schema: { summary: 'Revoke a token: it is refused (401) from now on', params: idParams, response: { 200: revokedApiToken } },
  },
});
