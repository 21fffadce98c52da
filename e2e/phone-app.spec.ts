import net from 'node:net';
import { createRequire } from 'node:module';
import { expect, onTestClock, test, type Worker } from './clock';
import { MSG } from '../core/messages';
import type { PushPayload } from '../core/push/schemas';
import { repairCode } from '../core/repairs/rules';
import { apiAs, electricianRepair } from './fixtures';
import { keptAnswers, untilWorkerControls } from './offline';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// web-push-testing: a push service on this machine that keeps what it receives, decrypted with the subscription's keys.
const require = createRequire(import.meta.url);
const PushTestingServer = require('web-push-testing/src/server.js');
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The whole Chromium (not its headless shell: playwright.config.ts), for the notices the worker shows. */
const CHROMIUM = '/usr/bin/chromium';

// The service worker is what this journey is about (the others block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The app on the phone (docs/decisions/pwa.md, push.md), at 360 px: the manifest and the service worker pass
 * Chromium's installability check (as Lighthouse's); a technician's jobs are read offline after a reload with "As of",
 * and refreshed when the connection returns; Settings turns notifications on for this device, which the API shows,
 * and an assignment then reaches the device's push service with its words and link.
 */
test('a technician installs the app, reads their jobs offline, and turns notifications on for the phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const building = `Phone App Hall ${Date.now()}`;
  const first = repairCode((await electricianRepair(building, false)).id);

  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  // The worker registers after the page has loaded and takes the page at once (the first one installed).
  await untilWorkerControls(page);

  // Installable, as Lighthouse checked it: Chromium finds no installability error; the manifest and worker are valid.
  const cdp = await context.newCDPSession(page);
  expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const app = JSON.parse(manifest.data!);
  expect(app).toMatchObject({ name: 'Campus GSO', short_name: 'Campus GSO', display: 'standalone', start_url: '/start', scope: '/' });
  expect(app.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '192x192 maskable',
    '512x512 maskable',
  ]);
  for (const icon of app.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

  // The jobs, opened online, are kept on the phone.
  await page.goto(`/personnel/maintenance-repairs?q=${encodeURIComponent(building)}`);
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  await expect.poll(() => keptAnswers(page), { timeout: 10_000 }).toContain(first);

  // Offline, a reload still shows them, as of when they were fetched.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  const asOf = page.getByRole('status').filter({ hasText: /^As of .+: you are offline, so this is the copy last saved on this device\.$/ });
  await expect(asOf).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('offline-jobs-360.png') });

  // The office assigns another job meanwhile; back online, the page refreshes by itself.
  const second = repairCode((await electricianRepair(building, false)).id);
  await context.setOffline(false);
  await expect(page.getByText(second, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(asOf).toBeHidden();
  await expect(page.getByText(first, { exact: true })).toBeVisible();

  // Notifications on this device. The browser's push service is stood in for by one on this machine (Chromium's
  // test contexts have no push service): the page's PushManager hands out a subscription made there.
  const port = await freePort();
  const service = new PushTestingServer(new PushApiModel(), port);
  service.startServer();
  try {
    const personnel = await apiAs('electrician@campus.test', 'personnel123', 'personnel');
    const { publicKey } = await (await personnel.get('/api/push/key')).json();
    const made = await fetch(`http://localhost:${port}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: publicKey }),
    });
    const device = (await made.json()).data as { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
    await context.addInitScript((sub) => {
      let current: object | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        current = {
          endpoint: sub.endpoint,
          options: { applicationServerKey: options?.applicationServerKey, userVisibleOnly: true },
          toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
          unsubscribe: async () => ((current = null), true),
        };
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    }, device);
    await context.grantPermissions(['notifications'], { origin: baseURL });

    await page.goto('/personnel/settings');
    const card = page.locator('#notifications');
    await expect(card.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
    const toggle = card.getByRole('switch', { name: 'Notifications on this device' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'A job is assigned to me' })).toBeChecked();
    await toggle.click();
    await expect(page.getByText(MSG.pushTurnedOn)).toBeVisible();
    await expect(toggle).toBeChecked();
    const mine = async () =>
      ((await (await personnel.get('/api/push/subscriptions')).json()).items as { endpoint: string; kinds: string[] }[]).find(
        (s) => s.endpoint === device.endpoint,
      );
    expect(await mine()).toMatchObject({ kinds: ['job_assigned', 'job_due', 'job_changed'] });
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath('notifications-360.png'), fullPage: true });

    // An assignment reaches the phone's push service with its words and its link.
    const third = repairCode((await electricianRepair(building, false)).id);
    await expect
      .poll(async () => {
        const res = await fetch(`http://localhost:${port}/get-notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientHash: device.clientHash }),
        });
        return ((await res.json()).data.messages as string[]).map((m) => JSON.parse(m)).find((n) => n.url.includes(third));
      })
      .toMatchObject({ title: 'Repair assigned to you', url: `/personnel/maintenance-repairs?q=${third}` });

    // Fewer kinds, then off: the API follows.
    await card.getByRole('checkbox', { name: 'My job is due soon or overdue' }).uncheck();
    await expect(page.getByText(MSG.pushKindsSaved)).toBeVisible();
    await expect.poll(async () => (await mine())?.kinds).toEqual(['job_assigned', 'job_changed']);
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(mine).toBeUndefined();
  } finally {
    await new Promise((resolve) => service._server.close(resolve));
  }
});

/** The notices the service worker shows now, as its registration lists them. */
const shown = (worker: Worker) =>
  worker.evaluate(async () =>
    (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      data: n.data as unknown,
    })),
  );

/**
 * A tap on the shown notice with this title: a notificationclick given to the worker, as the phone gives it. Made by
 * the test, the event has nobody waiting on it, so its waitUntil is taken here to await the tap's work; and it gives
 * the worker no right to focus or open a window (those promises are refused), only to move an open one, which is
 * what is checked.
 */
const tap = (worker: Worker, title: string) =>
  worker.evaluate(async (title) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const notification = (await scope.registration.getNotifications()).find((n) => n.title === title);
    if (!notification) throw new Error(`No notice "${title}" is shown`);
    const event = new scope.NotificationEvent('notificationclick', { notification });
    const work: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => void work.push(p) });
    self.dispatchEvent(event);
    await Promise.allSettled(work);
  }, title);

/**
 * A notice pushed to the phone (docs/decisions/push.md): the real service worker gets the push as the browser's push
 * service would deliver it (Chromium's DevTools protocol), shows it with the payload's words and link, and a tap moves
 * the open app to the job; a link to another site is never opened, the app's front page is.
 */
test('a notice pushed to the phone is shown with its words, and a tap opens its job', async ({ playwright, baseURL }, testInfo) => {
  test.slow();
  // Chromium's headless shell, which runs the journeys, has no notifications (their permission stays "denied"
  // whatever is granted): this one runs in the whole Chromium, headless.
  const browser = onTestClock(await playwright.chromium.launch({ ...testInfo.project.use.launchOptions, executablePath: CHROMIUM }));
  try {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    const building = `Push Notice Hall ${Date.now()}`;
    const code = repairCode((await electricianRepair(building, false)).id);
    await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
    await expect(page).toHaveURL(/\/personnel$/);
    await untilWorkerControls(page);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    const cdp = await context.newCDPSession(page);
    const origin = new URL(baseURL!).origin;
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const push = (p: PushPayload) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(p) });

    // The assignment's notice as the server pushes it (server/modules/push/send.ts): its title, its words, the job's link.
    const assigned: PushPayload = {
      title: 'Repair assigned to you',
      body: `${code} at ${building} - Room 4 (medium priority) is assigned to you: The ceiling light flickers.`,
      url: `/personnel/maintenance-repairs?q=${code}`,
    };
    await push(assigned);
    await expect.poll(() => shown(worker)).toEqual([{ title: assigned.title, body: assigned.body, data: { url: assigned.url } }]);

    // The tap: the open app goes to the job, and the notice is gone.
    await tap(worker, assigned.title);
    await expect(page).toHaveURL(`${origin}${assigned.url}`);
    await expect(page.getByRole('article', { name: code, exact: true })).toBeVisible();
    await expect.poll(() => shown(worker)).toEqual([]);

    // A link to another site, whatever the payload says, opens the app's front page instead.
    const elsewhere: PushPayload = {
      title: 'Elsewhere',
      body: 'A notice whose link leaves the site.',
      url: 'https://elsewhere.example/sign-in',
    };
    await push(elsewhere);
    await expect.poll(() => shown(worker)).toEqual([{ title: elsewhere.title, body: elsewhere.body, data: { url: elsewhere.url } }]);
    await tap(worker, elsewhere.title);
    await expect(page).toHaveURL(`${origin}/`);
  } finally {
    await browser.close();
  }
});
