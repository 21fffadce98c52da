/**
 * This browser's Web Push subscription (docs/decisions/push.md): made with the server's public key once the person
 * allowed notifications, and ended here and on the server when they turn notifications off or sign out.
 */
import { api } from './api';

/** Whether this browser can receive Web Push at all (an iPhone only from the app added to the Home Screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker, once it is active; null when none is registered here (yet) or it takes too long. */
async function worker(waitMs = 0): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const now = await navigator.serviceWorker.getRegistration();
  if (now?.active || !waitMs) return now?.active ? now : null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
}

/** This browser's subscription, if it has one. */
export async function subscriptionHere(): Promise<PushSubscription | null> {
  return (await (await worker())?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};
const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/** This browser subscribed with the server's key (a subscription made with an older key is ended first). */
export async function subscribeHere(publicKey: string): Promise<PushSubscription> {
  const registration = await worker(15_000);
  if (!registration) throw new Error('The service worker is not running.');
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription's parts as the server takes them. */
export function subscriptionParts(s: PushSubscription) {
  const json = s.toJSON();
  return { endpoint: s.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Notifications off on this device: the server forgets it (if it is the signed-in person's) and the browser ends
 * the subscription. Signing out does this first, so the next person on the device is not told of the last one's work.
 */
export async function turnOffHere(): Promise<void> {
  const here = await subscriptionHere();
  if (!here) return;
  const mine = await api.get('/api/push/subscriptions');
  const row = mine.items.find((s) => s.endpoint === here.endpoint);
  if (row) await api.del('/api/push/subscriptions/:id', { params: { id: row.id } });
  await here.unsubscribe();
}
