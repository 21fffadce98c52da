import { expect, test, type Page } from './clock';
import { CAMPUS_OUTCOMES } from '../core/auth/campus';
import { FAIL_NEXT_TOKEN_PATH } from '../tests/campusProvider';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

/**
 * Campus sign-in (docs/decisions/campus-sign-in.md) through a real OpenID Connect provider on this
 * machine: the campus server (e2e/server.ts with E2E_CAMPUS=1) listens on the journeys' port + 1000 and its
 * provider on that + 100, with the people named here.
 */
const campusPort = Number(process.env.E2E_PORT ?? 3901) + 1000;
const campus = `http://127.0.0.1:${campusPort}`;
const provider = `http://127.0.0.1:${campusPort + 100}`;
const BUTTON = 'Sign in with Campus University account';

/** From the campus server's page, through the provider's own sign-in page, as `login`. */
async function throughProvider(page: Page, path: string, login: string) {
  await page.goto(`${campus}${path}`);
  await page.getByRole('button', { name: BUTTON }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a student signs in with one click with the university account, and their account is made', async ({ page }) => {
  await page.goto(`${campus}/login`);
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  await expect(page.getByText('or with your password')).toBeVisible();
  await expectAccessible(page);
  await throughProvider(page, '/login', 'mara');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByText('Mara Santos').first()).toBeVisible();
  await expectAccessible(page);
});

test('an existing account with the same verified email is linked and signed in', async ({ page }) => {
  await throughProvider(page, '/login', 'faculty');
  await expect(page).toHaveURL(/\/users$/);
  await expect(
    page
      .getByRole('button', { name: /sign out/i })
      .or(page.getByRole('button', { name: /account/i }))
      .first(),
  ).toBeVisible();
});

test('a refused domain and an unverified email are told why, at 1280 and 360 px', async ({ page }) => {
  await throughProvider(page, '/login', 'outsider');
  await expect(page).toHaveURL(/\/login\?campus=domain$/);
  await expect(page.getByRole('alert')).toContainText(CAMPUS_OUTCOMES.domain);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('an unverified email is refused', async ({ page }) => {
  await throughProvider(page, '/login', 'unverified');
  await expect(page).toHaveURL(/\/login\?campus=unverified$/);
  await expect(page.getByRole('alert')).toContainText(CAMPUS_OUTCOMES.unverified);
});

test('when the campus service stops answering during the sign-in, the page says so and no account is made', async ({
  page,
  browser,
  request,
}) => {
  const email = `new.${Date.now()}@students.campus.test`; // any email signs in at the provider (tests/campusProvider.ts)
  expect((await request.post(`${provider}${FAIL_NEXT_TOKEN_PATH}`)).ok()).toBe(true);
  await throughProvider(page, '/login', email);
  await expect(page).toHaveURL(/\/login\?campus=unavailable$/);
  await expect(page.getByRole('alert')).toContainText(CAMPUS_OUTCOMES.unavailable);
  await expectAccessible(page);
  const office = { email: 'admin@campus.test', password: 'admin123', portal: 'admin' };
  expect((await request.post(`${campus}/api/auth/login`, { data: office })).ok()).toBe(true);
  const accounts = async () => (await (await request.get(`${campus}/api/accounts?type=faculty&search=${email}`)).json()).items;
  expect(await accounts()).toEqual([]);
  // Once it answers again, the same sign-in (a new browser, signed in at the provider afresh) makes the account.
  const again = await browser.newPage();
  await throughProvider(again, '/login', email);
  await expect(again).toHaveURL(/\/users$/);
  await again.close();
  expect(await accounts()).toHaveLength(1);
});

test('the personnel page offers it too, at 360 px, and tells a refused domain why', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${campus}/personnel-login`);
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await throughProvider(page, '/personnel-login', 'outsider');
  await expect(page).toHaveURL(/\/personnel-login\?campus=domain$/);
});

test('the ordinary server’s sign-in pages show no campus button', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: BUTTON })).toHaveCount(0);
});

test('at the end of term an administrator deactivates a student found by a list of emails', async ({ page, browser }) => {
  // The student signs in with the campus account first (so the account exists and has a last sign-in).
  const theirs = await browser.newPage();
  await throughProvider(theirs, '/login', 'tomas');
  await expect(theirs).toHaveURL(/\/users$/);
  await theirs.close();

  await signIn(page, `${campus}/admin-login`, 'admin@campus.test', 'admin123');
  await page.waitForURL(/\/admin$/);
  await page.goto(`${campus}/admin/users/faculty`);
  await page.getByRole('button', { name: 'End-of-term sweep' }).click();
  const dialog = page.getByRole('dialog', { name: 'End-of-term sweep' });
  // The registrar's list arrives as a CSV file; a file without emails is refused with the reason.
  const chooseFile = async (name: string, mimeType: string, content: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Read emails from a CSV file' }).click();
    await (await chooser).setFiles({ name, mimeType, buffer: content });
  };
  await chooseFile('photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
  await expect(dialog.getByText('photo.png has no email addresses.', { exact: false })).toBeVisible();
  await chooseFile(
    'leavers.csv',
    'text/csv',
    Buffer.from('email,name\ntomas.lim@students.campus.test,Tomas Lim\nghost@students.campus.test,Ghost\n'),
  );
  await expect(dialog.getByLabel('Emails')).toHaveValue(/tomas\.lim@students\.campus\.test/);
  await expect(dialog.getByText('2 emails found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Find people' }).click();
  await expect(dialog.getByText('1 person found, 1 account can be deactivated now')).toBeVisible();
  await expect(dialog.getByText('ghost@students.campus.test', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Deactivate 1 account' }).click();
  await page.getByRole('dialog', { name: 'Deactivate accounts' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('1 account deactivated.')).toBeVisible();
  await expect(dialog.getByText('0 people found')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
