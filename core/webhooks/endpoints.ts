import { endpoints } from '../common/endpoint';
import { idParams, messageResult } from '../common/schemas';
import { ADMIN_ONLY } from '../roles';
import {
  allowedHosts,
  allowedHostsBody,
  deliveryLog,
  deliveryParams,
  deliveryQuery,
  deliveryResult,
  webhookBody,
  webhookList,
  webhookResult,
  webhookWithSecret,
} from './schemas';

/**
 * Webhooks (docs/decisions/webhooks.md): administrators' sessions only. No API token area holds them: a token that
 * could point the office's events at a new address could send its records anywhere.
 */
export const webhookEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/webhooks',
    access: ADMIN_ONLY,
    schema: {
      summary: 'The webhooks, oldest first, with their events, status and last delivery (never their secrets)',
      response: { 200: webhookList },
    },
  },
  create: {
    method: 'POST',
    path: '/api/webhooks',
    access: ADMIN_ONLY,
    schema: {
      summary:
        'New webhook: { url (https, or http for an allowed on-campus host), description, allEvents, events }; private, loopback and link-local addresses are refused unless allowed; the signing secret (whsec_...) is answered this once',
      body: webhookBody,
      response: { 201: webhookWithSecret },
    },
  },
  update: {
    method: 'PUT',
    path: '/api/webhooks/:id',
    access: ADMIN_ONLY,
    schema: {
      summary: "Edit a webhook's address, description and events (the address checked again)",
      params: idParams,
      body: webhookBody,
      response: { 200: webhookResult },
    },
  },
  pause: {
    method: 'POST',
    path: '/api/webhooks/:id/pause',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Pause a webhook: new events still wait in its outbox, none is sent until it is resumed',
      params: idParams,
      response: { 200: webhookResult },
    },
  },
  resume: {
    method: 'POST',
    path: '/api/webhooks/:id/resume',
    access: ADMIN_ONLY,
    schema: { summary: 'Resume a paused webhook: what waits is sent', params: idParams, response: { 200: webhookResult } },
  },
  rotateSecret: {
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    access: ADMIN_ONLY,
    schema: {
      summary: 'A new signing secret, answered this once; for a day deliveries carry signatures by both the new and the old one',
      params: idParams,
      response: { 200: webhookWithSecret },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    access: ADMIN_ONLY,
    schema: { summary: 'Delete a webhook and its delivery log', params: idParams, response: { 200: messageResult } },
  },
  sendTest: {
    method: 'POST',
    path: '/api/webhooks/:id/test',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Send a webhook.test event to this webhook now (it goes through the outbox like any event)',
      params: idParams,
      response: { 201: deliveryResult },
    },
  },
  deliveries: {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    access: ADMIN_ONLY,
    schema: {
      summary: "A webhook's delivery log, newest first: event, status, response code, time and attempts",
      params: idParams,
      querystring: deliveryQuery,
      response: { 200: deliveryLog },
    },
  },
  resend: {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/resend',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Send a delivery again with the same message id (webhook-id), now, and retried for a day if it fails',
      params: deliveryParams,
      response: { 200: deliveryResult },
    },
  },
  allowedHosts: {
    method: 'GET',
    path: '/api/webhooks/allowed-hosts',
    access: ADMIN_ONLY,
    schema: {
      summary: 'The allowed on-campus hosts: webhook addresses on private networks accepted for these names or addresses',
      response: { 200: allowedHosts },
    },
  },
  setAllowedHosts: {
    method: 'PUT',
    path: '/api/webhooks/allowed-hosts',
    access: ADMIN_ONLY,
    schema: {
      summary: 'Set the allowed on-campus hosts: { hosts } as text, one name or address per line',
      body: allowedHostsBody,
      response: { 200: allowedHosts },
    },
  },
});
