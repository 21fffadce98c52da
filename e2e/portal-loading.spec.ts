import { expect, test } from './clock';

// Loading speed (docs/performance.md): a portal's first load is a few chunks, its screens and the component library's
// parts grouped by the portals that use them, named in the page and so fetched with it, and no other portal's screens.
const PORTALS = [
  { portal: 'user', email: 'student@campus.test', password: 'student123', paths: ['/users', '/users/borrow-item'] },
  {
    portal: 'personnel',
    email: 'electrician@campus.test',
    password: 'personnel123',
    paths: ['/personnel', '/personnel/maintenance-repairs'],
  },
  { portal: 'admin', email: 'admin@campus.test', password: 'admin123', paths: ['/admin', '/admin/requests', '/admin/inventory'] },
] as const;

// Chunks are named by the portals that use them (scripts/portalChunks.ts): "admin", "admin-personnel", "all".
const portalsOfChunk = (url: string) => /\/assets\/((?:admin|personnel|user)(?:-(?:admin|personnel|user))*)-[\w-]{8}\.js$/.exec(url)?.[1];

/** What a page preloads with fetch, as the page names it. */
const fetchedBy = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="(\/api\/[^"]+)" as="fetch"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

for (const { portal, email, password, paths } of PORTALS) {
  for (const path of paths) {
    test(`${path}, signed in, names its portal's code in the page, loads at most 20 script files, none of another portal's`, async ({
      page,
    }) => {
      expect((await page.request.post('/api/auth/login', { data: { email, password, portal } })).ok()).toBe(true);
      // What the app loads once the browser is idle after the load (the service worker's registration and the answers
      // kept for reading offline, client/main.tsx) comes after the page and its screen; e2e/phone-app.spec.ts checks it.
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
      const scripts: string[] = [];
      const asked: string[] = [];
      page.on('requestfinished', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
      });
      const answer = await page.goto(path);
      // The code is fetched with the page: the entry and the portal's chunk are named in it, with no script of its own.
      const html = (await answer?.text()) ?? '';
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/app-[\w-]{8}\.js"><\/script>/);
      expect(html).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${portal}-[\\w-]{8}\\.js">`));
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(20);
      const named = scripts.map(portalsOfChunk);
      expect(named).toContain(portal);
      expect(named.filter((n) => n && !n.split('-').includes(portal))).toEqual([]);
      // The screen's first data came with the page, and it is the very request the screen makes: asked once, and
      // no other form of it asked after.
      const data = fetchedBy(html).filter((u) => u !== '/api/auth/me' && u !== '/api/site/status');
      expect(data.length).toBeGreaterThan(0);
      for (const url of data) {
        expect(asked.filter((a) => a === url)).toHaveLength(1);
        expect(asked.filter((a) => a !== url && a.split('?')[0] === url.split('?')[0])).toEqual([]);
      }
    });
  }
}

// A signed-in portal page arrives drawn (scripts/prerender-portals.tsx): the portal's frame and the screen's heading,
// by the app's own components, and the app's first render takes its place; nobody else gets it.
test('a signed-in portal page arrives with its frame and heading drawn, and the app takes its place at once', async ({ browser, page }) => {
  expect(
    (await page.request.post('/api/auth/login', { data: { email: 'admin@campus.test', password: 'admin123', portal: 'admin' } })).ok(),
  ).toBe(true);

  // Before any script has run, the frame and the heading are what shows, at 360 px.
  const still = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 700 },
    storageState: await page.context().storageState(),
  });
  const first = await still.newPage();
  await first.goto('/admin/inventory');
  await expect(first.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(first.getByText('Stock on hand, what is low, and what can be lent')).toBeVisible();
  // The header's buttons do nothing before the app runs: shown, but inert, so a click waits for the app's own.
  await expect(first.getByRole('banner').locator('[aria-label="Open navigation"]')).toBeVisible();
  await expect(first.getByRole('banner').locator('[aria-label="Open navigation"]')).toHaveAttribute('inert', '');
  await expect(first.getByRole('banner').getByRole('button', { name: /^Account menu of/ })).toHaveCount(0);
  await expect(first.getByRole('banner').getByRole('link', { name: 'Campus GSO home' })).toBeVisible();
  // A page that is not a screen with a declared heading still comes with its portal's frame.
  await first.goto('/admin/reports');
  await expect(first.getByRole('banner').getByRole('link', { name: 'Campus GSO home' })).toBeVisible();
  await still.close();

  // The app's first render replaces the drawn page in one commit: never both frames, never a loader in between.
  await page.addInitScript(() => {
    const seen = { frames: 0, loader: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      seen.frames = Math.max(seen.frames, document.querySelectorAll('header').length);
      seen.loader ||= !!document.querySelector('[aria-label="Loading..."]');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Item' })).toBeVisible();
  await expect(page.getByText('Stock on hand, what is low, and what can be lent')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ frames: 1, loader: false });
  await expect(page.locator('header').first()).toHaveCSS('position', 'fixed');

  // Without a session the page is the app's empty shell: the app sends the browser to sign in.
  const stranger = await browser.newContext();
  const blank = await (await stranger.request.get('/admin/requests')).text();
  expect(blank).toContain('<div id="root"></div>');
  const away = await stranger.newPage();
  await away.goto('/admin/requests');
  await expect(away).toHaveURL(/\/admin-login/);
  await stranger.close();
});

// A dashboard's drawn page has its title and keeps the line where the app greets the person by name.
test("a dashboard's page arrives with its title, and the app greets who is signed in", async ({ page }) => {
  expect(
    (await page.request.post('/api/auth/login', { data: { email: 'student@campus.test', password: 'student123', portal: 'user' } })).ok(),
  ).toBe(true);
  const me = (await (await page.request.get('/api/auth/me')).json()).account;
  const html = await (await page.request.get('/users')).text();
  expect(html).toContain('>User Dashboard</h1>');
  expect(html).not.toContain(me.fullName);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Dashboard', level: 1 })).toHaveCount(1);
  await expect(page.getByText(`Welcome, ${me.fullName}`)).toBeVisible();
});
