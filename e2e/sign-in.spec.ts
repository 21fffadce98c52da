import { expect, machineNow, test } from './clock';
import { MSG } from '../core/messages';
import { codeFromMail, expectAccessible, expectNoHorizontalScroll, signIn } from './support';

test('the user login shows its links and dialogs, and Continue to Dashboard enters the portal', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page);
  for (const link of ['Register', 'Admin login', 'Personnel login']) await expect(page.getByRole('link', { name: link })).toBeVisible();
  await signIn(page, '/login', 'student@campus.test', 'wrong-password');
  await expect(page.getByRole('alert')).toContainText(MSG.loginFailed);
  await expect(page.getByRole('alert')).toContainText(MSG.invalidCredentials);
  await signIn(page, '/login', 'student@campus.test', 'student123');
  const dialog = page.getByRole('dialog', { name: MSG.loginSuccess });
  await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expectAccessible(page);
});

test('a sign-in page loaded directly signs in, then the portal says Login Successful', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('alert').filter({ hasText: MSG.loginSuccess })).toBeVisible();
});

test('what is typed into a sign-in page before its script arrives is kept', async ({ page }) => {
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/signin-*.js', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('student@campus.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('student123');
  release();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: MSG.loginSuccess })).toBeVisible();
});

test('personnel sign in through email verification', async ({ page }) => {
  await signIn(page, '/personnel-login', 'janitor@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/verify-personnel-email$/);
  // Development mode offers the Test button, which fills the code the server issued.
  await expect(page.getByRole('button', { name: 'Test' })).toBeVisible();
  const code = await codeFromMail(page, 'janitor@campus.test');
  // A wrong code counts; a reloaded page asks the server and keeps the true attempts.
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('4 verification attempts remaining')).toBeVisible();
  await page.reload();
  await expect(page.getByText('4 verification attempts remaining')).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/personnel$/);
  await expect(page.getByRole('heading', { name: 'Personnel Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Joy Villanueva')).toBeVisible();
});

test('when the verification attempts are spent, Verify is disabled and Resend Code enabled at once, after a reload too', async ({
  page,
}) => {
  await signIn(page, '/login', 'newstudent@campus.test', 'student123');
  await expect(page).toHaveURL(/\/verify-email$/);
  const code = await codeFromMail(page, 'newstudent@campus.test');
  const wrong = code === '000000' ? '111111' : '000000';
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  for (let left = 4; left >= 0; left--) {
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: left ? `${left} verification attempt` : MSG.noAttemptsLeft })).toBeVisible();
  }
  await expect(page.getByText('1 verification attempt remaining')).toHaveCount(0);
  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    await expect(page.getByRole('status').filter({ hasText: MSG.noAttemptsLeft })).toBeVisible();
    await page.getByLabel('Verification code').fill(code);
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
  }
});

test('the personnel verification page without an email goes back to the personnel login', async ({ page }) => {
  await page.goto('/verify-personnel-email');
  await expect(page).toHaveURL(/\/personnel-login$/);
});

test('an admin signs in and out, and the admin portal is guarded', async ({ page }) => {
  await page.goto('/admin/users/faculty');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Username').fill('admin@campus.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Back to the page that was asked for.
  await expect(page).toHaveURL(/\/admin\/users\/faculty$/);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByText('Total Users')).toBeVisible();
  // The sign-in toast fades as it leaves; axe reads the page once it is gone.
  await expect(page.getByText('Login Successful')).toBeHidden();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  // A user's session does not open the admin portal.
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  // The user portal's logout goes to the landing page (docs/product.md), not to its login.
  await page.goto('/users');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('Remember me keeps the session after the browser is closed; without it the session ends', async ({ browser }) => {
  const remembered = await browser.newContext();
  const page = await remembered.newPage();
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123', { remember: true });
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  const persistent = (await remembered.cookies()).find((c) => c.name === 'gso_session')!;
  expect(persistent.expires).toBeGreaterThan(machineNow() / 1000 + 29 * 86400);
  await remembered.close();

  const plain = await browser.newContext();
  const p2 = await plain.newPage();
  await signIn(p2, '/login', 'faculty@campus.test', 'faculty123');
  await p2.getByRole('button', { name: 'Continue to Dashboard' }).click();
  const session = (await plain.cookies()).find((c) => c.name === 'gso_session')!;
  expect(session.expires).toBe(-1);
  await plain.close();
});

test('the portals work at 360 px wide with the sidebar closed, opening and closing on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoHorizontalScroll(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).not.toBeInViewport();
  // The header has no room for the name on a phone; the menu says who is signed in.
  await expect(page.getByRole('banner').getByText('Alma Reyes')).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toBeInViewport();
  await expect(nav.getByText('Signed in as')).toBeVisible();
  await expect(nav.getByText('Alma Reyes')).toBeInViewport();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(nav).not.toBeInViewport();
  await expectNoHorizontalScroll(page);
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expectNoHorizontalScroll(page);
  }
});
