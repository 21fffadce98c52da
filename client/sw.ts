/**
 * Campus GSO's service worker (docs/decisions/pwa.md), built by vite-plugin-pwa (injectManifest) into /sw.js:
 *
 * - the built code and styles, and app.html, precached (their list is written in by the build);
 * - pages (navigations) from the network first, the copy kept from the last visit when offline, else app.html: the
 *   pages hold no one's data (it comes from the API), so a kept page never shows another person's;
 * - the photos of jobs and requests (GET only) from the network first, kept for a week to be seen offline;
 * - nothing else: the API's answers are kept by the app itself (client/lib/keptAnswers.ts), and a request that
 *   changes something (POST, PUT, DELETE) is never intercepted, kept nor replayed here; work saved offline is the
 *   app's queue's business;
 * - Web Push: each notice shown, and a tap opens (or focuses) the app at the notice's address (docs/decisions/push.md).
 *
 * It waits to take over until the page asks (the new-version prompt's Reload), so a page never runs code of two
 * versions at once.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { KEPT_CACHES } from './lib/keptCaches';

// The worker's own scope, typed by hand: the project's TypeScript library is the page's (DOM), not a worker's.
interface WorkerEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushMessageEvent extends WorkerEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends WorkerEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushMessageEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: WorkerScope;

const WEEK = 7 * 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({
  cacheName: KEPT_CACHES.pages,
  // A weak signal in a plant room: after this long, the kept page rather than a blank screen.
  networkTimeoutSeconds: 4,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: WEEK })],
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        // A page never opened online on this device: the app's shell, which draws any of its pages.
        return (await matchPrecache('/app.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/metrics/] },
  ),
);

/** The photos a job or a request shows (proofs, the problem's photo, an item's), by their API addresses. */
const PHOTO =
  /^\/api\/(repairs\/\d+\/(photo|proof|start-proof|damage-photo)|borrow-requests\/\d+\/(proof|returns\/\d+\/proof|conditions\/\d+\/photo|problems\/\d+\/photo)|items\/\d+\/photo)$/;
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && PHOTO.test(url.pathname),
  new NetworkFirst({
    cacheName: KEPT_CACHES.photos,
    networkTimeoutSeconds: 4,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: WEEK })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first worker takes the open pages at once (nothing older runs them); a new version waits for Reload above.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

interface Notice {
  title: string;
  body: string;
  url: string;
}
const isNotice = (v: unknown): v is Notice =>
  !!v && typeof v === 'object' && ['title', 'body', 'url'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

self.addEventListener('push', (event) => {
  let notice: unknown = null;
  try {
    notice = event.data?.json();
  } catch {}
  if (!isNotice(notice)) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only this site's addresses are opened, whatever the payload says.
  const target = new URL(String((event.notification.data as { url?: string } | null)?.url ?? '/'), self.location.origin);
  const url = target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === url);
      if (same) return void (await same.focus());
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      const moved = open ? await open.navigate(url).catch(() => null) : null;
      if (moved) return void (await moved.focus());
      await self.clients.openWindow(url);
    })(),
  );
});
