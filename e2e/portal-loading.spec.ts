import { expect, test } from './clock';

// Loading speed (docs/performance.md): a portal's first load is a few chunks, its screens and the component library's
// parts grouped by the portals that use them, asked for all at once, and it carries no other portal's screens.
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

for (const { portal, email, password, paths } of PORTALS) {
  for (const path of paths) {
    test(`${path}, signed in, loads at most 20 script files, its portal's chunk asked for with the rest once the page has painted, none of another portal's`, async ({
      page,
    }) => {
      expect((await page.request.post('/api/auth/login', { data: { email, password, portal } })).ok()).toBe(true);
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
      const link = answer?.headers().link ?? '';
      // The page asks for its code, its portal's chunk among it, itself once its shell has painted (the shell's
      // script names it); until then the stylesheets and the data have the connection.
      expect(link).not.toContain('modulepreload');
      expect(await answer?.text()).toMatch(
        new RegExp(`<script data-styles="[^"]+" data-entry="[^"]+" data-preload="[^"]*/assets/${portal}-[\\w-]{8}\\.js[ "]`),
      );
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(20);
      const named = scripts.map(portalsOfChunk);
      expect(named).toContain(portal);
      expect(named.filter((n) => n && !n.split('-').includes(portal))).toEqual([]);
      // The screen's first data came with the page, and it is the very request the screen makes: asked once, and
      // no other form of it asked after.
      const data = [...link.matchAll(/<(\/api\/[^>]+)>; rel=preload/g)].map((m) => m[1]).filter((u) => u !== '/api/auth/me');
      expect(data.length).toBeGreaterThan(0);
      for (const url of data) {
        expect(asked.filter((a) => a === url)).toHaveLength(1);
        expect(asked.filter((a) => a !== url && a.split('?')[0] === url.split('?')[0])).toEqual([]);
      }
    });
  }
}

// The portal shell (server/lib/portalShell.ts): the page arrives with the frame and the screen's heading drawn, in
// the screen's own words, and the app replaces it with its own frame; nobody else gets it.
test('a signed-in portal page arrives with its frame and heading drawn, and the app takes its place', async ({ browser, page }) => {
  expect(
    (await page.request.post('/api/auth/login', { data: { email: 'admin@campus.test', password: 'admin123', portal: 'admin' } })).ok(),
  ).toBe(true);
  const html = await (await page.request.get('/admin/requests')).text();
  expect(html).toContain('<h1>Service Requests</h1><p>Approve, reject, remind on and verify borrow requests</p>');
  // Its styles are its own: no stylesheet in the page holds its first paint back. The app's are fetched from the
  // head all at once and added by the shell's script.
  expect(html).not.toContain('rel="stylesheet"');
  const styles = /<script data-styles="([^"]+)"/.exec(html)![1].split(' ');
  expect(styles.length).toBeGreaterThan(0);
  for (const href of styles) expect(html).toContain(`<link rel="preload" as="style" crossorigin href="${href}">`);
  expect(await (await page.request.get('/admin/reports')).text()).not.toContain('gso-shell');

  // Before any script has run, the shell is what shows, at 360 px.
  const still = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 700 },
    storageState: await page.context().storageState(),
  });
  const first = await still.newPage();
  await first.goto('/admin/inventory');
  await expect(first.getByText('Stock on hand, what is low, and what can be lent')).toBeVisible();
  await still.close();

  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.locator('#gso-shell')).toHaveCount(0);
  // The app's stylesheets are in and applied: the frame's header bar is the library's, not unstyled.
  const applied = await page.evaluate(() => [...document.styleSheets].map((sheet) => new URL(sheet.href ?? '', location.href).pathname));
  expect(applied).toEqual(expect.arrayContaining(styles));
  await expect(page.locator('header').first()).toHaveCSS('position', 'fixed');
  await expect(page.getByText('Stock on hand, what is low, and what can be lent')).toHaveCount(1);

  // Without a session there is no shell: the app sends the browser to sign in.
  const stranger = await browser.newContext();
  expect(await (await stranger.request.get('/admin/requests')).text()).not.toContain('gso-shell');
  const away = await stranger.newPage();
  await away.goto('/admin/requests');
  await expect(away).toHaveURL(/\/admin-login/);
  await stranger.close();
});

// A dashboard's shell greets the person by name, as the app's heading does, so the app's heading is not a new paint.
test("a dashboard's page arrives greeting who is signed in, theirs alone", async ({ page }) => {
  expect(
    (await page.request.post('/api/auth/login', { data: { email: 'student@campus.test', password: 'student123', portal: 'user' } })).ok(),
  ).toBe(true);
  const me = (await (await page.request.get('/api/auth/me')).json()).account;
  const res = await page.request.get('/users');
  expect(res.headers()['cache-control']).toBe('private, no-cache');
  const html = await res.text();
  expect(html).toContain(`<h1>User Dashboard</h1><p>Welcome, ${me.fullName}</p>`);
  // ...and says their chart in words, as its card will.
  const said = /<div class="s-w"><p>(You made [^<]+)<\/p>/.exec(html)?.[1];
  expect(said).toMatch(/^You made \d+ borrow requests? and \d+ repair reports? in \d+ weeks?\.$/);
  await page.goto('/users');
  await expect(page.locator('#gso-shell')).toHaveCount(0);
  await expect(page.getByText(`Welcome, ${me.fullName}`)).toHaveCount(1);
  await expect(page.getByText(said!)).toBeVisible();
});
