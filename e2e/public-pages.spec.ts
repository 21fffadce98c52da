import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

test('an unknown path shows the 404 page with a link home, and is logged', async ({ page }) => {
  const logged = page.waitForRequest((r) => r.url().endsWith('/api/site/log-not-found') && r.postDataJSON().path === '/no/such/page');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: MSG.notFoundTitle })).toBeVisible();
  await logged;
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the landing page shows live figures, the slideshow advances every 3 seconds, and the footer has the office contacts', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Campus General Services Office' })).toBeVisible();
  // Journeys running beside this one move the stock: the figure agrees with the API as of a fresh load.
  await expect(async () => {
    const stats = await (await page.request.get('/api/site/stats')).json();
    try {
      await expect(page.getByLabel('Live figures')).toContainText(String(stats.itemsAvailable), { timeout: 2000 });
    } catch (e) {
      await page.reload();
      throw e;
    }
  }).toPass({ timeout: 20_000 });
  const slide = page.getByRole('img', { name: /Equipment lending counter/ });
  await expect(slide).toBeVisible();
  await expect(page.getByRole('img', { name: /Tools for campus maintenance/ })).toBeVisible({ timeout: 4500 });
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('gso@campus.test');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toHaveAttribute('href', '/login');
  await expectAccessible(page);
});

test('at 360 px Login and Register sit on one line beside the logo, and the slide caption is under the picture', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const brand = (await header.getByRole('link', { name: 'Campus GSO home' }).boundingBox())!;
  const login = (await header.getByRole('link', { name: 'Login' }).boundingBox())!;
  const register = (await header.getByRole('link', { name: 'Register' }).boundingBox())!;
  expect(Math.abs(login.y - register.y)).toBeLessThan(2);
  expect(login.x).toBeGreaterThan(brand.x + brand.width);
  expect(login.y).toBeLessThan(brand.y + brand.height);
  expect(register.x + register.width).toBeLessThanOrEqual(360);
  const picture = (await page.getByRole('img', { name: /Equipment lending counter/ }).boundingBox())!;
  const caption = (await page.getByText('Borrow equipment and supplies for classes and events').boundingBox())!;
  expect(caption.y).toBeGreaterThanOrEqual(picture.y + picture.height);
  await expectNoHorizontalScroll(page);
});

test('pages carry a Content-Security-Policy that allows no inline script', async ({ page }) => {
  const res = await page.goto('/');
  const csp = res!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});

test('the landing page arrives pre-rendered with its styles, and the app takes it over without errors', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Campus General Services Office</h1>');
  // The rules its markup uses come inline; the stylesheets are fetched beside them as print ones, which hold
  // nothing back from the first paint, and the app's code switches them on (scripts/prerenderPage.ts).
  expect(html).toContain('<style>');
  expect(html.match(/<link rel="stylesheet"[^>]*>/g)?.every((l) => l.includes('media="print" data-deferred'))).toBe(true);
  const other = await (await page.request.get('/register')).text();
  expect(other).toContain('<div id="root"></div>');

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.locator('link[rel="stylesheet"][media="print"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const [path, ready] of [
  ['/', (page: Page) => page.getByRole('button', { name: 'Pause slideshow' })],
  ['/login', (page: Page) => page.getByRole('button', { name: 'Sign In' })],
] as const) {
  test(`${path} is light: under 120 KB of script as transferred, none of it the router or a portal`, async ({ page }) => {
    const scripts: { url: string; bytes: number; body: string }[] = [];
    page.on('requestfinished', async (r) => {
      if (r.resourceType() !== 'script') return;
      const response = await r.response();
      const sizes = await r.sizes();
      scripts.push({
        url: r.url(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        body: response ? await response.text() : '',
      });
    });
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.reduce((n, s) => n + s.bytes, 0)).toBeLessThan(120 * 1024);
    // react-router's own error text: present in any bundle that carries the router.
    expect(scripts.filter((s) => s.body.includes('inside another <Router>')).map((s) => s.url)).toEqual([]);
  });
}

test('the sign-in pages come pre-rendered with their own title; the app pages fetch the site status with their code', async ({ page }) => {
  const login = await (await page.request.get('/login')).text();
  expect(login).toContain('<title>Login | Campus GSO</title>');
  expect(login).toContain('Welcome Back');
  expect(await (await page.request.get('/admin-login')).text()).toContain('<title>Admin Access | Campus GSO</title>');
  const register = await page.request.get('/register');
  expect(await register.text()).toContain('<link rel="preload" href="/api/site/status" as="fetch"');
  // A signed-in portal page also has the browser ask who is signed in beside the code; a public page does not.
  expect(await register.text()).not.toContain('/api/auth/me');
  for (const [portal, email, password, portalPage] of [
    ['admin', 'admin@campus.test', 'admin123', '/admin'],
    ['personnel', 'electrician@campus.test', 'personnel123', '/personnel/schedule'],
    ['user', 'student@campus.test', 'student123', '/users/borrow-item'],
  ]) {
    expect((await page.request.post('/api/auth/login', { data: { email, password, portal } })).ok()).toBe(true);
    expect(await (await page.request.get(portalPage)).text()).toContain('<link rel="preload" href="/api/auth/me" as="fetch"');
  }
});

test('a portal page asks who is signed in beside its code, and once: the preloaded answer is the one the guard reads', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const warnings: string[] = [];
  page.on('console', (m) => m.text().includes('preload') && warnings.push(m.text()));
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((p) => p === '/api/auth/me')).toHaveLength(1);
  // Asked before the portal's code is even requested, rather than once the app's code has run.
  const frame = requested.findIndex((p) => /\/assets\/admin-[\w-]{8}\.js$/.test(p));
  expect(frame).toBeGreaterThan(-1);
  expect(requested.indexOf('/api/auth/me')).toBeLessThan(frame);
  expect(warnings).toEqual([]);
});
