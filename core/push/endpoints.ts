import { endpoints } from '../common/endpoint';
import { idParams, messageResult } from '../common/schemas';
import { ROLES } from '../roles';
import { pushPublicKey, pushSubscriptionBody, pushSubscriptionDto, pushSubscriptionList } from './schemas';

/** Web Push on each person's devices (docs/decisions/push.md): only one's own subscriptions are read or changed. */
export const pushEndpoints = endpoints({
  key: {
    method: 'GET',
    path: '/api/push/key',
    access: ROLES,
    schema: {
      summary:
        "The server's VAPID public key (the browser's applicationServerKey) and the kinds of notice the signed-in person can receive",
      response: { 200: pushPublicKey },
    },
  },
  list: {
    method: 'GET',
    path: '/api/push/subscriptions',
    access: ROLES,
    schema: { summary: "My devices' push subscriptions and the kinds each chose", response: { 200: pushSubscriptionList } },
  },
  save: {
    method: 'PUT',
    path: '/api/push/subscriptions',
    access: ROLES,
    schema: {
      summary:
        "Turn notifications on for this device, or change its kinds: the browser's subscription (endpoint and keys) and the kinds chosen. A device another person had is now mine",
      body: pushSubscriptionBody,
      response: { 200: pushSubscriptionDto },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    access: ROLES,
    schema: {
      summary: "Turn notifications off for a device: one of my own subscriptions (another person's is not found)",
      params: idParams,
      response: { 200: messageResult },
    },
  },
});
